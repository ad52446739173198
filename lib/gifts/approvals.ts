import type { PrismaClient, Tx } from "@/lib/db";
import type { TeamActor } from "@/lib/actor";
import { chargedBy, chargeTeam } from "@/lib/billing";
import { queryRows } from "@/lib/database/sql";
import { badRequest, HttpError, ValidationError } from "@/lib/errors";
import { hasForbiddenCharacters } from "@/lib/format/text";
import { Prisma } from "@/lib/generated/prisma/client";
import { ownerRequired } from "@/lib/teams";
import { getGift } from "./queries";
import { moveGift, moveGifts } from "./stages";
import type { GiftView } from "./view";

/** A gift nobody approved or rejected within this time expires (docs/api.md, Approvals). */
export const APPROVAL_WINDOW_DAYS = 7;
const MAX_REASON = 500;

export const notPending = (gift: { id: string }, stage: string) =>
  new HttpError(
    409,
    "Conflict",
    `Gift "${gift.id}" is ${stage}, not waiting for approval: someone may have approved, rejected or cancelled it already.`,
    { stage },
    "not_pending_approval",
  );

export function requireApprover(actor: TeamActor, what: string) {
  if (actor.role !== "owner")
    throw ownerRequired(`Only the team's owners can ${what} gifts. Ask an owner of team "${actor.team.id}".`);
}

/**
 * Approval is a second pair of eyes. Whoever sent a gift may not approve it while the team has
 * another owner who can; a team's only owner may approve their own gifts, but only signed in on
 * the dashboard, never with an API token or OAuth grant (the credential, or agent, that created a
 * gift can never approve it). 403 `second_approver_required` (docs/api.md, Approvals).
 */
export async function requireSecondPairOfEyes(tx: Tx, actor: TeamActor, senderIds: readonly string[]) {
  if (!senderIds.includes(actor.user.id)) return;
  const others = await tx.membership.count({
    where: { teamId: actor.team.id, role: "owner", userId: { not: actor.user.id } },
  });
  if (others > 0)
    throw secondApproverRequired(
      `You sent this gift: another owner of team "${actor.team.id}" must approve it (approval is a second pair of eyes).`,
    );
  if (actor.via !== "session")
    throw secondApproverRequired(
      `You sent this gift and you are team "${actor.team.id}"'s only owner: approve it yourself on the dashboard, not with an API token or OAuth grant (the credential that created a gift can't approve it). Or make someone else an owner to approve it.`,
    );
}

/** The estimated import charges among gifts' prices, for their charge's ledger row (none: undefined). */
export function importChargesOf(gifts: { dutiesMinor: number | null; taxesMinor: number | null }[]) {
  if (gifts.every((g) => g.dutiesMinor === null && g.taxesMinor === null)) return undefined;
  const sum = (pick: (g: (typeof gifts)[number]) => number | null) => gifts.reduce((s, g) => s + (pick(g) ?? 0), 0);
  return { dutiesMinor: sum((g) => g.dutiesMinor), taxesMinor: sum((g) => g.taxesMinor), quoteId: null };
}

const secondApproverRequired = (detail: string) =>
  new HttpError(403, "Forbidden", detail, undefined, "second_approver_required");

/** The gift, locked until the transaction ends, with what approving it needs. */
async function lockGift(tx: Prisma.TransactionClient, id: string) {
  const [row] = await queryRows<{
    stage: string;
    priceCents: number;
    dutiesMinor: number | null;
    taxesMinor: number | null;
    collectionId: number;
    teamId: string;
  }>(
    tx,
    Prisma.sql`SELECT "stage", "priceCents", "dutiesMinor", "taxesMinor", "collectionId", "teamId" FROM "Gift"
               WHERE "id" = ${id} FOR UPDATE`,
  );
  return row;
}

/**
 * An owner approves a gift waiting in `pending_approval`: its charge is made now (the team's
 * budget and the approver's caps apply; the ledger records the approver) and it is scheduled
 * (sent at its `scheduled_at`, or at once if that has passed), with one `gift.approved` event.
 * The gift's row is locked first, so of two owners acting at once one wins and the other gets
 * 409 `not_pending_approval`, and the gift is charged once.
 */
