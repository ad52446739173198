import { Text } from "@react-email/components";
import { CallToAction } from "./components/CallToAction";
import { EmailLayout } from "./components/EmailLayout";
import { narrowHeading, narrowSmall, narrowText } from "./styles";

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
    <EmailLayout preview={`${inviter} invited you to join ${teamName} on Ribbon`} narrow>
      <Text style={narrowHeading}>Join {teamName} on Ribbon</Text>
      <Text style={narrowText}>
        {inviter} invited you to join the team {teamName} as {article} {role}. Ribbon sends gifts people actually want:
        as a member of the team you can send them.
      </Text>
      <CallToAction href={url} label="See the invitation" padding="16px 0" />
      <Text style={narrowSmall}>
        Or open this link: {url}
        <br />
        It works until {expiresOn}, once, for this email address. If you don&apos;t know {inviter}, ignore this email.
      </Text>
    </EmailLayout>
  );
}

TeamInvitationEmail.PreviewProps = {
  inviter: "Alex Example (alex@acme.test)",
  teamName: "Acme Rockets",
  role: "member",
  url: "http://localhost:3000/invitations/preview-token",
  expiresOn: "1 December 2026",
} satisfies TeamInvitationEmailProps;
