import { Prisma } from "@/lib/generated/prisma/client";
import { queryRows } from "@/lib/database/sql";
import type { Tx } from "@/lib/db";
import { AWAITING_CHOICE as awaitingChoice, isAwaitingChoice } from "@/lib/outbox/awaiting-choice";

/**
 * The gift stage machine: the only code that writes `Gift.stage`. Every change is a
 * conditional update (so concurrent callers can't both move a gift) plus one event.
 */
export const STAGES = [
  "pending_approval",
  "scheduled",
  "sent",
  "opened",
  "redeemed",
  "shipped",
  "delivered",
  "cancelled",
  "expired",
  "failed",
  "rejected",
  "declined",
  "donated",
] as const;
export type Stage = (typeof STAGES)[number];

export const INITIAL_STAGE: Stage = "scheduled";

/**
 * The money rule, enforced here and nowhere else: a live gift is in one of these stages only
 * once it is paid for (it has a charge). Every move into them is conditional on it, so no path
 * (create, approval, reopening, delivery, a stage added later) can send a gift nobody paid for.
 * Sandbox gifts are never charged.
 */
export const PAID_STAGES: readonly Stage[] = ["scheduled", "sent", "opened", "redeemed", "shipped", "delivered"];

/** The condition a gift's row meets when it may be moved to `to`, given the charge the move itself sets (if any). */
function paidCondition(to: Stage, data: MoveOptions["data"]): Prisma.GiftWhereInput {
  if (!PAID_STAGES.includes(to) || typeof data?.chargeId === "number") return {};
  return { OR: [{ livemode: false }, { chargeId: { not: null } }] };
}

/** The same rule as SQL, for the hot paths that don't go through Prisma's where. */
export const IS_PAID_SQL = Prisma.sql`(NOT "livemode" OR "chargeId" IS NOT NULL)`;

/**
 * What can happen to a gift besides a stage change, or along with one (an approval schedules
 * it). Each is a `GiftEvent` with this `action` (and the gift's stage after it); its event type
 * is `gift.<action>` (lib/gifts/events.ts).
 */
export const GIFT_ACTIONS = [
  "reminded",
  "updated",
  "resent",
  "reopened",
  "approved",
  // What the email provider reported about one of the gift's emails (lib/delivery/provider-events.ts).
  "email_delivered",
  "email_delayed",
  "email_bounced",
  "email_complained",
  // The recipient stopped the gift's reminders (one-click unsubscribe).
  "unsubscribed",
] as const;
export type GiftAction = (typeof GIFT_ACTIONS)[number];

// Sent and not yet chosen, the stages in which a gift gets reminders: lib/outbox/awaiting-choice.ts
// (the email queue drops a reminder for a gift no longer in them, and it sits below the gifts).
export const AWAITING_CHOICE: readonly Stage[] = awaitingChoice;
export { isAwaitingChoice };

const NEXT: Record<Stage, readonly Stage[]> = {
  // A gift that needs an owner's approval (lib/gifts/approvals.ts): approved, it is scheduled.
  pending_approval: ["scheduled", "rejected", "cancelled", "expired"],
  scheduled: ["sent", "opened", "cancelled", "expired", "failed"], // a link gift goes straight to opened
  // declined, donated: the recipient said "No thanks", or gave the gift's value to a charity,
  // on the untie page (lib/redemption/decline.ts, donate.ts).
  sent: ["opened", "redeemed", "cancelled", "expired", "declined", "donated"],
  opened: ["redeemed", "cancelled", "expired", "declined", "donated"],
  redeemed: ["shipped", "failed"], // failed: the fulfilment provider refused the order for good
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
  expired: [],
  failed: ["cancelled"],
  rejected: [],
  declined: [],
  donated: [],
};

/** The stages a gift may be in to move to `to`. */
export function stagesBefore(to: Stage): Stage[] {
  return STAGES.filter((from) => NEXT[from].includes(to));
}

export function isStage(value: string): value is Stage {
  return (STAGES as readonly string[]).includes(value);
}

export type MoveOptions = {
  message?: string | null;
  at?: Date;
  data?: Prisma.GiftUncheckedUpdateManyInput;
  /** The move's event names this action (its webhook is `gift.<action>`, not `gift.<stage>`). */
  action?: GiftAction;
};

/**
 * Moves one gift to `to` if its current stage allows it. Returns false when it does not
 * (already moved by someone else, or a forbidden transition). Call inside a transaction.
 */
export async function moveGift(tx: Tx, giftId: string, to: Stage, options: MoveOptions = {}): Promise<boolean> {
  return move(tx, giftId, stagesBefore(to), to, options);
}

/**
 * Where an expired gift may be reopened to: the stage it expired from. Kept out of NEXT on
 * purpose: no ordinary move (a delivery to `sent`, an open) may ever take an expired gift.
 */
