import type { PrismaClient, Tx } from "@/lib/db";
import { queryRows, type Queryable } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, conflict, notFound } from "@/lib/errors";
import { asRole, isRole, requireMember, requireOwner, withTeamLocked, type TeamRole } from "./roles";

export type MemberView = { userId: string; name: string | null; email: string; role: TeamRole; since: Date };

const LAST_OWNER = "A team needs an owner: make someone else owner first.";

/** The team's members, owners first, for any member of the team. */
export async function listMembers(db: Tx, userId: string, teamId: string): Promise<MemberView[]> {
  await requireMember(db, userId, teamId);
  return membersOf(db, teamId);
}

/** The team's members, owners first, for a caller that has checked the user's membership already. */
export async function membersOf(db: Tx, teamId: string): Promise<MemberView[]> {
  const rows = await db.membership.findMany({
    where: { teamId },
    orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
    select: { role: true, createdAt: true, user: { select: { id: true, name: true, email: true } } },
  });
  return rows
    .map((m) => ({
      userId: m.user.id,
      name: m.user.name,
      email: m.user.email,
      role: asRole(m.role),
      since: m.createdAt,
    }))
    .sort((a, b) => Number(b.role === "owner") - Number(a.role === "owner"));
}

/**
 * The email addresses of the team's owners, in the order they joined: who is told when the
 * team's gifts wait for approval. Also in a create's driver transaction (lib/database/sql.ts).
 */
export async function ownerEmails(db: Queryable, teamId: string): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(
    db,
    Prisma.sql`
    SELECT u."email" FROM "Membership" m JOIN "User" u ON u."id" = m."userId"
    WHERE m."teamId" = ${teamId} AND m."role" = 'owner'
    ORDER BY m."createdAt", m."userId"`,
  );
  return rows.map((r) => r.email);
}

async function roleOf(tx: Tx, teamId: string, userId: string): Promise<TeamRole | null> {
  const m = await tx.membership.findUnique({ where: { userId_teamId: { userId, teamId } }, select: { role: true } });
  return m ? asRole(m.role) : null;
}

async function assertAnotherOwner(tx: Tx, teamId: string, userId: string): Promise<void> {
  const others = await tx.membership.count({ where: { teamId, role: "owner", userId: { not: userId } } });
  if (others === 0) throw conflict(LAST_OWNER);
}

/** An owner makes a member owner, or an owner member (not the last owner). */
export async function changeRole(
  db: PrismaClient,
  input: { actorId: string; teamId: string; userId: string; role: unknown },
): Promise<void> {
  if (!isRole(input.role)) throw badRequest('A role is "owner", "member" or "viewer".');
  const role = input.role;
  await withTeamLocked(db, input.teamId, async (tx) => {
    await requireOwner(tx, input.actorId, input.teamId, "change members' roles");
    const current = await roleOf(tx, input.teamId, input.userId);
    if (!current) throw notFound("That person is not a member of this team.");
    if (current === role) return;
    if (current === "owner") await assertAnotherOwner(tx, input.teamId, input.userId);
    await tx.membership.update({
      where: { userId_teamId: { userId: input.userId, teamId: input.teamId } },
      data: { role },
    });
  });
}

/** An owner removes someone from the team (not the last owner; leaving is how you remove yourself too). */
export async function removeMember(
  db: PrismaClient,
  input: { actorId: string; teamId: string; userId: string },
): Promise<void> {
  await withTeamLocked(db, input.teamId, async (tx) => {
    await requireOwner(tx, input.actorId, input.teamId, "remove members");
    const current = await roleOf(tx, input.teamId, input.userId);
    if (!current) throw notFound("That person is not a member of this team.");
    if (current === "owner") await assertAnotherOwner(tx, input.teamId, input.userId);
    await tx.membership.delete({ where: { userId_teamId: { userId: input.userId, teamId: input.teamId } } });
  });
}

/** Anyone leaves a team they belong to, except its last owner. */
export async function leaveTeam(db: PrismaClient, input: { userId: string; teamId: string }): Promise<void> {
  await withTeamLocked(db, input.teamId, async (tx) => {
    const role = await requireMember(tx, input.userId, input.teamId);
    if (role === "owner") await assertAnotherOwner(tx, input.teamId, input.userId);
    await tx.membership.delete({ where: { userId_teamId: { userId: input.userId, teamId: input.teamId } } });
  });
}
