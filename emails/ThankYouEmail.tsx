import { Section, Text } from "@react-email/components";
import { SenderFooter } from "./components/EmailFooter";
import { EmailLayout } from "./components/EmailLayout";
import { heading, quote, text } from "./styles";

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
    <EmailLayout preview={`${recipientName} sent you a thank-you note.`}>
      <Section style={{ padding: "24px 32px" }}>
        <Text style={heading}>{recipientName} says thank you</Text>
        <Text style={quote}>{note}</Text>
        <Text style={text}>
          They chose {productName}; it ships to {destination}.
        </Text>
      </Section>
      <SenderFooter />
    </EmailLayout>
  );
}

ThankYouEmail.PreviewProps = {
  recipientName: "Robin",
  note: "Thank you so much, this made my week!",
  productName: "Merino Beanie",
  destination: "Springfield, IL, United States",
} satisfies ThankYouEmailProps;
