import type { Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * Folds the stage-count deltas the triggers on "Gift" append into "GiftStageCount", at most
 * `limit` at a time, in one statement: the deltas it takes are deleted and added in the same
 * statement, so each is counted once. Two runs at once take disjoint deltas (SKIP LOCKED).
 * Returns how many deltas it folded.
 */
export async function compactStageCounts(db: Tx, limit = 50_000): Promise<number> {
  const [row] = await queryRows<{ folded: number }>(
    db,
    Prisma.sql`
    WITH "taken" AS (
      DELETE FROM "GiftStageDelta" WHERE "id" IN (
        SELECT "id" FROM "GiftStageDelta" ORDER BY "id" LIMIT ${limit}::int FOR UPDATE SKIP LOCKED)
      RETURNING "teamId", "senderId", "livemode", "day", "stage", "delta"
    ), "folded" AS (
      INSERT INTO "GiftStageCount" ("teamId", "senderId", "livemode", "day", "stage", "count")
      SELECT "teamId", "senderId", "livemode", "day", "stage", sum("delta")::int FROM "taken"
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 3, 4, 2, 5
      ON CONFLICT ("teamId", "livemode", "day", "senderId", "stage")
      DO UPDATE SET "count" = "GiftStageCount"."count" + EXCLUDED."count"
    )
    SELECT count(*)::int AS "folded" FROM "taken"`,
  );
  return row.folded;
}
