import type { PrismaClient, Tx } from "@/lib/db";
import type { TeamActor } from "@/lib/actor";
import { BillingError, HttpError, ValidationError } from "@/lib/errors";
import { reserveIdempotencyKey, saveIdempotentResponse, type IdempotencyReservation } from "@/lib/idempotency";
import { cancelGiftOnly } from "./cancel";
import { resendGiftIn } from "./resend";
import { updateGiftIn } from "./update";
import type { GiftView } from "./view";

/**
 * Most gifts one bulk action takes (a page, a selection, or a whole filtered view). Each gift
 * goes through the same domain function as its own API call (cancelGift, resendGift,
 * updateGift) inside one transaction that holds the gifts' rows until it ends: 1,000 of them
 * take a few seconds on the embedded database (docs/dashboard.md, "Acting on many gifts").
 */
export const MAX_BULK_GIFTS = 250;

/** What a bulk action does to each gift: cancel (and refund), send the gift email again, or a later expiry. */
export type BulkAction = { kind: "cancel" } | { kind: "resend" } | { kind: "extend"; expiresOn: string };

/** One gift the action could not take, and why (the domain function's own words). */
export type BulkRefusal = { giftId: string; message: string };

/** All or nothing: when any gift refuses, nothing was done, and every refusal is named. */
export class BulkRefused extends HttpError {
  constructor(readonly refusals: BulkRefusal[]) {
    super(
      409,
      "Conflict",
      `Nothing was done: ${refusals.length} of the selected gifts ${refusals.length === 1 ? "refuses" : "refuse"} this action.`,
      { refusals },
      "bulk_refused",
    );
  }
}

/** What a bulk action did: the gifts as changed, the total refunded, the queued emails to send after the commit. */
export type BulkOutcome = { giftIds: string[]; refundedCents: number; emailIds: number[] };

const GIFT_ID = /^gft_[A-Za-z0-9_-]{1,64}$/;

/** A selection's ids: well-formed, each once, in one order (so two bulk actions lock rows in the same order). */
export function bulkGiftIds(ids: readonly string[]): string[] {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new ValidationError([{ detail: "Select at least one gift." }]);
  if (unique.length > MAX_BULK_GIFTS)
    throw new ValidationError([
      { detail: `At most ${MAX_BULK_GIFTS.toLocaleString("en-US")} gifts at a time: narrow the selection.` },
    ]);
  const bad = unique.find((id) => !GIFT_ID.test(id));
  if (bad !== undefined) throw new ValidationError([{ detail: "That selection names something that is not a gift." }]);
  return unique.sort();
}

const refusalWords = (error: unknown): string | null => {
  if (error instanceof ValidationError) return error.problems.map((p) => p.detail).join(". ");
  if (error instanceof HttpError || error instanceof BillingError) return error.message;
  return null;
};

async function actOnOne(tx: Tx, actor: TeamActor, id: string, action: BulkAction, now: Date) {
  switch (action.kind) {
    case "cancel": {
      const gift: GiftView = await cancelGiftOnly(tx, actor, id);
      return { refunded: gift.chargeId === null ? 0 : gift.priceCents, emailId: null };
    }
    case "resend":
      return { refunded: 0, emailId: (await resendGiftIn(tx, actor, id, now)).emailId };
    case "extend": {
      const { emailId } = await updateGiftIn(tx, actor, id, { changes: { expiresOn: action.expiresOn }, now });
      return { refunded: 0, emailId };
    }
  }
}

/**
 * Cancels (with refunds), resends or extends every selected gift, all or nothing, in one
 * transaction: each gift goes through the function its own API call uses, with its checks
 * (role, stage, limits). If any gift refuses, the transaction is rolled back and BulkRefused
 * names every gift that refused and why. With an idempotency reservation the key is claimed
 * first in the same transaction (a second submission with the same key waits, then replays),
 * and the outcome is stored with it. Two bulk actions on the same gifts at once run one after
 * the other (each gift's row is locked by its move): the second finds them changed and refuses.
 */
export async function actOnGifts(
  db: PrismaClient,
  actor: TeamActor,
  input: { ids: readonly string[]; action: BulkAction; now?: Date; idempotency?: IdempotencyReservation },
): Promise<BulkOutcome> {
  const ids = bulkGiftIds(input.ids);
  const now = input.now ?? new Date();
  return db.$transaction(
    async (tx) => {
      if (input.idempotency) await reserveIdempotencyKey(tx, input.idempotency, ids);
      const refusals: BulkRefusal[] = [];
      const outcome: BulkOutcome = { giftIds: ids, refundedCents: 0, emailIds: [] };
      for (const id of ids) {
        try {
          const done = await actOnOne(tx, actor, id, input.action, now);
          outcome.refundedCents += done.refunded;
          if (done.emailId !== null) outcome.emailIds.push(done.emailId);
        } catch (error) {
          const words = refusalWords(error);
          if (words === null) throw error;
          refusals.push({ giftId: id, message: words });
        }
      }
      if (refusals.length > 0) throw new BulkRefused(refusals);
      if (input.idempotency)
        await saveIdempotentResponse(tx, input.idempotency, 200, JSON.stringify(outcomeRecord(outcome)));
      return outcome;
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

/** What an idempotency key keeps of a bulk action (the emails were sent by the first answer). */
const outcomeRecord = (outcome: BulkOutcome) => ({ giftIds: outcome.giftIds, refundedCents: outcome.refundedCents });

/** A stored bulk outcome read back (for a replayed form): nothing to send again. */
export function storedBulkOutcome(responseBody: string | null, giftIds: string[]): BulkOutcome {
  try {
    const stored = JSON.parse(responseBody ?? "") as { refundedCents?: unknown };
    if (typeof stored.refundedCents === "number") return { giftIds, refundedCents: stored.refundedCents, emailIds: [] };
  } catch {
    // fall through: a key without its answer (never happens: it is saved in the same transaction)
  }
  return { giftIds, refundedCents: 0, emailIds: [] };
}
