import type { Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, forbidden, notFound } from "@/lib/errors";
import { SANDBOX_TEAM, SANDBOX_TEAM_ID } from "./constants";
import { asRole, type TeamRole } from "./roles";

export type TeamRef = { id: string; name: string };

/** Who a team look-up is for: a person, in live or sandbox mode, through a key kept to one team or not. */
type Asker = { user: { id: string }; mode: "live" | "sandbox"; key?: { teamId: string | null } };

/** The teams a caller may use: the sandbox for sandbox credentials, the user's teams otherwise. */
export async function listTeams(db: Tx, caller: Asker): Promise<TeamRef[]> {
  if (caller.mode === "sandbox") return [{ ...SANDBOX_TEAM }];
  return (await memberships(db, caller.user.id, caller.key?.teamId ?? undefined)).map(({ id, name }) => ({ id, name }));
}

/**
 * The team a request acts on, and the caller's role in it (lib/actor's `onTeam` is its one
 * caller). With no team in the path: the sandbox for sandbox credentials (whose holder owns
 * it), the user's only team for live ones, the key's team for a key kept to one. A team the
 * caller can't use is 404 (its existence is never revealed), another team than its key's too;
 * crossing between sandbox and live is 403.
 */
export async function resolveTeam(
  db: Tx,
  caller: Asker,
  teamId: string | undefined,
): Promise<TeamRef & { role: TeamRole }> {
  if (caller.mode === "sandbox") {
    if (teamId !== undefined && teamId !== SANDBOX_TEAM_ID) {
      throw forbidden(
        `Sandbox credentials can only use team "${SANDBOX_TEAM_ID}". Use your live token for other teams.`,
      );
    }
    return { ...SANDBOX_TEAM, role: "owner" };
  }
  if (teamId === SANDBOX_TEAM_ID) {
    throw forbidden(`Live credentials can't use team "${SANDBOX_TEAM_ID}". Use your sandbox token for it.`);
  }
  const keptTo = caller.key?.teamId ?? null;
  if (keptTo !== null && teamId !== undefined && teamId !== keptTo) throw notFound(`No team "${teamId}".`);
  if (teamId === undefined && keptTo !== null) teamId = keptTo;
  if (teamId === undefined) {
    const teams = await memberships(db, caller.user.id);
    if (teams.length === 1) return teams[0];
    if (teams.length === 0) throw badRequest("You don't belong to any team yet.");
    throw badRequest(
      `You belong to ${teams.length} teams; name one in the path (/teams/:team_id/...). Your teams: ${teams.map((t) => t.id).join(", ")}.`,
      { teams: teams.map((t) => t.id) },
    );
  }
  if (teamId.includes("\u0000")) throw notFound(`No team "${teamId}".`); // no text in PostgreSQL holds NUL
  const [team] = await memberships(db, caller.user.id, teamId);
  if (!team) throw notFound(`No team "${teamId}".`);
  return team;
}

/** The user's teams with their role (one, when `teamId` is given). */
async function memberships(db: Tx, userId: string, teamId?: string): Promise<(TeamRef & { role: TeamRole })[]> {
  const rows = await queryRows<TeamRef & { role: string }>(
    db,
    Prisma.sql`
    SELECT t."id", t."name", m."role" FROM "Membership" m JOIN "Team" t ON t."id" = m."teamId"
    WHERE m."userId" = ${userId} ${teamId === undefined ? Prisma.empty : Prisma.sql`AND m."teamId" = ${teamId}`}
    ORDER BY m."createdAt", m."teamId"`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, role: asRole(row.role) }));
}
