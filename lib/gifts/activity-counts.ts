import type { Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * Folds the activity-count deltas the triggers on "Gift" and "GiftEvent" append into
 * "GiftActivityCount" (the dashboard's activity chart), at most `limit` at a time, in one
 * statement, as compactStageCounts does the funnel's: each delta is counted once, and two runs at
 * once take disjoint deltas (SKIP LOCKED). Returns how many deltas it folded.
 */
export async function compactActivityCounts(db: Tx, limit = 50_000): Promise<number> {
  const [row] = await queryRows<{ folded: number }>(
    db,
    Prisma.sql`
    WITH "taken" AS (
      DELETE FROM "GiftActivityDelta" WHERE "id" IN (
        SELECT "id" FROM "GiftActivityDelta" ORDER BY "id" LIMIT ${limit}::int FOR UPDATE SKIP LOCKED)
      RETURNING "teamId", "senderId", "livemode", "day", "kind", "prevDay", "delta"
    ), "folded" AS (
      INSERT INTO "GiftActivityCount" ("teamId", "senderId", "livemode", "day", "kind", "prevDay", "count")
      SELECT "teamId", "senderId", "livemode", "day", "kind", "prevDay", sum("delta")::int FROM "taken"
      GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 3, 4, 2, 5, 6
      ON CONFLICT ("teamId", "livemode", "day", "senderId", "kind", "prevDay")
      DO UPDATE SET "count" = "GiftActivityCount"."count" + EXCLUDED."count"
    )
    SELECT count(*)::int AS "folded" FROM "taken"`,
  );
  return row.folded;
}
