import type { PrismaClient } from "@/lib/db";
import { purgeExpiredSignInEmails, queueEmail, sendQueuedEmailNow } from "@/lib/outbox";

/**
 * Queues the magic sign-in link (its link sealed) and sends it at once; a refused send is
 * retried by the `send-emails` job rather than lost.
 */
export async function sendSignInEmail(db: PrismaClient, input: { to: string; url: string }): Promise<void> {
  const host = new URL(input.url).host;
  const { id } = await queueEmail(db, { kind: "signin", to: input.to, props: { host }, link: input.url });
  await sendQueuedEmailNow(db, id);
  await purgeExpiredSignInEmails(db); // whatever scheduler runs, expired links don't pile up
}
