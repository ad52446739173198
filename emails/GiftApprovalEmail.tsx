import { Body, Button, Container, Head, Hr, Html, Preview, Section, Text } from "@react-email/components";
import { body, buttonBase as button, card, footer, heading, text as baseText } from "./styles";

/**
 * To each owner of a team: a live create put gifts in `pending_approval` (the team's approval
 * thresholds, docs/api.md "Approvals"). One email per create, however many gifts it made. In
 * English, like the team's other emails.
 */
export type GiftApprovalEmailProps = {
  /** How many gifts the create made, all waiting. */
  count: number;
  teamName: string;
  /** Who created them: "Alex Kim (alex@acme.test)", or the address alone for someone without a name. */
  creator: string;
  /** The batch the gifts belong to; null for a create without one. */
  batchName: string | null;
  /** What they cost together ("2500.00 USD"): charged gift by gift as each is approved. */
  total: string;
  /** Why they wait: the threshold they passed (lib/billing/budget.ts `approvalReason`). */
  reason: string;
  /** When the gifts expire unapproved, e.g. "15 May 2027, 14:05 UTC". */
  expiresAt: string;
  /** The approval window in days (APPROVAL_WINDOW_DAYS). */
  windowDays: number;
  /** The dashboard: the gift's page for one gift, else the gift list filtered to those waiting. */
  url: string;
};

/** The email's subject and first line: "3 gifts are waiting for your approval". */
export const approvalHeadline = ({ count }: Pick<GiftApprovalEmailProps, "count">) =>
  count === 1 ? "1 gift is waiting for your approval" : `${count} gifts are waiting for your approval`;

export default function GiftApprovalEmail(props: GiftApprovalEmailProps) {
  const headline = approvalHeadline(props);
  const gifts = props.count === 1 ? "1 gift" : `${props.count} gifts`;
  const them = props.count === 1 ? "it" : "them";
  return (
    <Html lang="en">
      <Head />
      <Preview>{`${headline} (${props.teamName})`}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Section style={{ padding: "24px 32px" }}>
            <Text style={heading}>{headline}</Text>
            <Text style={text}>
              {props.batchName === null
                ? `${props.creator} created ${gifts} for ${props.teamName}, ${props.total} in all.`
                : `${props.creator} created ${gifts} for ${props.teamName} in the batch “${props.batchName}”, ${props.total} in all.`}
            </Text>
            <Text style={quote}>{props.reason}</Text>
            <Text style={text}>
              {`Nothing is charged or sent until an owner approves: each gift is charged when it is approved. Approve or reject ${them} by ${props.expiresAt}; a gift nobody approves within ${props.windowDays} days expires, uncharged.`}
            </Text>
            <Section style={{ textAlign: "center", padding: "8px 0 16px" }}>
              <Button href={props.url} style={button}>
                {props.count === 1 ? "Review the gift" : "Review the gifts"}
              </Button>
            </Section>
            <Text style={small}>Or open this link: {props.url}</Text>
          </Section>
          <Hr style={{ borderColor: "#f0e6ea", margin: 0 }} />
          <Text style={footer}>
            {`You get this email because you are an owner of ${props.teamName} on Ribbon, which asks an owner to approve gifts above its thresholds.`}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

GiftApprovalEmail.PreviewProps = {
  count: 250,
  teamName: "Acme Rockets",
  creator: "Alex Kim (alex@acme.test)",
  batchName: "Holiday thank-yous",
  total: "6250.00 USD",
  reason: "250 gifts at once, more than the team's approval threshold of 100.",
  expiresAt: "15 May 2027, 14:05 UTC",
  windowDays: 7,
  url: "https://gifts.example.test/dashboard/acme-rockets?stage=pending_approval&batch=bat_preview",
} satisfies GiftApprovalEmailProps;

// Names and batch names come from people: long ones wrap rather than widen the card.
const text = { ...baseText, wordBreak: "break-word" as const };
const quote = { ...text, borderLeft: "4px solid #b4235a", paddingLeft: 16 };
const small = { fontSize: 12, color: "#8a7480", margin: 0, wordBreak: "break-all" as const };
