import type { PrismaClient, Tx } from "@/lib/db";
import { HttpError, notFound } from "@/lib/errors";
import { SANDBOX_TEAM_ID } from "./constants";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";

/** Owners do everything; members send and see the team's gifts; viewers (finance, managers) only see them. */
export const ROLES = ["owner", "member", "viewer"] as const;
export type TeamRole = (typeof ROLES)[number];

export const isRole = (value: unknown): value is TeamRole =>
  typeof value === "string" && (ROLES as readonly string[]).includes(value);

/** A stored role as a TeamRole (anything unknown reads as the least, "viewer"). */
export const asRole = (value: string): TeamRole => (isRole(value) ? value : "viewer");

/** Locks the team row until the transaction ends: changes to its memberships, invitations or endpoints run one at a time. */
export async function lockTeam(tx: Tx, teamId: string): Promise<void> {
  await queryRows(tx, Prisma.sql`SELECT "id" FROM "Team" WHERE "id" = ${teamId} FOR UPDATE`);
}

/**
 * Runs a change with the team row locked, so two concurrent changes can't both pass a check on
 * the team's state (two owners demoting each other both seeing "another owner is left", two saves
 * both seeing room for one more view).
 */
export async function withTeamLocked<T>(db: PrismaClient, teamId: string, change: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    await lockTeam(tx, teamId);
    return change(tx);
  });
}

/** The error for a member asking for an owner's job: 403 with its own code, so clients can tell it from a mode mismatch. */
export const ownerRequired = (detail: string) => new HttpError(403, "Forbidden", detail, undefined, "owner_required");

/** The error for a viewer asking to send or change gifts: 403 `member_required`. */
export const memberRequired = (detail: string) => new HttpError(403, "Forbidden", detail, undefined, "member_required");

/** Owners and members send and cancel gifts; viewers only see them. */
export function requireSender(role: TeamRole, teamId: string, what = "send gifts"): void {
  if (role === "viewer")
    throw memberRequired(
      `Viewers can see team "${teamId}"'s gifts but not ${what}. Ask an owner to make you a member.`,
    );
}

/** A team the user can't see: the same answer whether it exists or not. */
export const noSuchTeam = (teamId: string) => notFound(`No team "${teamId}".`);

/** Whether a team id can name a team a member sees (not the sandbox, no NUL, not overlong): else 404 without a look-up. */
export const isMemberTeamId = (teamId: string) =>
  teamId !== SANDBOX_TEAM_ID && !teamId.includes("\u0000") && teamId.length <= 200;

/**
 * The user's role in a live team. A non-member, the sandbox team, or no such team: 404,
 * never revealing whether the team exists.
 */
export async function requireMember(db: Tx, userId: string, teamId: string): Promise<TeamRole> {
  if (!isMemberTeamId(teamId)) throw noSuchTeam(teamId);
  const membership = await db.membership.findUnique({
    where: { userId_teamId: { userId, teamId } },
    select: { role: true },
  });
  if (!membership) throw noSuchTeam(teamId);
  return asRole(membership.role);
}

/** Like requireMember, and a member who is not an owner is refused (403 `owner_required`) with `what` they tried. */
export async function requireOwner(db: Tx, userId: string, teamId: string, what = "manage this team"): Promise<void> {
  if ((await requireMember(db, userId, teamId)) !== "owner")
    throw ownerRequired(`Only the team's owners can ${what}. Ask an owner of team "${teamId}".`);
}
