import type { Tx } from "@/lib/db";
import { sha256 } from "@/lib/crypto";
import { queryRows } from "@/lib/database/direct-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { referencesFromRows, referencesSql, type ReferenceRows, type References, type ReferenceSpec } from "./resolve-references";

export type InsertGiftsInput = {
  teamId: string;
  /** Rows with the Gift table's column names, except the four the references decide. */
  gifts: Record<string, unknown>[];
  refs: ReferenceSpec;
  event: { stage: string; at: Date };
  message: { userId: string; text: string };
};

/**
 * Resolves the references the gifts name and, only when all of them are found, writes the
 * gifts (collection, design, logo and price from those references), their first events
 * and the sender's message history (the message becomes the newest): one statement,
 * atomic on its own and one round trip whatever the number of gifts. Returns the
 * references and whether the gifts were written.
 */
export async function insertGifts(tx: Tx, input: InsertGiftsInput): Promise<References & { inserted: boolean }> {
  const { gifts, event, message } = input;
  const columns = Prisma.raw(Object.keys(gifts[0]).map((c) => `"${c.replace(/"/g, '""')}"`).join(", "));
  const rowColumns = Prisma.raw(Object.keys(gifts[0]).map((c) => `r."${c.replace(/"/g, '""')}"`).join(", "));
  const at = event.at.toISOString();
  const [row] = await queryRows<ReferenceRows & { inserted: boolean }>(tx, Prisma.sql`
    WITH "refs" AS (${referencesSql(input.teamId, input.refs)}),
    "gifts" AS (
      INSERT INTO "Gift" (${columns}, "collectionId", "designId", "logoId", "priceCents")
      SELECT ${rowColumns}, ("refs"."collection"->>'id')::int, "refs"."design"->>'id', ("refs"."logo"->>'id')::int,
             CASE WHEN r."livemode" THEN ("refs"."collection"->>'priceCents')::int ELSE 0 END
      FROM json_populate_recordset(NULL::"Gift", ${JSON.stringify(gifts)}::json) r, "refs"
      WHERE "refs"."collection" IS NOT NULL AND "refs"."logo" IS NOT NULL AND ("refs"."design" IS NOT NULL OR ${input.refs.designId === undefined})
      RETURNING "id"
    ), "events" AS (
      INSERT INTO "GiftEvent" ("giftId", "stage", "createdAt") SELECT "id", ${event.stage}, ${at}::timestamp FROM "gifts"
    ), "message" AS (
      INSERT INTO "GiftMessage" ("teamId", "userId", "message", "messageHash", "createdAt")
      SELECT ${input.teamId}, ${message.userId}, ${message.text}, ${sha256(message.text)}, ${at}::timestamp WHERE EXISTS (SELECT FROM "gifts")
      ON CONFLICT ("teamId", "userId", "messageHash") DO UPDATE SET "createdAt" = EXCLUDED."createdAt"
    )
    SELECT "refs".*, EXISTS (SELECT FROM "gifts") AS "inserted" FROM "refs"`);
  return { ...referencesFromRows(row), inserted: row.inserted };
}
