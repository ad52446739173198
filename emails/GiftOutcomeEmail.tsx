import { Section, Text } from "@react-email/components";
import { SenderFooter } from "./components/EmailFooter";
import { EmailLayout } from "./components/EmailLayout";
import { heading, quote, text } from "./styles";

/**
 * The sender's email when the recipient ends the gift themselves: declined (with their reason,
 * if they gave one) or donated to a charity. In English, like the sender's other emails.
 */
export type GiftOutcomeEmailProps =
  | {
      recipientName: string;
      outcome: "declined";
      /** The recipient's reason for declining; null when they gave none. */
      reason: string | null;
      /** The refund of a declined live gift's charge ("$25.00"); null when nothing was charged. */
      refund: string | null;
    }
  | {
      recipientName: string;
      outcome: "donated";
      charityName: string;
      /** The value recorded against the charity ("$25.00"): the gift's price, not refunded. */
      amount: string;
    };

/** The email's subject and first line. */
export const outcomeHeadline = (p: GiftOutcomeEmailProps) =>
  p.outcome === "declined"
    ? `${p.recipientName} declined your gift`
    : `${p.recipientName} donated your gift to ${p.charityName}`;

export default function GiftOutcomeEmail(props: GiftOutcomeEmailProps) {
  const headline = outcomeHeadline(props);
  return (
    <EmailLayout preview={headline}>
      <Section style={{ padding: "24px 32px" }}>
        <Text style={heading}>{headline}</Text>
        {props.outcome === "donated" ? (
          <Text style={text}>
            {`Its value, ${props.amount}, goes to ${props.charityName}. The charge stands: nothing is refunded, and nothing is shipped.`}
          </Text>
        ) : (
          <>
            {props.reason ? <Text style={quote}>{props.reason}</Text> : <Text style={text}>They gave no reason.</Text>}
            <Text style={text}>
              {props.refund
                ? `Its charge of ${props.refund} is refunded to your team's card.`
                : "Nothing was charged for it."}
            </Text>
          </>
        )}
      </Section>
      <SenderFooter />
    </EmailLayout>
  );
}

GiftOutcomeEmail.PreviewProps = {
  recipientName: "Robin",
  outcome: "declined",
  reason: "Thank you, but I have everything I need.",
  refund: "$25.00",
} satisfies GiftOutcomeEmailProps;
