import type { PrismaClient } from "@/lib/db";
import { refundGift } from "@/lib/billing";
import { conflict } from "@/lib/errors";
import { ownerRequired, requireMember, SANDBOX_TEAM_ID, type TeamRef } from "@/lib/teams";
import type { Caller } from "@/lib/tokens";
import { getGift } from "./queries";
import { moveGift } from "./stages";
import type { GiftView } from "./view";

/**
 * Cancels a gift that isn't redeemed yet and refunds its charge (live gifts).
 * A gift already redeemed, cancelled or expired is a 409. On a live team owners cancel any
 * gift, members only the gifts they sent themselves (docs/teams.md); in the sandbox every
 * caller sees, and may cancel, only their own gifts.
 */
export async function cancelGift(db: PrismaClient, caller: Caller, team: TeamRef, id: string): Promise<GiftView> {
  return db.$transaction(async (tx) => {
    const gift = await getGift(tx, caller, team, id);
    if (
      team.id !== SANDBOX_TEAM_ID &&
      gift.sender.id !== caller.user.id &&
      (await requireMember(tx, caller.user.id, team.id)) !== "owner"
    ) {
      throw ownerRequired(
        `Only the team's owners can cancel gifts someone else sent. Gift "${gift.id}" was sent by another member of team "${team.id}".`,
      );
    }
    if (!(await moveGift(tx, gift.id, "cancelled"))) {
      throw conflict(
        `Gift "${gift.id}" can't be cancelled: it is ${gift.stage}. Only gifts that are not yet redeemed can be cancelled.`,
      );
    }
    await refundGift(tx, gift);
    return getGift(tx, caller, team, id);
  });
}
