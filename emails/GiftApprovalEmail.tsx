import { Section, Text } from "@react-email/components";
import { CallToAction } from "./components/CallToAction";
import { EmailFooter } from "./components/EmailFooter";
import { EmailLayout } from "./components/EmailLayout";
import { colour, heading, small, text } from "./styles";

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
  /** What they cost together ("$2,500.00"): charged gift by gift as each is approved. */
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
    <EmailLayout preview={`${headline} (${props.teamName})`}>
      <Section style={{ padding: "24px 32px" }}>
        <Text style={heading}>{headline}</Text>
        <Text style={wrapping}>
          {props.batchName === null
            ? `${props.creator} created ${gifts} for ${props.teamName}, ${props.total} in all.`
            : `${props.creator} created ${gifts} for ${props.teamName} in the batch “${props.batchName}”, ${props.total} in all.`}
        </Text>
        <Text style={reason}>{props.reason}</Text>
        <Text style={wrapping}>
          {`Nothing is charged or sent until an owner approves: each gift is charged when it is approved. Approve or reject ${them} by ${props.expiresAt}; a gift nobody approves within ${props.windowDays} days expires, uncharged.`}
        </Text>
        <CallToAction
          href={props.url}
          label={props.count === 1 ? "Review the gift" : "Review the gifts"}
          padding="8px 0 16px"
        />
        <Text style={small}>Or open this link: {props.url}</Text>
      </Section>
      <EmailFooter>
        {`You get this email because you are an owner of ${props.teamName} on Ribbon, which asks an owner to approve gifts above its thresholds.`}
      </EmailFooter>
    </EmailLayout>
  );
}

GiftApprovalEmail.PreviewProps = {
  count: 250,
  teamName: "Acme Rockets",
  creator: "Alex Kim (alex@acme.test)",
  batchName: "Holiday thank-yous",
  total: "$6,250.00",
  reason: "250 gifts at once, more than the team's approval threshold of 100.",
  expiresAt: "15 May 2027, 14:05 UTC",
  windowDays: 7,
  url: "https://gifts.example.test/dashboard/acme-rockets?stage=pending_approval&batch=bat_preview",
} satisfies GiftApprovalEmailProps;

// The creator's address and the team's and batch's names may be long unbroken words.
const wrapping = { ...text, wordBreak: "break-word" as const };
const reason = { ...wrapping, borderLeft: `4px solid ${colour.ribbon}`, paddingLeft: 16 };
