import type { Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, forbidden, notFound } from "@/lib/errors";
import type { Caller } from "@/lib/tokens";
import { SANDBOX_TEAM, SANDBOX_TEAM_ID } from "./constants";

export type TeamRef = { id: string; name: string };

/** The teams a caller may use: the sandbox for sandbox credentials, the user's teams otherwise. */
export async function listTeams(db: Tx, caller: Caller): Promise<TeamRef[]> {
  if (caller.mode === "sandbox") return [{ ...SANDBOX_TEAM }];
  return queryRows<TeamRef>(
    db,
    Prisma.sql`
    SELECT t."id", t."name" FROM "Membership" m JOIN "Team" t ON t."id" = m."teamId"
    WHERE m."userId" = ${caller.user.id} ORDER BY m."createdAt", m."teamId"`,
  );
}

/**
 * The team a request acts on. With no team in the path: the sandbox for sandbox
 * credentials, the user's only team for live ones. A team the caller can't use is 404
 * (its existence is never revealed); crossing between sandbox and live is 403.
 */
export async function resolveTeam(db: Tx, caller: Caller, teamId: string | undefined): Promise<TeamRef> {
  if (caller.mode === "sandbox") {
    if (teamId !== undefined && teamId !== SANDBOX_TEAM_ID) {
      throw forbidden(
        `Sandbox credentials can only use team "${SANDBOX_TEAM_ID}". Use your live token for other teams.`,
      );
    }
    return { ...SANDBOX_TEAM };
  }
  if (teamId === SANDBOX_TEAM_ID) {
    throw forbidden(`Live credentials can't use team "${SANDBOX_TEAM_ID}". Use your sandbox token for it.`);
  }
  if (teamId === undefined) {
    const teams = await listTeams(db, caller);
    if (teams.length === 1) return teams[0];
    if (teams.length === 0) throw badRequest("You don't belong to any team yet.");
    throw badRequest(
      `You belong to ${teams.length} teams; name one in the path (/teams/:team_id/...). Your teams: ${teams.map((t) => t.id).join(", ")}.`,
      { teams: teams.map((t) => t.id) },
    );
  }
  if (teamId.includes("\u0000")) throw notFound(`No team "${teamId}".`); // no text in PostgreSQL holds NUL
  const [team] = await queryRows<TeamRef>(
    db,
    Prisma.sql`
    SELECT t."id", t."name" FROM "Membership" m JOIN "Team" t ON t."id" = m."teamId"
    WHERE m."userId" = ${caller.user.id} AND m."teamId" = ${teamId}`,
  );
  if (!team) throw notFound(`No team "${teamId}".`);
  return team;
}
