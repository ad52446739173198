import type { PrismaClient } from "@/lib/db";
import { config } from "@/lib/config";
import { keptBody } from "./outbox-retention";
import { mailTransport, type MailTransport } from "./transport";

export type EmailToSend = { kind: string; to: string; cc?: string | null; subject: string; html: string; text: string };

export type SendOptions = {
  transport?: MailTransport;
  idempotencyKey?: string;
  giftId?: string;
  invitationId?: number;
  suppress?: boolean;
};

/**
 * Sends one email (a sign-in link, a redemption confirmation…) through the active
 * transport and records it in `EmailOutbox` (status `stored` in the local outbox, `sent`
 * with a provider, whose rows keep no body; `suppressed` without a transport for sandbox
 * gifts). Throws when the transport refuses it: the caller decides what to do.
 */
export async function sendEmail(db: PrismaClient, email: EmailToSend, options: SendOptions = {}) {
  const message = {
    from: config.emailFrom,
    to: email.to,
    cc: email.cc ?? null,
    subject: email.subject,
    html: email.html,
    text: email.text,
  };
  const { from: _from, html, text, ...fields } = message;
  const data = {
    kind: email.kind,
    ...fields,
    giftId: options.giftId ?? null,
    invitationId: options.invitationId ?? null,
  };
  // Sandbox: kept in the outbox as suppressed, never handed to a transport.
  if (options.suppress)
    return db.emailOutbox.create({
      data: { ...data, ...keptBody("none", { html, text }), status: "suppressed", transport: "none", providerId: null },
    });
  const transport = options.transport ?? mailTransport();
  const result = await transport.send(message, {
    idempotencyKey: options.idempotencyKey ?? `${email.kind}-${crypto.randomUUID()}`,
  });
  return db.emailOutbox.create({
    data: {
      ...data,
      ...keptBody(transport.name, { html, text }),
      status: result.status,
      transport: transport.name,
      providerId: result.providerId,
    },
  });
}
