import type { PrismaClient, Tx } from "@/lib/db";
import { queueEmail, sendQueuedEmailNow, type MailTransport } from "@/lib/outbox";
import { badRequest, conflict, HttpError, notFound } from "@/lib/errors";
import { consume } from "@/lib/ratelimit";
import { personName } from "@/lib/users/display-name";
import { INVITATION_LIFETIME_MS, invitationTokenHash, invitationUrl, newInvitationToken } from "./invitation-token";
import { asRole, isRole, lockTeam, requireOwner, type TeamRole } from "./roles";
import { oneLine } from "@/lib/format/one-line";

/** A second identical invitation within this time is the same one (a double submit): no second email. */
export const RESEND_AFTER_MS = 60_000;

const MAX_EMAIL_LENGTH = 254;

export type PendingInvitation = {
  id: number;
  email: string;
  role: TeamRole;
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
  expired: boolean;
};

export type InviteInput = { actorId: string; teamId: string; email: unknown; role: unknown };
export type InviteResult = {
  invitation: { id: number; email: string; role: TeamRole; expiresAt: Date };
  emailed: boolean;
};

/** An address to invite: trimmed, lower-cased, one @, no spaces or control characters. */
export function parseInviteeEmail(input: unknown): string {
  const email = typeof input === "string" ? input.trim().toLowerCase() : "";
  if (!email) throw badRequest("Enter the email address of the person to invite.");
  if (
    email.length > MAX_EMAIL_LENGTH ||
    !/^[^\s@\u0000-\u001f\u007f]+@[^\s@\u0000-\u001f\u007f]+\.[^\s@\u0000-\u001f\u007f]+$/.test(email)
  ) {
    throw badRequest("That is not an email address.");
  }
  return email;
}

/** Marks pending invitations withdrawn and deletes their emails from the outbox (their links are dead). */
async function withdraw(tx: Tx, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.teamInvitation.updateMany({
    where: { id: { in: ids }, acceptedAt: null, revokedAt: null },
    data: { revokedAt: now },
  });
  await tx.emailOutbox.deleteMany({ where: { invitationId: { in: ids } } });
}

/**
 * An owner invites someone by email, as owner or member. Re-inviting an address replaces
 * its pending invitation (the old link stops working); the same invitation sent again within
 * a minute is taken as a double submit and sends nothing. Inviting a member is refused. Each
 * sent invitation counts against the inviter's hourly limit (RIBBON_RATE_LIMIT_INVITATIONS_PER_USER_PER_HOUR).
 */
export async function inviteMember(
  db: PrismaClient,
  input: InviteInput,
  options: { now?: Date; transport?: MailTransport } = {},
): Promise<InviteResult> {
  const now = options.now ?? new Date();
  const email = parseInviteeEmail(input.email);
  if (!isRole(input.role)) throw badRequest('A role is "owner", "member" or "viewer".');
  const role = input.role;

  const created = await db.$transaction(async (tx) => {
    await lockTeam(tx, input.teamId);
    await requireOwner(tx, input.actorId, input.teamId, "invite people");
    const member = await tx.membership.findFirst({
      where: { teamId: input.teamId, user: { email: { equals: email, mode: "insensitive" } } },
      select: { userId: true },
    });
    if (member) throw conflict(`${email} is already a member of this team.`);
    const pending = await tx.teamInvitation.findFirst({
      where: { teamId: input.teamId, email, acceptedAt: null, revokedAt: null },
    });
    if (
      pending &&
      pending.role === role &&
      pending.expiresAt > now &&
      now.getTime() - pending.createdAt.getTime() < RESEND_AFTER_MS
    ) {
      return { invitation: pending, emailId: null };
    }
    const limit = await consume("invitations", input.actorId);
    if (!limit.allowed) {
      throw new HttpError(
        429,
        "TooManyRequests",
        `You sent ${limit.limit} invitations this hour: try again in ${Math.ceil(limit.resetSeconds / 60)} minutes.`,
        undefined,
        "rate_limited",
        {
          "Retry-After": String(limit.resetSeconds),
        },
      );
    }
    if (pending) await withdraw(tx, [pending.id], now);
    const token = newInvitationToken();
    const invitation = await tx.teamInvitation.create({
      data: {
        teamId: input.teamId,
        email,
        role,
        tokenHash: invitationTokenHash(token),
        invitedById: input.actorId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      },
    });
    // The email is queued with the invitation: both exist, or neither.
    const queued = await queueEmail(
      tx,
      {
        kind: "team-invitation",
        to: email,
        invitationId: invitation.id,
        props: await invitationEmailProps(tx, input, role, invitation.expiresAt),
        link: invitationUrl(token),
      },
      now,
    );
    return { invitation, emailId: queued.id };
  });

  const { invitation, emailId } = created;
  const summary = { id: invitation.id, email: invitation.email, role, expiresAt: invitation.expiresAt };
  if (emailId === null) return { invitation: summary, emailed: false };
  // Sent now; if the transport refuses it, the send-emails job retries it.
  await sendQueuedEmailNow(db, emailId, options.transport);
  return { invitation: summary, emailed: true };
}

const longDate = (date: Date) =>
  date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** What the invitation email says: who invited (a name, else the team: never a bare email address), to what, until when. */
async function invitationEmailProps(tx: Tx, input: InviteInput, role: TeamRole, expiresAt: Date) {
  // One after the other: a transaction's statements share one connection.
  const team = await tx.team.findUniqueOrThrow({ where: { id: input.teamId }, select: { name: true } });
  const inviter = await tx.user.findUniqueOrThrow({
    where: { id: input.actorId },
    select: { name: true, email: true },
  });
  const name = inviter.name?.trim();
  return {
    inviter: oneLine(name ? `${name} (${inviter.email})` : personName(null, team.name)),
    teamName: team.name,
    role,
    expiresOn: longDate(expiresAt),
  };
}

/** An owner withdraws a pending invitation: its link stops working. */
export async function revokeInvitation(
  db: PrismaClient,
  input: { actorId: string; teamId: string; invitationId: number },
  now = new Date(),
): Promise<void> {
  await requireOwner(db, input.actorId, input.teamId, "withdraw invitations");
  if (!Number.isSafeInteger(input.invitationId)) throw notFound("No such pending invitation.");
  await db.$transaction(async (tx) => {
    const pending = await tx.teamInvitation.findFirst({
      where: { id: input.invitationId, teamId: input.teamId, acceptedAt: null, revokedAt: null },
      select: { id: true },
    });
    if (!pending) throw notFound("No such pending invitation: it may have been accepted or withdrawn already.");
    await withdraw(tx, [pending.id], now);
  });
}

/** The team's invitations not yet accepted or withdrawn (expired ones flagged), for its owners. */
export async function listPendingInvitations(
  db: Tx,
  actorId: string,
  teamId: string,
  now = new Date(),
): Promise<PendingInvitation[]> {
  await requireOwner(db, actorId, teamId, "see invitations");
  return pendingInvitationsOf(db, teamId, now);
}

/** The team's pending invitations, for a caller that has checked the user is an owner already. */
export async function pendingInvitationsOf(db: Tx, teamId: string, now = new Date()): Promise<PendingInvitation[]> {
  const rows = await db.teamInvitation.findMany({
    where: { teamId, acceptedAt: null, revokedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 200,
    select: {
      id: true,
      email: true,
      role: true,
      createdAt: true,
      expiresAt: true,
      invitedBy: { select: { name: true } },
      team: { select: { name: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: asRole(r.role),
    invitedBy: personName(r.invitedBy.name, r.team.name),
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    expired: r.expiresAt <= now,
  }));
}
