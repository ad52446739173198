import type { PrismaClient } from "@/lib/db";
import { config } from "@/lib/config";
import { moveGift } from "@/lib/gifts/stages";
import { claimDueGifts, type ClaimedGift } from "./claim";
import { renderGiftEmail } from "./render-gift-email";
import { mailTransport, type MailMessage, type MailTransport, type SendResult } from "./transport";

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
};

export type DeliveryResult = { giftId: string } & (
  | { outcome: "sent"; transport: string; status: SendResult["status"] }
  | { outcome: "suppressed" } // sandbox: stored in the outbox, no transport
  | { outcome: "retry"; attempt: number; retryAt: Date; error: string }
  | { outcome: "failed"; attempt: number; error: string }
  | { outcome: "skipped"; reason: "not-found" | "not-email" | "not-scheduled" | "not-due" | "leased"; stage?: string; retryAt?: Date }
);

/**
 * Delivers one gift email, idempotently: it is sent only if this call claims the gift
 * (see `claimDueGifts`), so running it twice, or from two workers at once, sends once.
 * Returns what happened; `skipped` says why nothing was done (cancelled, link gift,
 * already sent, not due yet, held by another worker or waiting for its retry time).
 */
export async function deliverGift(db: PrismaClient, giftId: string, options: DeliveryOptions = {}): Promise<DeliveryResult> {
  const now = options.now ?? new Date();
  const [gift] = await claimDueGifts(db, { now, limit: 1, giftId });
  if (gift) return deliverClaimedGift(db, gift, options);
  return whyNotClaimed(db, giftId, now);
}

/**
 * The second half of a delivery, for a gift this caller has claimed: render, hand to the
 * transport (never for sandbox gifts), then in one transaction move the gift to `sent`
 * (with its event) and keep the message in `EmailOutbox`. A failure releases the gift
 * until its retry time, or moves it to `failed` after the last attempt.
 */
export async function deliverClaimedGift(db: PrismaClient, gift: ClaimedGift, options: DeliveryOptions = {}): Promise<DeliveryResult> {
  const clock = () => options.now ?? new Date();
  let message: MailMessage;
  try {
    if (!gift.email) throw new Error("the gift has no recipient email");
    const rendered = await renderGiftEmail(gift);
    message = { from: config.emailFrom, to: gift.email, cc: gift.ccEmail, ...rendered };
  } catch (error) {
    return failAttempt(db, gift, error, clock(), options.maxAttempts ?? MAX_ATTEMPTS);
  }

  if (!gift.livemode) {
    const moved = await complete(db, gift.id, message, { status: "suppressed", transport: "none", providerId: null }, clock());
    return moved ? { giftId: gift.id, outcome: "suppressed" } : { giftId: gift.id, outcome: "skipped", reason: "not-scheduled" };
  }

  const transport = options.transport ?? mailTransport();
  let result: SendResult;
  try {
    result = await transport.send(message, { idempotencyKey: `gift-email-${gift.id}` });
  } catch (error) {
    return failAttempt(db, gift, error, clock(), options.maxAttempts ?? MAX_ATTEMPTS);
  }
  const moved = await complete(db, gift.id, message, { status: result.status, transport: transport.name, providerId: result.providerId }, clock());
  // Not moved: cancelled meanwhile. A provider that accepted the email has sent it; an outbox message was dropped.
  if (!moved && result.status !== "sent") return { giftId: gift.id, outcome: "skipped", reason: "not-scheduled" };
  return { giftId: gift.id, outcome: "sent", transport: transport.name, status: result.status };
}

type OutboxRecord = { status: "stored" | "sent" | "suppressed"; transport: string; providerId: string | null };

/** Moves the gift to `sent` and keeps the message, together. Returns false if the gift had left `scheduled` meanwhile. */
async function complete(db: PrismaClient, giftId: string, message: MailMessage, record: OutboxRecord, at: Date): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const moved = await moveGift(tx, giftId, "sent", { at, data: { sentAt: at, deliveryLeaseUntil: null } });
    // Cancelled while the email was on its way: a stored or suppressed message never left
    // the machine, so it is dropped; one a provider accepted is kept for the record.
    if (!moved && record.status !== "sent") return false;
    const { from: _from, ...fields } = message;
    await tx.emailOutbox.create({ data: { kind: "gift", ...fields, ...record, giftId } });
    if (!moved) console.warn(`Ribbon: gift ${giftId} left "scheduled" while its email was being sent (provider id ${record.providerId}).`);
    return moved;
  });
}

async function failAttempt(db: PrismaClient, gift: ClaimedGift, error: unknown, at: Date, maxAttempts: number): Promise<DeliveryResult> {
  const attempt = gift.deliveryAttempts;
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
    return { giftId, outcome: "skipped", reason: "not-due", stage: gift.stage, ...(gift.scheduledAt ? { retryAt: gift.scheduledAt } : {}) };
  }
  // Held by another worker, waiting for its retry time, or claimed between our two queries.
  return { giftId, outcome: "skipped", reason: "leased", stage: gift.stage, retryAt: gift.deliveryLeaseUntil ?? now };
}
