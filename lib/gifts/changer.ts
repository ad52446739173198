import type { TeamActor } from "@/lib/actor";
import { ownerRequired, requireSender } from "@/lib/teams";

/**
 * Who may change or resend a gift: as for cancelling it, owners any gift of the team,
 * members the gifts they sent themselves, viewers none (403 `member_required`).
 */
export function requireGiftChanger(actor: TeamActor, gift: { id: string; sender: { id: string } }, what: string) {
  requireSender(actor.role, actor.team.id, what);
  if (gift.sender.id !== actor.user.id && actor.role !== "owner") {
    throw ownerRequired(
      `Only the team's owners can ${what} someone else sent. Gift "${gift.id}" was sent by another member of team "${actor.team.id}".`,
    );
  }
}

/** A refusal's code for a gift in `stage`: it names the stage that stands in the way (`already_opened`, …). */
export const alreadyCode = (stage: string) => `already_${stage}`;
