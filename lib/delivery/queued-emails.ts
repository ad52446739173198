import { render, toPlainText } from "@react-email/render";
import { config } from "@/lib/config";
import type { PrismaClient, Tx } from "@/lib/db";
import { LEASE_MS, renewWhileWorking } from "@/lib/database/lease";
import { Prisma } from "@/lib/generated/prisma/client";
import { keptBody } from "./outbox-retention";
import { isQueuedKind, QUEUED_KINDS, type QueuedEmailProps, type QueuedKind } from "./queued-kinds";
import { mailTransport, type MailTransport } from "./transport";

/** Attempts before a queued email is given up (status `failed`, the error kept). */
export const MAX_EMAIL_ATTEMPTS = 8;
/** How long a claim holds an email unless its worker renews it (lib/database/lease.ts): a dead worker's claims return then. */
export const EMAIL_LEASE_MS = LEASE_MS;

/** Wait after failed attempt n: 30 s, 2 min, 8 min, … capped at 1 h. */
export const emailRetryDelayMs = (attempt: number) => Math.min(30_000 * 4 ** Math.max(0, attempt - 1), 60 * 60_000);

export type QueuedEmail<K extends QueuedKind = QueuedKind> = {
  kind: K;
  to: string;
  giftId: string;
  props: QueuedEmailProps[K];
  sandbox: boolean;
};

/**
 * Queues an email in the caller's transaction, so it exists exactly when the state change that
 * causes it commits (a redemption, a shipment…). The `send-emails` job sends it; nothing is
 * rendered or sent here.
 */
export async function queueEmail<K extends QueuedKind>(tx: Tx, email: QueuedEmail<K>, now = new Date()): Promise<void> {
  await tx.emailOutbox.create({
    data: {
      kind: email.kind,
      to: email.to,
      subject: "",
      html: "",
      text: "",
      status: "pending",
      transport: "queued",
      giftId: email.giftId,
      payload: email.props as Prisma.InputJsonValue,
      suppress: email.sandbox,
      nextAttemptAt: now,
    },
  });
}

type Claimed = {
  id: number;
  kind: string;
  to: string;
  giftId: string | null;
  payload: unknown;
  suppress: boolean;
  attempts: number;
};

/** Claims due queued emails with a lease; rows another worker holds are skipped, never waited on. */
function claim(db: PrismaClient, now: Date, limit: number): Promise<Claimed[]> {
  const at = now.toISOString();
  const leaseUntil = new Date(now.getTime() + EMAIL_LEASE_MS).toISOString();
  return db.$queryRaw<Claimed[]>`
    UPDATE "EmailOutbox" SET "leaseUntil" = ${leaseUntil}::timestamp, "attempts" = "attempts" + 1
    WHERE "id" IN (
      SELECT "id" FROM "EmailOutbox"
      WHERE "status" = 'pending' AND "nextAttemptAt" <= ${at}::timestamp
        AND ("leaseUntil" IS NULL OR "leaseUntil" <= ${at}::timestamp)
      ORDER BY "nextAttemptAt", "id"
      LIMIT ${Math.max(1, Math.floor(limit))}::int
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id", "kind", "to", "giftId", "payload", "suppress", "attempts"`;
}

async function rendered(email: Claimed) {
  if (!isQueuedKind(email.kind) || !email.giftId) throw new Error(`unknown queued email kind "${email.kind}"`);
  const kind = QUEUED_KINDS[email.kind] as (typeof QUEUED_KINDS)[QueuedKind] & {
    subject(p: unknown): string;
    element(p: unknown, giftId: string): React.ReactElement;
  };
  const html = await render(kind.element(email.payload, email.giftId));
  return { subject: kind.subject(email.payload), html, text: toPlainText(html) };
}

export type QueuedEmailSummary = { claimed: number; sent: number; suppressed: number; retried: number; failed: number };

/**
 * Sends the queued emails that are due: each is claimed (two workers never hold the same row),
 * rendered, handed to the transport with its row id as the idempotency key (a worker killed
 * after the provider accepted it re-sends under the same key, which the provider drops), and
 * recorded. A refused send is retried with backoff, then `failed` with the error kept; never lost.
 */
export async function sendQueuedEmails(
  db: PrismaClient,
  options: { transport?: MailTransport; now?: Date; limit?: number } = {},
): Promise<QueuedEmailSummary> {
  const now = options.now ?? new Date();
  const summary: QueuedEmailSummary = { claimed: 0, sent: 0, suppressed: 0, retried: 0, failed: 0 };
  const claimed = await claim(db, now, options.limit ?? 50);
  summary.claimed = claimed.length;
  // Held while this worker lives: renewed every few seconds, so only a dead worker's claims expire.
  const held = new Set(claimed.map((e) => e.id));
  const stopRenewing = renewWhileWorking(async () => {
    if (held.size > 0)
      await db.emailOutbox.updateMany({
        where: { id: { in: [...held] }, status: "pending" },
        data: { leaseUntil: new Date(Date.now() + EMAIL_LEASE_MS) },
      });
  });
  try {
    for (const email of claimed) {
      await sendOne(db, email, now, options.transport, summary);
      held.delete(email.id);
    }
  } finally {
    stopRenewing();
  }
  return summary;
}

/** Renders, sends and records one claimed email; a failure is recorded with its retry time, never thrown. */
async function sendOne(
  db: PrismaClient,
  email: Claimed,
  now: Date,
  chosen: MailTransport | undefined,
  summary: QueuedEmailSummary,
): Promise<void> {
  try {
    const message = await rendered(email);
    if (email.suppress) {
      await db.emailOutbox.update({
        where: { id: email.id },
        data: { ...message, ...keptBody("none", message), status: "suppressed", transport: "none", leaseUntil: null },
      });
      summary.suppressed++;
      return;
    }
    const transport = chosen ?? mailTransport();
    const result = await transport.send(
      { from: config.emailFrom, to: email.to, cc: null, ...message },
      { idempotencyKey: `email-${email.id}` },
    );
    await db.emailOutbox.update({
      where: { id: email.id },
      data: {
        subject: message.subject,
        ...keptBody(transport.name, message),
        status: result.status,
        transport: transport.name,
        providerId: result.providerId,
        leaseUntil: null,
        lastError: null,
      },
    });
    summary.sent++;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const giveUp = email.attempts >= MAX_EMAIL_ATTEMPTS;
    await db.emailOutbox.update({
      where: { id: email.id },
      data: giveUp
        ? { status: "failed", leaseUntil: null, lastError: reason }
        : {
            nextAttemptAt: new Date(now.getTime() + emailRetryDelayMs(email.attempts)),
            leaseUntil: null,
            lastError: reason,
          },
    });
    if (giveUp) {
      summary.failed++;
      console.error(`Ribbon: gave up on ${email.kind} email ${email.id} after ${email.attempts} attempts: ${reason}`);
    } else summary.retried++;
  }
}
