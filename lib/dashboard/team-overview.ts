// The team settings page's one read: the team, its members and, for owners, its invitations and
// charges, with its card. It spans identity (lib/teams) and billing (lib/billing), so it lives
// above both, with the other pages' queries.
import type { Tx } from "@/lib/db";
import { cardOf, chargesOf, type CardView, type ChargeView } from "@/lib/billing/card";
import { pendingInvitationsOf, type PendingInvitation } from "@/lib/teams/invitations";
import { membersOf, type MemberView } from "@/lib/teams/members";
import { requireMember, type TeamRole } from "@/lib/teams/roles";

export type TeamOverview = {
  team: { id: string; name: string };
  role: TeamRole;
  members: MemberView[];
  card: CardView | null;
  /** Owners only; empty for members. */
  invitations: PendingInvitation[];
  /** Owners only; empty for members. */
  charges: ChargeView[];
};

/** Everything the team's settings page shows to this user, after one membership check. A non-member: 404. */
export async function teamOverview(db: Tx, userId: string, teamId: string): Promise<TeamOverview> {
  const role = await requireMember(db, userId, teamId);
  const owner = role === "owner";
  const [team, members, card, invitations, charges] = await Promise.all([
    db.team.findUniqueOrThrow({ where: { id: teamId }, select: { id: true, name: true } }),
    membersOf(db, teamId),
    cardOf(db, teamId),
    owner ? pendingInvitationsOf(db, teamId) : [],
    owner ? chargesOf(db, teamId) : [],
  ]);
  return { team, role, members, card, invitations, charges };
}
