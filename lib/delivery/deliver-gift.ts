import { keptBody } from "@/lib/outbox/outbox-retention";
import type { PrismaClient } from "@/lib/db";
import { config } from "@/lib/config";
import { markGiftsSent, moveGift } from "@/lib/gifts/stages";
import { isTransactionApiError } from "@/lib/database/errors";
import { claimDueGifts, holdClaimedGifts, type ClaimedGift } from "./claim";
import { insertOutboxRows } from "@/lib/outbox/outbox";
import { renderGiftEmail } from "@/lib/gifts/render-gift-email";
import { mailTransport, type MailMessage, type MailTransport, type SendResult } from "@/lib/outbox/transport";

/** Attempts before a gift email is given up (the gift moves to `failed`). */
export const MAX_ATTEMPTS = 5;

/** Wait before attempt n+1 after attempt n failed: 1 min, 4 min, 16 min, 64 min, … capped at 6 h. */
export function retryDelayMs(attempt: number): number {
  return Math.min(60_000 * 4 ** Math.max(0, attempt - 1), 6 * 60 * 60_000);
}

export type DeliveryOptions = {
  /** Defaults to the transport chosen by the environment (Resend or the local outbox). */
  transport?: MailTransport;
  /** The clock: defaults to the real time. Tests move it. */
  now?: Date;
  maxAttempts?: number;
  /** Emails rendered and handed to the transport at once, for a batch of claimed gifts. */
  concurrency?: number;
};

export type DeliveryResult = { giftId: string } & (
  | { outcome: "sent"; transport: string; status: SendResult["status"] }
  | { outcome: "suppressed" } // sandbox: stored in the outbox, no transport
  | { outcome: "retry"; attempt: number; retryAt: Date; error: string }
  | { outcome: "failed"; attempt: number; error: string }
  | {
      outcome: "skipped";
      reason: "not-found" | "not-email" | "not-scheduled" | "not-due" | "leased";
      stage?: string;
      retryAt?: Date;
    }
);

/**
 * Delivers one gift email, idempotently: it is sent only if this call claims the gift
 * (see `claimDueGifts`), so running it twice, or from two workers at once, sends once.
 * Returns what happened; `skipped` says why nothing was done (cancelled, link gift,
 * already sent, not due yet, held by another worker or waiting for its retry time).
 */
export async function deliverGift(
  db: PrismaClient,
  giftId: string,
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  const now = options.now ?? new Date();
  const claimed = await claimDueGifts(db, { now, limit: 1, giftId });
  if (claimed.length > 0) return (await deliverClaimedGifts(db, claimed, options))[0];
  return whyNotClaimed(db, giftId, now);
}

type Prepared = { gift: ClaimedGift; message: MailMessage; record: OutboxRecord };
type OutboxRecord = { status: "stored" | "sent" | "suppressed"; transport: string; providerId: string | null };

/**
 * The second half of a delivery, for gifts this caller has claimed. Each email is
 * rendered and handed to the transport (never for sandbox gifts: their message is kept
 * as `suppressed`); then ONE transaction moves the delivered gifts to `sent` (an event
 * each) and keeps their messages in `EmailOutbox`. A failed gift is released until its
 * retry time, or moved to `failed` after the last attempt. If the process dies before
 * the commit, the leases run out and the gifts are tried again: the outbox stored
 * nothing yet, and a provider sees the same idempotency key.
 */
export async function deliverClaimedGifts(
  db: PrismaClient,
  gifts: ClaimedGift[],
  options: DeliveryOptions = {},
): Promise<DeliveryResult[]> {
  const transport = options.transport ?? mailTransport();
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const clock = () => options.now ?? new Date();
  const prepared: Prepared[] = [];
  const failures: DeliveryResult[] = [];
  const held = new Set(gifts.map((g) => g.id));
  const stopRenewing = holdClaimedGifts(db, held);
  let moved: Set<string>;
  try {
    await eachWithLimit(gifts, options.concurrency ?? 4, async (gift) => {
      let message: MailMessage;
      try {
        if (!gift.email) throw new Error("the gift has no recipient email");
        message = { from: config.emailFrom, to: gift.email, cc: gift.ccEmail, ...(await renderGiftEmail(gift)) };
        if (!gift.livemode)
          return void prepared.push({
            gift,
            message,
            record: { status: "suppressed", transport: "none", providerId: null },
          });
        const sent = await transport.send(message, { idempotencyKey: `gift-email-${gift.id}` });
        prepared.push({
          gift,
          message,
          record: { status: sent.status, transport: transport.name, providerId: sent.providerId },
        });
      } catch (error) {
        held.delete(gift.id);
        failures.push(await failAttempt(db, gift, error, clock(), maxAttempts));
      }
    });
    moved = prepared.length > 0 ? await complete(db, prepared, clock()) : new Set<string>();
  } finally {
    stopRenewing();
  }
  const results = new Map<string, DeliveryResult>(failures.map((r) => [r.giftId, r]));
  for (const { gift, record } of prepared) {
    const giftId = gift.id;
    // Not moved: cancelled meanwhile. A provider that accepted the email has sent it; a stored/suppressed one was dropped.
    if (!moved.has(giftId) && record.status !== "sent")
      results.set(giftId, { giftId, outcome: "skipped", reason: "not-scheduled" });
    else if (record.status === "suppressed") results.set(giftId, { giftId, outcome: "suppressed" });
    else results.set(giftId, { giftId, outcome: "sent", transport: record.transport, status: record.status });
  }
  return gifts.map((g) => results.get(g.id)!);
}

