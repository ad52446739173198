import type { PrismaClient, Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { queryRows } from "@/lib/database/sql";
import type { TeamActor } from "@/lib/actor";
import { HttpError } from "@/lib/errors";
import { reserveIdempotencyKey, type IdempotencyReservation } from "@/lib/idempotency";
import { queueGiftEmailAgain } from "./gift-email-again";
import { RESEND_GAP_SECONDS, RESENDS_PER_DAY, resendWaitSeconds } from "@/lib/ratelimit/gift-resends";
import { alreadyCode, requireGiftChanger } from "./changer";
import { recordGiftEvent } from "./events";
import { getGift } from "./queries";
import type { Stage } from "./stages";
import type { GiftView } from "./view";

const RESENDABLE: readonly Stage[] = ["sent", "opened"];
const DAY_MS = 24 * 60 * 60 * 1000;

export type ResentGift = { gift: GiftView; emailId: number };

/**
 * 422 `erased`: the gift's recipient was erased (lib/privacy), so its email has no address. A bulk
 * resend reports it for that gift and goes on with the others.
 */
export const erasedGift = (id: string) =>
  new HttpError(
    422,
    "UnprocessableEntity",
    `Gift "${id}"'s recipient data was erased: it has no address to send its email to.`,
    undefined,
    "erased",
  );

/** The words of an email correction's event when the gift email went again to the new address (lib/gifts/update.ts). */
export const SENT_AGAIN_TO_NEW_ADDRESS = "the gift email sent again to the new address";

/** When the gift email went out again: each resend, and each correction of a sent gift's address. */
function emailsAgain(gift: GiftView): Date[] {
  return gift.events
    .filter((e) => e.action === "resent" || (e.action === "updated" && e.message?.includes(SENT_AGAIN_TO_NEW_ADDRESS)))
    .map((e) => e.createdAt);
}

/**
 * 429 with Retry-After when the gift email went out again too often (lib/ratelimit/gift-resends.ts):
 * a resend and a corrected address of a sent gift count against the same limit. Call with the
 * gift row locked, so two requests are counted one after the other.
 */
export function requireEmailAgainAllowed(gift: GiftView, now: Date) {
  const earlier = emailsAgain(gift).filter((at) => now.getTime() - at.getTime() < DAY_MS);
  const wait = resendWaitSeconds(earlier, now);
  if (wait > 0) {
    throw new HttpError(
      429,
      "TooManyRequests",
      `Gift "${gift.id}"'s email can be sent again (resent, or to a corrected address) at most ${RESENDS_PER_DAY} times in 24 hours, and once every ${RESEND_GAP_SECONDS / 60} minutes: try again in ${wait} seconds.`,
      { retry_after: wait },
      "rate_limited",
      { "Retry-After": String(wait) },
    );
  }
}

/**
 * `POST /gifts/:id/resend`: the gift email once more, to the gift's address, for an email gift
 * that is `sent` or `opened` (anything else 409). One `resent` event and one queued `gift`
 * email in one transaction, with the gift row locked: two concurrent resends are counted one
 * after the other against the limit (lib/ratelimit/gift-resends.ts, 429 with Retry-After), and
 * two with the same Idempotency-Key queue one email (the key is claimed first: the second waits,
 * then replays). The stage does not change. The caller sends the email after the commit.
 */
export async function resendGift(
  db: PrismaClient,
  actor: TeamActor,
  id: string,
  options: { now?: Date; idempotency?: IdempotencyReservation } = {},
): Promise<ResentGift> {
  const now = options.now ?? new Date();
  return db.$transaction(async (tx) => {
    if (options.idempotency) await reserveIdempotencyKey(tx, options.idempotency, [id]);
    return resendGiftIn(tx, actor, id, now);
  });
}

/** resendGift inside the caller's transaction (a bulk resend runs one per gift in one transaction). */
export async function resendGiftIn(tx: Tx, actor: TeamActor, id: string, now: Date): Promise<ResentGift> {
  const seen = await getGift(tx, actor, actor.team, id);
  requireGiftChanger(actor, seen, "resend gifts");
  if (seen.deliveryMethod !== "email")
    throw new HttpError(
      409,
      "Conflict",
      `Gift "${seen.id}" is a link gift: it has no email to resend.`,
      undefined,
      "link_gift",
    );
  const locked = await queryRows<{ id: string }>(
    tx,
    Prisma.sql`SELECT "id" FROM "Gift" WHERE "id" = ${seen.id} AND "stage" = ANY(${RESENDABLE}::text[]) FOR UPDATE`,
  );
  // Read again under the lock: the stage, the address and the resends as they are now.
  const gift = await getGift(tx, actor, actor.team, id);
  // Erased (lib/privacy): the gift email has no address to go to, and must not find one.
  if (gift.email === null) throw erasedGift(gift.id);
  if (locked.length === 0) {
    const code = gift.stage === "scheduled" ? "not_sent_yet" : alreadyCode(gift.stage);
    throw new HttpError(
      409,
      "Conflict",
      `Gift "${gift.id}" is ${gift.stage}: only a gift already sent (and not yet redeemed) can be resent.`,
      undefined,
      code,
    );
  }
  requireEmailAgainAllowed(gift, now);
  const { id: emailId } = await queueGiftEmailAgain(tx, { ...gift, email: gift.email }, now);
  await recordGiftEvent(tx, {
    giftId: gift.id,
    stage: gift.stage as Stage,
    action: "resent",
    message: "The gift email was sent again",
    at: now,
  });
  return { gift: await getGift(tx, actor, actor.team, id), emailId };
}
