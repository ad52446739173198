import { Prisma } from "@/lib/generated/prisma/client";
import { queryRows } from "@/lib/database/sql";
import type { Tx } from "@/lib/db";

/**
 * The gift stage machine: the only code that writes `Gift.stage`. Every change is a
 * conditional update (so concurrent callers can't both move a gift) plus one event.
 */
export const STAGES = [
  "scheduled",
  "sent",
  "opened",
  "redeemed",
  "shipped",
  "delivered",
  "cancelled",
  "expired",
  "failed",
] as const;
export type Stage = (typeof STAGES)[number];

export const INITIAL_STAGE: Stage = "scheduled";

/**
 * Sent and not yet chosen: the stages in which a gift gets reminders (lib/reminders). The one
 * rule: a gift redeemed, cancelled, expired (or in any stage added later) gets none.
 */
export const AWAITING_CHOICE: readonly Stage[] = ["sent", "opened"];
export const isAwaitingChoice = (stage: string) => (AWAITING_CHOICE as readonly string[]).includes(stage);

const NEXT: Record<Stage, readonly Stage[]> = {
  scheduled: ["sent", "opened", "cancelled", "expired", "failed"], // a link gift goes straight to opened
  sent: ["opened", "redeemed", "cancelled", "expired"],
  opened: ["redeemed", "cancelled", "expired"],
  redeemed: ["shipped", "failed"], // failed: the fulfilment provider refused the order for good
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
  expired: [],
  failed: ["cancelled"],
};

/** The stages a gift may be in to move to `to`. */
export function stagesBefore(to: Stage): Stage[] {
  return STAGES.filter((from) => NEXT[from].includes(to));
}

export function isStage(value: string): value is Stage {
  return (STAGES as readonly string[]).includes(value);
}

export type MoveOptions = { message?: string | null; at?: Date; data?: Prisma.GiftUncheckedUpdateManyInput };

/**
 * Moves one gift to `to` if its current stage allows it. Returns false when it does not
 * (already moved by someone else, or a forbidden transition). Call inside a transaction.
 */
export async function moveGift(tx: Tx, giftId: string, to: Stage, options: MoveOptions = {}): Promise<boolean> {
  const at = options.at ?? new Date();
  const { count } = await tx.gift.updateMany({
    where: { id: giftId, stage: { in: stagesBefore(to) } },
    data: { ...options.data, stage: to, lastEventAt: at },
  });
  if (count === 0) return false;
  await tx.giftEvent.create({ data: { giftId, stage: to, message: options.message ?? null, createdAt: at } });
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
    where: { AND: [where, { stage: { in: stagesBefore(to) } }] },
    data: { ...options.data, stage: to, lastEventAt: at },
    select: { id: true },
  });
  if (moved.length > 0) {
    await tx.giftEvent.createMany({
      data: moved.map(({ id }) => ({ giftId: id, stage: to, message: options.message ?? null, createdAt: at })),
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
      WHERE "id" = ANY(${ids}::text[]) AND "stage" = ANY(${stagesBefore("sent")}::text[])
      RETURNING "id"
    ), "events" AS (
      INSERT INTO "GiftEvent" ("giftId", "stage", "message", "createdAt") SELECT "id", 'sent', NULL, ${when}::timestamp FROM "moved"
    )
    SELECT "id" FROM "moved"`,
  );
  return rows.map((r) => r.id);
}
