import type { PrismaClient } from "@/lib/db";
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
  const { team } = actor;
  requireSender(actor.role, team.id, "cancel them");
  return db.$transaction(async (tx) => {
    const gift = await getGift(tx, actor, team, id);
    if (gift.sender.id !== actor.user.id && actor.role !== "owner") {
      throw ownerRequired(
        `Only the team's owners can cancel gifts someone else sent. Gift "${gift.id}" was sent by another member of team "${team.id}".`,
      );
    }
    if (!(await moveGift(tx, gift.id, "cancelled"))) {
      throw conflict(
        `Gift "${gift.id}" can't be cancelled: it is ${gift.stage}. Only gifts that are not yet redeemed can be cancelled.`,
      );
    }
    await refundGift(tx, gift, chargedBy(actor));
    return getGift(tx, actor, team, id);
  });
}
