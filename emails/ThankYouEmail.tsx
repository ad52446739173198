import { Body, Container, Head, Hr, Html, Preview, Section, Text } from "@react-email/components";

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

const body = {
  backgroundColor: "#faf5f7",
  fontFamily: "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif",
  margin: 0,
  padding: "24px 0",
};
const card = {
  backgroundColor: "#ffffff",
  borderRadius: 16,
  maxWidth: 600,
  margin: "0 auto",
  border: "1px solid #f0e6ea",
};
const heading = { fontSize: 20, fontWeight: 700, color: "#2d1a22", margin: "8px 0 12px" };
const text = { fontSize: 16, lineHeight: "26px", color: "#3d2a32", margin: "0 0 12px" };
const quote = {
  ...text,
  whiteSpace: "pre-line" as const,
  borderLeft: "4px solid #b4235a",
  paddingLeft: 16,
  fontStyle: "italic",
};
const footer = { fontSize: 12, color: "#8a7480", padding: "12px 32px 20px", margin: 0 };
