import type { PrismaClient } from "@/lib/db";
import { queryRows, type Queryable } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { badRequest } from "@/lib/errors";
import { createTeam } from "./create-team";
import { asRole, type TeamRole } from "./roles";

/** A user can belong to this many teams at most (creating and joining). */
export const MAX_TEAMS_PER_USER = 50;

export type MyTeam = { id: string; name: string; role: TeamRole };

/** The teams the user belongs to, oldest membership first, with their role: rows of `myTeamsOf`. */
export const myTeamsSql = (userId: string) =>
  Prisma.sql`SELECT t."id", t."name", m."role" FROM "Membership" m JOIN "Team" t ON t."id" = m."teamId"
             WHERE m."userId" = ${userId} ORDER BY m."createdAt", m."teamId"`;

export const myTeamsOf = (rows: { id: string; name: string; role: string }[]): MyTeam[] =>
  rows.map((m) => ({ id: m.id, name: m.name, role: asRole(m.role) }));

/** The teams the user belongs to, oldest membership first, with their role. */
export async function listMyTeams(db: Queryable, userId: string): Promise<MyTeam[]> {
  return myTeamsOf(await queryRows(db, myTeamsSql(userId)));
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
