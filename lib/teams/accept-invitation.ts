import type { PrismaClient, Tx } from "@/lib/db";
import { conflict, forbidden, notFound } from "@/lib/errors";
import { personName } from "@/lib/users/display-name";
import { invitationTokenHash, looksLikeInvitationToken } from "./invitation-token";
import { asRole, type TeamRole } from "./roles";

/**
 * What an invitation link is to the signed-in person opening it. Links that don't work say
 * why (without naming the team); a pending one names the team and role, and, when it was
 * sent to another address, that address.
 */
export type InvitationView =
  | { status: "invalid" }
  | { status: "expired" }
  | { status: "used" }
  | { status: "withdrawn" }
  | {
      status: "pending" | "wrong_email" | "already_member";
      teamId: string;
      teamName: string;
      role: TeamRole;
      email: string;
      invitedBy: string;
      expiresAt: Date;
    };

const INVALID = "This invitation link isn't valid.";
const REASONS = {
  expired: "This invitation has expired: ask the team's owner to invite you again.",
  used: "This invitation was already used.",
  withdrawn: "This invitation was withdrawn by the team's owners.",
} as const;

async function findByToken(db: Tx, token: string) {
  if (!looksLikeInvitationToken(token)) return null;
  return db.teamInvitation.findUnique({
    where: { tokenHash: invitationTokenHash(token) },
    include: { team: { select: { name: true } }, invitedBy: { select: { name: true, email: true } } },
  });
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The invitation behind a link, as the user `userId` sees it. Reads only: opening a link never accepts it (mail scanners open links). */
export async function viewInvitation(
  db: Tx,
  input: { token: string; userId: string },
  now = new Date(),
): Promise<InvitationView> {
  const invitation = await findByToken(db, input.token);
  if (!invitation) return { status: "invalid" };
  if (invitation.acceptedAt) return { status: "used" };
  if (invitation.revokedAt) return { status: "withdrawn" };
  if (invitation.expiresAt <= now) return { status: "expired" };
  const user = await db.user.findUniqueOrThrow({
    where: { id: input.userId },
    select: { email: true, memberships: { where: { teamId: invitation.teamId }, select: { role: true } } },
  });
  const details = {
    teamId: invitation.teamId,
    teamName: invitation.team.name,
    role: asRole(invitation.role),
    email: invitation.email,
    invitedBy: personName(invitation.invitedBy.name, invitation.team.name),
    expiresAt: invitation.expiresAt,
  };
  if (!sameEmail(user.email, invitation.email)) return { status: "wrong_email", ...details };
  if (user.memberships.length > 0) return { status: "already_member", ...details };
  return { status: "pending", ...details };
}

/**
 * Accepts an invitation for the signed-in user, exactly once: the invitation is marked
 * accepted by a conditional update (of two concurrent accepts one wins), and the membership
 * is inserted in the same transaction. The user's email must be the invited one. A second
 * accept by the same person answers as the first did; anyone else gets why it failed. The
 * invitation email leaves the outbox: its link is spent.
 */
export async function acceptInvitation(
  db: PrismaClient,
  input: { token: string; userId: string },
  now = new Date(),
): Promise<{ teamId: string; joined: boolean }> {
  return db.$transaction(async (tx) => {
    const invitation = await findByToken(tx, input.token);
    if (!invitation) throw notFound(INVALID);
    const user = await tx.user.findUniqueOrThrow({ where: { id: input.userId }, select: { email: true } });
    if (!sameEmail(user.email, invitation.email)) {
      throw forbidden(
        `This invitation is for ${invitation.email}, and you are signed in as ${user.email}. Sign in as ${invitation.email} to accept it.`,
      );
    }
    const { count } = await tx.teamInvitation.updateMany({
      where: { id: invitation.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { acceptedAt: now, acceptedById: input.userId },
    });
    if (count === 0) {
      const current = await tx.teamInvitation.findUniqueOrThrow({
        where: { id: invitation.id },
        select: { acceptedAt: true, acceptedById: true, revokedAt: true },
      });
      if (current.acceptedAt && current.acceptedById === input.userId)
        return { teamId: invitation.teamId, joined: false };
      throw conflict(current.acceptedAt ? REASONS.used : current.revokedAt ? REASONS.withdrawn : REASONS.expired);
    }
    // Already a member (added another way since): the invitation is spent, the role stays as it is.
    const { count: joined } = await tx.membership.createMany({
      data: [{ userId: input.userId, teamId: invitation.teamId, role: invitation.role }],
      skipDuplicates: true,
    });
    await tx.emailOutbox.deleteMany({ where: { invitationId: invitation.id } });
    return { teamId: invitation.teamId, joined: joined === 1 };
  });
}
