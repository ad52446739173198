import type { TeamActor } from "@/lib/actor";
import { ownerRequired, requireSender } from "@/lib/teams";

type GiftReader = { role: string; user: { id: string } };

/** Owners any gift of the team, members the gifts they sent themselves, viewers none. */
export const mayChangeGift = (actor: GiftReader, gift: { sender: { id: string } }) =>
  actor.role === "owner" || (actor.role === "member" && gift.sender.id === actor.user.id);

/**
 * Who is shown a gift's untie link: the people who may act on the gift (above). The link is a
 * bearer credential (whoever holds it can choose, decline or donate the gift), so a viewer, or a
 * member looking at someone else's gift, sees the gift without it (docs/teams.md).
 */
export const mayHoldUntieLink = mayChangeGift;

/**
 * Who may change or resend a gift: as for cancelling it, owners any gift of the team,
 * members the gifts they sent themselves, viewers none (403 `member_required`).
 */
export function requireGiftChanger(actor: TeamActor, gift: { id: string; sender: { id: string } }, what: string) {
  requireSender(actor.role, actor.team.id, what);
  if (!mayChangeGift(actor, gift)) {
    throw ownerRequired(
      `Only the team's owners can ${what} someone else sent. Gift "${gift.id}" was sent by another member of team "${actor.team.id}".`,
    );
  }
}

/** A refusal's code for a gift in `stage`: it names the stage that stands in the way (`already_opened`, …). */
export const alreadyCode = (stage: string) => `already_${stage}`;
