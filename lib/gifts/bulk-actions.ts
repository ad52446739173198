import type { PrismaClient, Tx } from "@/lib/db";
import type { TeamActor } from "@/lib/actor";
import { BillingError, HttpError, ValidationError } from "@/lib/errors";
import { reserveIdempotencyKey, saveIdempotentResponse, type IdempotencyReservation } from "@/lib/idempotency";
import { requireSender } from "@/lib/teams";
import { cancelGiftOnly } from "./cancel";
import { resendGiftIn } from "./resend";
import { updateGiftIn } from "./update";
import type { GiftView } from "./view";

/**
 * Most gifts one bulk action takes (a page, a selection, or a whole filtered view). Each gift
 * goes through the same domain function as its own API call (cancelGift, resendGift,
 * updateGift) in a short transaction of its own (docs/dashboard.md, "Selecting gifts and acting on them").
 */
export const MAX_BULK_GIFTS = 250;

/** What a bulk action does to each gift: cancel (and refund), send the gift email again, or a later expiry. */
export type BulkAction = { kind: "cancel" } | { kind: "resend" } | { kind: "extend"; expiresOn: string };

/** One gift the action could not take, and why (the domain function's own words). */
export type BulkRefusal = { giftId: string; message: string };

/**
 * What a bulk action did, per gift: those it acted on (`done`), those that refused with the
 * reason (`refusals`); every selected gift is in exactly one of the two. Then the total refunded
 * and the queued emails to send after the work.
 */
export type BulkOutcome = { done: string[]; refusals: BulkRefusal[]; refundedCents: number; emailIds: number[] };

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

/** A gift's refusal in words (any typed refusal a domain function throws); null for anything else (a fault). */
const refusalWords = (error: unknown): string | null => {
  if (error instanceof ValidationError) return error.problems.map((p) => p.detail).join(". ");
  if (error instanceof HttpError || error instanceof BillingError) return error.message;
  return null;
};

const VERB: Record<BulkAction["kind"], string> = {
  cancel: "cancel them",
  resend: "resend gifts",
  extend: "change gifts",
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
 * Cancels (with refunds), resends or extends each selected gift, one gift per transaction: the
 * gift's move, its event, its refund or queued email commit together or not at all, and other
 * requests run between two gifts (on the embedded database a transaction holds the whole
 * instance). Each gift goes through the function its own API call uses, with its checks (role,
 * stage, limits, an erased address); a gift that refuses (any typed refusal) is reported with
 * the reason and the others go on. A viewer is refused before anything (no gift is theirs to
 * change). Side effects happen once per gift: each move is conditional on the gift's stage, so
 * two bulk cancels of the same gifts at once refund each gift once, the other reporting it
 * refused ("… it is cancelled").
 *
 * With an idempotency reservation the key is claimed first, in a statement of its own (a second
 * submission with the same key meets a unique violation: lib/dashboard/bulk.ts waits for this
 * one's outcome), and the outcome is stored with it at the end. A fault that is no refusal (the
 * database gone) stops the action, forgets the key (sending the form again acts on the gifts
 * left: the ones done refuse, already changed) and is thrown.
 */
export async function actOnGifts(
  db: PrismaClient,
  actor: TeamActor,
  input: { ids: readonly string[]; action: BulkAction; now?: Date; idempotency?: IdempotencyReservation },
): Promise<BulkOutcome> {
  const ids = bulkGiftIds(input.ids);
  requireSender(actor.role, actor.team.id, VERB[input.action.kind]);
  const now = input.now ?? new Date();
  const { idempotency } = input;
  if (idempotency) await reserveIdempotencyKey(db, idempotency, ids);
  const outcome: BulkOutcome = { done: [], refusals: [], refundedCents: 0, emailIds: [] };
  try {
    for (const id of ids) {
      try {
        const one = await db.$transaction((tx) => actOnOne(tx, actor, id, input.action, now), {
          timeout: 15_000,
          maxWait: 15_000,
        });
        outcome.done.push(id);
        outcome.refundedCents += one.refunded;
        if (one.emailId !== null) outcome.emailIds.push(one.emailId);
      } catch (error) {
        const words = refusalWords(error);
        if (words === null) throw error;
        outcome.refusals.push({ giftId: id, message: words });
      }
    }
    if (idempotency) await saveIdempotentResponse(db, idempotency, 200, JSON.stringify(outcomeRecord(outcome)));
  } catch (error) {
    if (idempotency)
      await db.idempotencyKey
        .deleteMany({ where: { ownerKey: idempotency.ownerKey, key: idempotency.key, responseBody: null } })
        .catch(() => undefined);
    throw error;
  }
  return outcome;
}

/** What an idempotency key keeps of a bulk action (the emails were sent by the first answer). */
const outcomeRecord = (outcome: BulkOutcome) => ({
  done: outcome.done,
  refusals: outcome.refusals,
  refundedCents: outcome.refundedCents,
});

/**
 * A stored bulk outcome read back (for a replayed form): nothing to send again. Null while the
 * first submission is still acting (its outcome not yet stored).
 */
export function storedBulkOutcome(responseBody: string | null): BulkOutcome | null {
  if (responseBody === null) return null;
  try {
    const stored = JSON.parse(responseBody) as Partial<Record<keyof BulkOutcome, unknown>>;
    const strings = (value: unknown) =>
      Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
    const refusals = Array.isArray(stored.refusals)
      ? (stored.refusals as unknown[]).filter(
          (r): r is BulkRefusal =>
            typeof (r as BulkRefusal)?.giftId === "string" && typeof (r as BulkRefusal)?.message === "string",
        )
      : [];
    return {
      done: strings(stored.done),
      refusals,
      refundedCents: typeof stored.refundedCents === "number" ? stored.refundedCents : 0,
      emailIds: [],
    };
  } catch {
    return { done: [], refusals: [], refundedCents: 0, emailIds: [] };
  }
}