export async function approveGift(db: PrismaClient, actor: TeamActor, id: string, now = new Date()): Promise<GiftView> {
  requireApprover(actor, "approve");
  const { team } = actor;
  return db.$transaction(async (tx) => {
    const gift = await getGift(tx, actor, team, id);
    const row = await lockGift(tx, gift.id);
    if (row.stage !== "pending_approval") throw notPending(gift, row.stage);
    await requireSecondPairOfEyes(tx, actor, [gift.sender.id]);
    const charge = await chargeTeam(tx, {
      teamId: team.id,
      amountCents: row.priceCents,
      largestGiftCents: row.priceCents,
      collectionIds: [row.collectionId],
      description: `Approved gift ${gift.id}`,
      by: chargedBy(actor),
      importCharges: importChargesOf([row]),
    });
    await moveGift(tx, gift.id, "scheduled", {
      at: now,
      action: "approved",
      message: `Approved by ${actor.user.email}`,
      data: { chargeId: charge.id },
    });
    return getGift(tx, actor, team, id);
  });
}

/** `{"reason": "…"}` (optional, at most 500 characters) of a rejection. */
export function parseRejection(body: unknown): string | null {
  if (body === null || body === undefined) return null;
  if (typeof body !== "object" || Array.isArray(body)) throw badRequest('The body must be {"reason": "…"} or empty.');
  const { reason, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    throw new ValidationError(
      unknown.map((key) => ({ detail: `${key} is not a known field`, pointer: `/${key}`, code: "unknown_field" })),
    );
  if (reason === undefined || reason === null) return null;
  if (typeof reason !== "string")
    throw new ValidationError([{ detail: "must be a string", pointer: "/reason", code: "not_a_string" }]);
  if (reason.length > MAX_REASON)
    throw new ValidationError([
      { detail: `is at most ${MAX_REASON} characters`, pointer: "/reason", code: "too_long" },
    ]);
  if (hasForbiddenCharacters(reason, { multiline: true }))
    throw new ValidationError([{ detail: "has invalid characters", pointer: "/reason", code: "invalid_characters" }]);
  return reason.trim() || null;
}

/**
 * An owner rejects a gift waiting in `pending_approval`: it moves to `rejected` (a
 * `gift.rejected` event with the reason); nothing was charged, so nothing is refunded. Another
 * owner's approval or rejection at the same moment: one wins, the other gets 409.
 */
export async function rejectGift(
  db: PrismaClient,
  actor: TeamActor,
  id: string,
  reason: string | null,
  now = new Date(),
): Promise<GiftView> {
  requireApprover(actor, "reject");
  const { team } = actor;
  return db.$transaction(async (tx) => {
    const gift = await getGift(tx, actor, team, id);
    const row = await lockGift(tx, gift.id);
    if (row.stage !== "pending_approval") throw notPending(gift, row.stage);
    await moveGift(tx, gift.id, "rejected", {
      at: now,
      message: reason ? `Rejected by ${actor.user.email}: ${reason}` : `Rejected by ${actor.user.email}`,
    });
    return getGift(tx, actor, team, id);
  });
}

/** Gifts left waiting for approval longer than the window expire (nothing was charged). Returns the ids. */
export async function expireUnapprovedGifts(db: PrismaClient, now = new Date()): Promise<string[]> {
  const cutoff = new Date(now.getTime() - APPROVAL_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  return db.$transaction((tx) =>
    moveGifts(tx, { stage: "pending_approval", createdAt: { lt: cutoff } }, "expired", {
      at: now,
      message: `Not approved within ${APPROVAL_WINDOW_DAYS} days`,
    }),
  );
}

/** What became of a gift that waited for an owner's approval. */
export type ApprovalOutcome = {
  state: "pending" | "approved" | "rejected" | "expired" | "cancelled";
  /** When it was decided (null while pending). */
  decidedAt: Date | null;
  /** The decision's event message: who approved or rejected it, and why. */
  note: string | null;
};

const DECISIONS = ["rejected", "expired", "cancelled"] as const;

/**
 * The approval a gift went through, read from its own events: the first one (`pending_approval`,
 * a gift is created waiting) and the first decision after it (approved, rejected, expired, or
 * cancelled while waiting). Null: the gift never waited. Two rows at most, whatever the timeline's length.
 */
export async function approvalOutcome(db: Tx, giftId: string): Promise<ApprovalOutcome | null> {
  const [created, decision] = await db.giftEvent.findMany({
    where: {
      giftId,
      OR: [{ stage: "pending_approval" }, { action: "approved" }, { stage: { in: [...DECISIONS] } }],
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: 2,
    select: { stage: true, action: true, message: true, createdAt: true },
  });
  if (created?.stage !== "pending_approval") return null;
  if (!decision) return { state: "pending", decidedAt: null, note: null };
  const state = decision.action === "approved" ? "approved" : (decision.stage as (typeof DECISIONS)[number]);
  return { state, decidedAt: decision.createdAt, note: decision.message };
}