/**
 * After the emails went out, recording them must not be lost to a busy database: a transaction
 * that could not start (no connection in time) or was closed by its timeout committed nothing
 * and is tried again, while the claim's leases are still being renewed. Only if every try fails
 * do the leases run out and the gifts go again (the provider sees the same idempotency key).
 */
const RECORD_TRIES = 5;

/**
 * Gifts recorded per transaction: each gift's move, event and outbox row commit together, and a
 * batch's rows (each with its rendered email) go in short transactions (a batch in one held the
 * database 1.8 s on PostgreSQL with two sweepers at work).
 */
const RECORDED_PER_TRANSACTION = 25;

async function complete(db: PrismaClient, prepared: Prepared[], at: Date): Promise<Set<string>> {
  const moved = new Set<string>();
  for (let from = 0; from < prepared.length; from += RECORDED_PER_TRANSACTION) {
    const chunk = prepared.slice(from, from + RECORDED_PER_TRANSACTION);
    for (let attempt = 1; ; attempt++) {
      try {
        for (const id of await record(db, chunk, at)) moved.add(id);
        break;
      } catch (error) {
        if (!isTransactionApiError(error) || attempt >= RECORD_TRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
      }
    }
  }
  return moved;
}

/** Moves these delivered gifts to `sent` and keeps their messages, in one transaction. Returns the ids moved. */
async function record(db: PrismaClient, prepared: Prepared[], at: Date): Promise<Set<string>> {
  return db.$transaction(async (tx) => {
    const ids = prepared.map((p) => p.gift.id);
    const moved = new Set(await markGiftsSent(tx, ids, at));
    const kept = prepared.filter((p) => moved.has(p.gift.id) || p.record.status === "sent");
    await insertOutboxRows(
      tx,
      kept.map(({ gift, message: { from: _from, html, text, ...fields }, record }) => ({
        kind: "gift",
        ...fields,
        ...keptBody(record.transport, { html, text }),
        ...record,
        giftId: gift.id,
        createdAt: at,
      })),
    );
    for (const p of kept) {
      if (!moved.has(p.gift.id))
        console.warn(
          `Ribbon: gift ${p.gift.id} left "scheduled" while its email was being sent (provider id ${p.record.providerId}).`,
        );
    }
    return moved;
  }, RECORD_TRANSACTION);
}

/** A busy pool gets longer than Prisma's default 2 s to hand the recording a connection. */
const RECORD_TRANSACTION = { maxWait: 15_000, timeout: 30_000 };

async function failAttempt(
  db: PrismaClient,
  gift: ClaimedGift,
  error: unknown,
  at: Date,
  maxAttempts: number,
): Promise<DeliveryResult> {
  const attempt = gift.deliveryAttempts; // the claim counted this attempt
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  if (attempt >= maxAttempts) {
    const message = `Email not sent after ${attempt} attempt${attempt === 1 ? "" : "s"}: ${reason}`;
    await db.$transaction((tx) => moveGift(tx, gift.id, "failed", { at, message, data: { deliveryLeaseUntil: null } }));
    return { giftId: gift.id, outcome: "failed", attempt, error: reason };
  }
  const retryAt = new Date(at.getTime() + retryDelayMs(attempt));
  await db.gift.updateMany({ where: { id: gift.id, stage: "scheduled" }, data: { deliveryLeaseUntil: retryAt } });
  return { giftId: gift.id, outcome: "retry", attempt, retryAt, error: reason };
}

async function whyNotClaimed(db: PrismaClient, giftId: string, now: Date): Promise<DeliveryResult> {
  const gift = await db.gift.findUnique({
    where: { id: giftId },
    select: { stage: true, deliveryMethod: true, scheduledAt: true, deliveryLeaseUntil: true },
  });
  if (!gift) return { giftId, outcome: "skipped", reason: "not-found" };
  if (gift.deliveryMethod !== "email") return { giftId, outcome: "skipped", reason: "not-email", stage: gift.stage };
  if (gift.stage !== "scheduled") return { giftId, outcome: "skipped", reason: "not-scheduled", stage: gift.stage };
  if (!gift.scheduledAt || gift.scheduledAt > now) {
    return {
      giftId,
      outcome: "skipped",
      reason: "not-due",
      stage: gift.stage,
      ...(gift.scheduledAt ? { retryAt: gift.scheduledAt } : {}),
    };
  }
  // Held by another worker, waiting for its retry time, or claimed between our two queries.
  return { giftId, outcome: "skipped", reason: "leased", stage: gift.stage, retryAt: gift.deliveryLeaseUntil ?? now };
}

async function eachWithLimit<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
