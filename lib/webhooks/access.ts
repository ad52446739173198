import type { Tx } from "@/lib/db";
import type { Actor } from "@/lib/actor";
import { SANDBOX_TEAM_ID } from "@/lib/teams/constants";
import type { TeamRef } from "@/lib/teams/resolve-team";
import { requireOwner } from "@/lib/teams/roles";

/**
 * Who may create, change, delete, rotate or replay a team's webhook endpoints: on a live team
 * its owners (a member is refused with 403 `owner_required`); in the shared sandbox team every
 * user manages their own endpoints, as before.
 */
export async function requireWebhookManager(db: Tx, caller: Actor, team: TeamRef): Promise<void> {
  if (caller.mode === "sandbox" || team.id === SANDBOX_TEAM_ID) return;
  await requireOwner(db, caller.user.id, team.id, "manage the team's webhook endpoints");
}
