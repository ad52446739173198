import { Body, Container, Head, Hr, Html, Preview, Section, Text } from "@react-email/components";
import { body, card, footer, heading, quote, text } from "./styles";

/** The sender's email: the recipient's thank-you note and what they chose (never their street address). */
export type ThankYouEmailProps = {
  recipientName: string;
  note: string;
  productName: string;
  /** City, region and country only: all of the address a sender sees. */
  destination: string;
};

export default function ThankYouEmail({ recipientName, note, productName, destination }: ThankYouEmailProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{`${recipientName} sent you a thank-you note.`}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Section style={{ padding: "24px 32px" }}>
            <Text style={heading}>{recipientName} says thank you</Text>
            <Text style={quote}>{note}</Text>
            <Text style={text}>
              They chose {productName}; it ships to {destination}.
            </Text>
          </Section>
          <Hr style={{ borderColor: "#f0e6ea", margin: 0 }} />
          <Text style={footer}>You sent this gift through Ribbon.</Text>
        </Container>
      </Body>
    </Html>
  );
}

ThankYouEmail.PreviewProps = {
  recipientName: "Robin",
  note: "Thank you so much, this made my week!",
  productName: "Merino Beanie",
  destination: "Springfield, IL, United States",
} satisfies ThankYouEmailProps;
