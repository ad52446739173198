import { Body, Button, Container, Head, Html, Preview, Section, Text } from "@react-email/components";
import { buttonBase } from "./styles";

export type TeamInvitationEmailProps = {
  /** Who invited them: a name or an email address. */
  inviter: string;
  teamName: string;
  /** "owner" or "member". */
  role: string;
  /** The invitation link (its secret is in the path). */
  url: string;
  /** When the link stops working, e.g. "1 December 2026". */
  expiresOn: string;
};

/** An owner invites someone to their team; the link opens a page with an Accept button. */
export default function TeamInvitationEmail({ inviter, teamName, role, url, expiresOn }: TeamInvitationEmailProps) {
  const article = role === "owner" ? "an" : "a";
  return (
    <Html lang="en">
      <Head />
      <Preview>{`${inviter} invited you to join ${teamName} on Ribbon`}</Preview>
      <Body
        style={{
          backgroundColor: "#faf5f7",
          fontFamily: "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif",
          padding: "24px 0",
        }}
      >
        <Container
          style={{ backgroundColor: "#ffffff", borderRadius: 16, maxWidth: 480, margin: "0 auto", padding: 32 }}
        >
          <Text style={{ fontSize: 20, fontWeight: 700, color: "#2d1a22", margin: "0 0 12px" }}>
            Join {teamName} on Ribbon
          </Text>
          <Text style={{ fontSize: 15, color: "#3d2a32", lineHeight: "24px" }}>
            {inviter} invited you to join the team {teamName} as {article} {role}. Ribbon sends gifts people actually
            want: as a member of the team you can send them.
          </Text>
          <Section style={{ textAlign: "center", padding: "16px 0" }}>
            <Button href={url} style={buttonBase}>
              See the invitation
            </Button>
          </Section>
          <Text style={{ fontSize: 12, color: "#8a7480", wordBreak: "break-all" }}>
            Or open this link: {url}
            <br />
            It works until {expiresOn}, once, for this email address. If you don&apos;t know {inviter}, ignore this
            email.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

TeamInvitationEmail.PreviewProps = {
  inviter: "Alex Example (alex@acme.test)",
  teamName: "Acme Rockets",
  role: "member",
  url: "http://localhost:3000/invitations/preview-token",
  expiresOn: "1 December 2026",
} satisfies TeamInvitationEmailProps;
