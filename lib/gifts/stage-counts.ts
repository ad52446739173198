import type { Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";

/** A counts table, its deltas table, and the counts' key columns in their primary key's order. */
type KeptCounts = { deltas: string; counts: string; keys: string[] };

const STAGES: KeptCounts = {
  deltas: "GiftStageDelta",
  counts: "GiftStageCount",
  keys: ["teamId", "livemode", "day", "senderId", "stage"],
};

// The dashboard's activity chart: sends, first opens and first redemptions per day.
const ACTIVITY: KeptCounts = {
  deltas: "GiftActivityDelta",
  counts: "GiftActivityCount",
  keys: ["teamId", "livemode", "day", "senderId", "kind", "prevDay"],
};

/**
 * Kept counts: triggers on "Gift" and "GiftEvent" append deltas, and these fold them into their
 * counts, at most `limit` at a time, in one statement: the deltas taken are deleted and added in
 * the same statement, so each is counted once. Two runs at once take disjoint deltas (SKIP LOCKED).
 * Each returns how many deltas it folded.
 */
async function fold(db: Tx, { deltas, counts, keys }: KeptCounts, limit: number): Promise<number> {
  const columns = keys.map((key) => `"${key}"`).join(", ");
  const [row] = await queryRows<{ folded: number }>(
    db,
    Prisma.sql`
    WITH "taken" AS (
      DELETE FROM ${Prisma.raw(`"${deltas}"`)} WHERE "id" IN (
        SELECT "id" FROM ${Prisma.raw(`"${deltas}"`)} ORDER BY "id" LIMIT ${limit}::int FOR UPDATE SKIP LOCKED)
      RETURNING ${Prisma.raw(columns)}, "delta"
    ), "folded" AS (
      INSERT INTO ${Prisma.raw(`"${counts}"`)} (${Prisma.raw(columns)}, "count")
      SELECT ${Prisma.raw(columns)}, sum("delta")::int FROM "taken"
      GROUP BY ${Prisma.raw(columns)} ORDER BY ${Prisma.raw(columns)}
      ON CONFLICT (${Prisma.raw(columns)})
      DO UPDATE SET "count" = ${Prisma.raw(`"${counts}"`)}."count" + EXCLUDED."count"
    )
    SELECT count(*)::int AS "folded" FROM "taken"`,
  );
  return row.folded;
}

export const compactStageCounts = (db: Tx, limit = 50_000) => fold(db, STAGES, limit);
export const compactActivityCounts = (db: Tx, limit = 50_000) => fold(db, ACTIVITY, limit);
