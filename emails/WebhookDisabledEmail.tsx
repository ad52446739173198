import { Text } from "@react-email/components";
import { EmailLayout } from "./components/EmailLayout";
import { narrowHeading, narrowText } from "./styles";

/** To the endpoint's owner: Ribbon stopped sending to a webhook endpoint that kept failing. */
export type WebhookDisabledEmailProps = {
  url: string;
  teamId: string;
  /** Why it was disabled (the last failure), if known. */
  reason: string | null;
};

export default function WebhookDisabledEmail({ url, teamId, reason }: WebhookDisabledEmailProps) {
  return (
    <EmailLayout preview="Your Ribbon webhook endpoint was disabled" narrow>
      <Text style={narrowHeading}>Your webhook endpoint was disabled</Text>
      <Text style={text}>
        Ribbon disabled your webhook endpoint {url} (team {teamId}): every delivery to it failed for 5 days.
      </Text>
      {reason ? <Text style={text}>{reason}</Text> : null}
      <Text style={text}>
        Fix the receiver, then re-enable the endpoint (PATCH /webhook-endpoints/:id with enabled: true) and replay what
        it missed (POST /webhook-endpoints/:id/replay).
      </Text>
    </EmailLayout>
  );
}

WebhookDisabledEmail.PreviewProps = {
  url: "https://hooks.acme.test/ribbon",
  teamId: "acme",
  reason: "The last delivery got 500 Internal Server Error.",
} satisfies WebhookDisabledEmailProps;

// The endpoint's URL and the failure may be long unbroken words.
const text = { ...narrowText, wordBreak: "break-word" as const };
