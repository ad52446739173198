import type { PrismaClient, Tx } from "@/lib/db";
import { badRequest } from "@/lib/errors";
import { createTeam } from "./create-team";
import { asRole, type TeamRole } from "./roles";

/** A user can belong to this many teams at most (creating and joining). */
export const MAX_TEAMS_PER_USER = 50;

export type MyTeam = { id: string; name: string; role: TeamRole };

/** The teams the user belongs to, oldest membership first, with their role. */
export async function listMyTeams(db: Tx, userId: string): Promise<MyTeam[]> {
  const rows = await db.membership.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { teamId: "asc" }],
    select: { role: true, team: { select: { id: true, name: true } } },
  });
  return rows.map((m) => ({ id: m.team.id, name: m.team.name, role: asRole(m.role) }));
}

/** Anyone signed in creates a team and becomes its owner; its id is the slug of the name. */
export async function createTeamForUser(db: PrismaClient, userId: string, name: unknown) {
  if (typeof name !== "string") throw badRequest("A team needs a name.");
  return db.$transaction(async (tx) => {
    if ((await tx.membership.count({ where: { userId } })) >= MAX_TEAMS_PER_USER)
      throw badRequest(`You belong to ${MAX_TEAMS_PER_USER} teams, the most one person can: leave one first.`);
    return createTeam(tx, { name, ownerId: userId });
  });
}
