import { createElement } from "react";
import { render, toPlainText } from "@react-email/render";
import type { PrismaClient } from "@/lib/db";
import { sendEmail } from "@/lib/delivery";
import type { MailTransport } from "@/lib/delivery/transport";
import TeamInvitationEmail from "@/emails/TeamInvitationEmail";
import { personName } from "@/lib/users/display-name";

export type InvitationEmail = {
  invitationId: number;
  to: string;
  inviter: { name: string | null; email: string };
  teamName: string;
  role: string;
  url: string;
  expiresAt: Date;
};

const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, " ").trim();

/**
 * The invitation email, through the same transport as every other email. Its outbox row
 * names the invitation, so it is deleted once the link is used or withdrawn.
 */
export async function sendInvitationEmail(
  db: PrismaClient,
  email: InvitationEmail,
  transport?: MailTransport,
): Promise<void> {
  // Someone who never set a name invites as their team: never a bare email address in the sentence.
  const inviter = oneLine(
    email.inviter.name?.trim()
      ? `${email.inviter.name.trim()} (${email.inviter.email})`
      : personName(null, email.teamName),
  );
  const expiresOn = email.expiresAt.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  const html = await render(
    createElement(TeamInvitationEmail, {
      inviter,
      teamName: email.teamName,
      role: email.role,
      url: email.url,
      expiresOn,
    }),
  );
  await sendEmail(
    db,
    {
      kind: "team-invitation",
      to: email.to,
      subject: oneLine(`${inviter} invited you to join ${email.teamName} on Ribbon`),
      html,
      text: toPlainText(html),
    },
    { transport, invitationId: email.invitationId, idempotencyKey: `team-invitation-${email.invitationId}` },
  );
}
