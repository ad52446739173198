import type { PrismaClient } from "@/lib/db";
import { config } from "@/lib/config";
import { keptBody } from "./outbox-retention";
import { mailTransport, type MailTransport } from "./transport";

export type EmailToSend = { kind: string; to: string; cc?: string | null; subject: string; html: string; text: string };

/**
 * Sends one email that belongs to no gift (e.g. a sign-in link) through the active
 * transport and records it in `EmailOutbox` (status `stored` in the local outbox, `sent`
 * with a provider, whose rows keep no body). Throws when the transport refuses it: the caller decides what to do.
 */
export async function sendEmail(db: PrismaClient, email: EmailToSend, options: { transport?: MailTransport; idempotencyKey?: string } = {}) {
  const transport = options.transport ?? mailTransport();
  const message = { from: config.emailFrom, to: email.to, cc: email.cc ?? null, subject: email.subject, html: email.html, text: email.text };
  const result = await transport.send(message, { idempotencyKey: options.idempotencyKey ?? `${email.kind}-${crypto.randomUUID()}` });
  const { from: _from, html, text, ...fields } = message;
  return db.emailOutbox.create({
    data: { kind: email.kind, ...fields, ...keptBody(transport.name, { html, text }), status: result.status, transport: transport.name, providerId: result.providerId },
  });
}
