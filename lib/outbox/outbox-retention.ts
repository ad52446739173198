import { config } from "@/lib/config";
import type { PrismaClient, Tx } from "@/lib/db";

/** How long an unused sign-in link works (the email provider's maxAge in lib/auth). */
export const SIGN_IN_LINK_LIFETIME_MS = 60 * 60 * 1000;

/**
 * What the outbox keeps of an email's body. The local outbox is a transport: it is how
 * people read their mail on the embedded default, so it keeps the body (sandbox emails
 * suppressed there too). With a provider (Resend) the row is a record only: bodies hold
 * untie URLs and sign-in links, secrets that must not sit in a table.
 */
export function keptBody(transport: string, body: { html: string; text: string }): { html: string; text: string } {
  const local = transport === "outbox" || (transport === "none" && config.mailTransport === "outbox");
  return local ? body : { html: "", text: "" };
}

/** Sign-in emails to this address are spent once the person signed in: their links must not linger. */
export async function forgetSignInEmails(db: Tx, email: string): Promise<number> {
  const { count } = await db.emailOutbox.deleteMany({
    where: { kind: "signin", to: { equals: email, mode: "insensitive" } },
  });
  return count;
}

/** Sign-in emails whose link has expired carry nothing anyone needs. */
export async function purgeExpiredSignInEmails(db: PrismaClient, now = new Date()): Promise<number> {
  const { count } = await db.emailOutbox.deleteMany({
    where: { kind: "signin", createdAt: { lt: new Date(now.getTime() - SIGN_IN_LINK_LIFETIME_MS) } },
  });
  return count;
}