export const REOPENABLE: readonly Stage[] = ["scheduled", "sent", "opened"];

/**
 * The stage changes in a gift's events: its stage events, and the two actions that change the
 * stage (an approval schedules, a reopening returns the gift to where it was).
 */
export const changedStage = (event: { action: string | null }) =>
  event.action === null || event.action === "approved" || event.action === "reopened";

/**
 * Reopens an expired gift (its expiry extended, lib/gifts/update.ts): back to `to`, the stage
 * it expired from, with ONE event whose action is `reopened` (webhook `gift.reopened`).
 * False when the gift is not expired (any more) or `to` is not a stage a gift expires from.
 */
export async function reopenGift(tx: Tx, giftId: string, to: Stage, options: MoveOptions = {}): Promise<boolean> {
  if (!REOPENABLE.includes(to)) return false;
  return move(tx, giftId, ["expired"], to, { ...options, action: "reopened" });
}

/**
 * A hard bounce of the gift email (lib/delivery/provider-events.ts): a `sent` gift moves to
 * `failed` with the reason in `deliveryIssue` and its reminders stopped. Kept out of NEXT: no
 * other move takes a sent gift to failed. False when the gift is not `sent` (any more).
 */
export function failBouncedGift(tx: Tx, giftId: string, reason: string, at: Date): Promise<boolean> {
  return move(tx, giftId, ["sent"], "failed", {
    at,
    message: reason,
    data: { deliveryIssue: reason, nextReminderAt: null },
  });
}

/**
 * A bounced gift whose address was corrected (lib/gifts/update.ts): back to `sent` (a plain
 * `gift.sent` event), the issue cleared; the caller queues the gift email to the new address.
 * Only a gift that failed because its email bounced: a refused order stays failed.
 */
export function resendBouncedGift(
  tx: Tx,
  giftId: string,
  options: MoveOptions & { where?: Prisma.GiftWhereInput },
): Promise<boolean> {
  return move(tx, giftId, ["failed"], "sent", {
    ...options,
    data: { ...options.data, deliveryIssue: null },
    where: { ...options.where, deliveryIssue: { not: null } },
  });
}

async function move(
  tx: Tx,
  giftId: string,
  from: readonly Stage[],
  to: Stage,
  options: MoveOptions & { where?: Prisma.GiftWhereInput },
): Promise<boolean> {
  const at = options.at ?? new Date();
  const { count } = await tx.gift.updateMany({
    where: { id: giftId, stage: { in: [...from] }, ...paidCondition(to, options.data), ...options.where },
    data: { ...options.data, stage: to, lastEventAt: at },
  });
  if (count === 0) return false;
  await tx.giftEvent.create({
    data: { giftId, stage: to, action: options.action ?? null, message: options.message ?? null, createdAt: at },
  });
  return true;
}

/** Moves every gift matching `where` (and allowed to) to `to`; returns the ids moved. */
export async function moveGifts(
  tx: Tx,
  where: Prisma.GiftWhereInput,
  to: Stage,
  options: MoveOptions = {},
): Promise<string[]> {
  const at = options.at ?? new Date();
  const moved = await tx.gift.updateManyAndReturn({
    where: { AND: [where, { stage: { in: stagesBefore(to) } }, paidCondition(to, options.data)] },
    data: { ...options.data, stage: to, lastEventAt: at },
    select: { id: true },
  });
  if (moved.length > 0) {
    await tx.giftEvent.createMany({
      data: moved.map(({ id }) => ({
        giftId: id,
        stage: to,
        action: options.action ?? null,
        message: options.message ?? null,
        createdAt: at,
      })),
    });
  }
  return moved.map(({ id }) => id);
}

/**
 * The delivery's hot move: these gifts to `sent` (those still allowed to move), `sentAt` set
 * and the lease cleared, one event each, in one statement. Returns the ids moved.
 */
export async function markGiftsSent(tx: Tx, ids: string[], at: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const when = at.toISOString();
  const rows = await queryRows<{ id: string }>(
    tx,
    Prisma.sql`
    WITH "moved" AS (
      UPDATE "Gift" SET "stage" = 'sent', "lastEventAt" = ${when}::timestamp, "sentAt" = ${when}::timestamp, "deliveryLeaseUntil" = NULL
      WHERE "id" = ANY(${ids}::text[]) AND "stage" = ANY(${stagesBefore("sent")}::text[]) AND ${IS_PAID_SQL}
      RETURNING "id"
    ), "events" AS (
      INSERT INTO "GiftEvent" ("giftId", "stage", "message", "createdAt") SELECT "id", 'sent', NULL, ${when}::timestamp FROM "moved"
    )
    SELECT "id" FROM "moved"`,
  );
  return rows.map((r) => r.id);
}
