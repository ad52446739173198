import type { PrismaClient, Tx } from "@/lib/db";
import { chargedBy, refundGift } from "@/lib/billing";
import { conflict } from "@/lib/errors";
import type { TeamActor } from "@/lib/actor";
import { ownerRequired, requireSender } from "@/lib/teams";
import { getGift } from "./queries";
import { moveGift } from "./stages";
import type { GiftView } from "./view";

/**
 * Cancels a gift that isn't redeemed yet and refunds its charge (live gifts).
 * A gift already redeemed, cancelled or expired is a 409. On a live team owners cancel any
 * gift, members only the gifts they sent themselves (docs/teams.md); in the sandbox every
 * caller sees, and may cancel, only their own gifts.
 */
export async function cancelGift(db: PrismaClient, actor: TeamActor, id: string): Promise<GiftView> {
  return db.$transaction((tx) => cancelGiftIn(tx, actor, id));
}

/**
 * cancelGift inside the caller's transaction (a bulk cancel runs each gift in its own: lib/gifts/bulk-actions.ts).
 * Every refusal is thrown before anything is written for this gift.
 */
export async function cancelGiftIn(tx: Tx, actor: TeamActor, id: string): Promise<GiftView> {
  const gift = await cancelGiftOnly(tx, actor, id);
  return getGift(tx, actor, actor.team, gift.id);
}

/**
 * The cancel and its refund, without reading the gift back (a bulk cancel reads none back):
 * the gift as it was before, for its price and charge.
 */
export async function cancelGiftOnly(tx: Tx, actor: TeamActor, id: string): Promise<GiftView> {
  const { team } = actor;
  requireSender(actor.role, team.id, "cancel them");
  const gift = await getGift(tx, actor, team, id);
  if (gift.sender.id !== actor.user.id && actor.role !== "owner") {
    throw ownerRequired(
      `Only the team's owners can cancel gifts someone else sent. Gift "${gift.id}" was sent by another member of team "${team.id}".`,
    );
  }
  if (!(await moveGift(tx, gift.id, "cancelled"))) {
    // Read again: a concurrent cancel (or redemption) may have moved it since the first read.
    const { stage } = await getGift(tx, actor, team, id);
    throw conflict(
      `Gift "${gift.id}" can't be cancelled: it is ${stage}. Only gifts that are not yet redeemed can be cancelled.`,
    );
  }
  await refundGift(tx, gift, chargedBy(actor));
  return gift;
}
