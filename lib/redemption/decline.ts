import "server-only";
import type { PrismaClient } from "@/lib/db";
import { refundGift, SYSTEM } from "@/lib/billing";
import { HttpError, ValidationError } from "@/lib/errors";
import { isUntieToken } from "@/lib/gifts/open-gift";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n";
import { displayMoney } from "@/lib/money";
import { giftOpenToChoice, moveByRecipient } from "./choice";
import { queueOutcomeEmails } from "./emails";
import { fieldErrors, redemptionSchemas } from "./schema";
import { redemptionWords } from "./words";

export type DeclineRequest = { secret: string; reason?: unknown };

/** The request's reason (null without one), or the refusal declineGift would answer: an unknown link, a reason too long. */
function declineReason(request: DeclineRequest, words: ReturnType<typeof redemptionWords>): string | null {
  if (!isUntieToken(request.secret)) throw new HttpError(404, "NotFound", words.t("refusal.notFound"));
  const parsed = redemptionSchemas(words).decline.safeParse({ reason: request.reason ?? "" });
  if (!parsed.success) {
    throw new ValidationError(
      Object.entries(fieldErrors(parsed.error)).map(([pointer, detail]) => ({ pointer, detail })),
    );
  }
  return parsed.data.reason || null;
}

/**
 * The question before a decline ("No thanks" asks once, then declines for good): throws what
 * declineGift would refuse now (an unknown link, a gift no longer open to choice, a reason too
 * long), so the person is asked only about a decline that can happen. Changes nothing.
 */
export async function checkDecline(
  db: PrismaClient,
  request: DeclineRequest,
  options: { now?: Date; locale?: Locale } = {},
): Promise<void> {
  const words = redemptionWords(options.locale ?? DEFAULT_LOCALE);
  declineReason(request, words);
  await db.$transaction((tx) => giftOpenToChoice(tx, request.secret, words, options.now ?? new Date()));
}

/**
 * The recipient says "No thanks" on the untie page, with an optional reason (≤ 500 characters,
 * no control characters: refused, never cut). One transaction: the conditional move to
 * `declined` (of two tabs, or a decline racing a redeem or a cancel, exactly one wins; its event
 * `gift.declined` carries the reason as its message), the refund of a live gift's charge in full
 * (a ledger entry by `system`, like a cancellation's: docs/api.md, Refunds), the sender's email
 * and the recipient's confirmation (in the gift's locale, when the gift has an email address).
 */
export async function declineGift(
  db: PrismaClient,
  request: DeclineRequest,
  options: { now?: Date; locale?: Locale } = {},
): Promise<{ giftId: string }> {
  const now = options.now ?? new Date();
  const words = redemptionWords(options.locale ?? DEFAULT_LOCALE);
  const reason = declineReason(request, words);

  return db.$transaction(async (tx) => {
    const gift = await giftOpenToChoice(tx, request.secret, words, now);
    await moveByRecipient(tx, gift, "declined", { at: now, message: reason }, words);
    const refund = await refundGift(tx, gift, SYSTEM, "declined");
    await queueOutcomeEmails(tx, gift, {
      outcome: "declined",
      reason,
      refund: refund ? displayMoney(-refund.amountCents) : null,
    });
    return { giftId: gift.id };
  });
}
