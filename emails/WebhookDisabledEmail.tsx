import { Body, Container, Head, Html, Preview, Text } from "@react-email/components";

/** To the endpoint's owner: Ribbon stopped sending to a webhook endpoint that kept failing. */
export type WebhookDisabledEmailProps = {
  url: string;
  teamId: string;
  /** Why it was disabled (the last failure), if known. */
  reason: string | null;
};

export default function WebhookDisabledEmail({ url, teamId, reason }: WebhookDisabledEmailProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>Your Ribbon webhook endpoint was disabled</Preview>
      <Body style={body}>
        <Container style={card}>
          <Text style={heading}>Your webhook endpoint was disabled</Text>
          <Text style={text}>
            Ribbon disabled your webhook endpoint {url} (team {teamId}): every delivery to it failed for 5 days.
          </Text>
          {reason ? <Text style={text}>{reason}</Text> : null}
          <Text style={text}>
            Fix the receiver, then re-enable the endpoint (PATCH /webhook-endpoints/:id with enabled: true) and replay
            what it missed (POST /webhook-endpoints/:id/replay).
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

WebhookDisabledEmail.PreviewProps = {
  url: "https://hooks.acme.test/ribbon",
  teamId: "acme",
  reason: "The last delivery got 500 Internal Server Error.",
} satisfies WebhookDisabledEmailProps;

const body = {
  backgroundColor: "#faf5f7",
  fontFamily: "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif",
  padding: "24px 0",
};
const card = { backgroundColor: "#ffffff", borderRadius: 16, maxWidth: 480, margin: "0 auto", padding: 32 };
const heading = { fontSize: 20, fontWeight: 700, color: "#2d1a22", margin: "0 0 12px" };
const text = { fontSize: 15, color: "#3d2a32", lineHeight: "24px", wordBreak: "break-word" as const };
