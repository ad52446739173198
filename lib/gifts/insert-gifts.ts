import type { Tx } from "@/lib/db";
import { sha256 } from "@/lib/crypto";

/**
 * Writes new gifts, their first events and the sender's message history (the message
 * becomes the newest) in one statement: atomic on its own, and one round trip whatever
 * the number of gifts. Rows have the Gift table's column names.
 */
export async function insertGifts(
  tx: Tx,
  gifts: Record<string, unknown>[],
  event: { stage: string; at: Date },
  message: { teamId: string; userId: string; text: string },
): Promise<void> {
  const columns = Object.keys(gifts[0]).map((c) => `"${c.replace(/"/g, '""')}"`).join(", ");
  await tx.$executeRawUnsafe(
    `WITH "gifts" AS (
       INSERT INTO "Gift" (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::"Gift", $1::json) RETURNING "id"
     ), "events" AS (
       INSERT INTO "GiftEvent" ("giftId", "stage", "createdAt") SELECT "id", $2, $3::timestamp FROM "gifts"
     )
     INSERT INTO "GiftMessage" ("teamId", "userId", "message", "messageHash", "createdAt") VALUES ($4, $5, $6, $7, $3::timestamp)
     ON CONFLICT ("teamId", "userId", "messageHash") DO UPDATE SET "createdAt" = EXCLUDED."createdAt"`,
    JSON.stringify(gifts),
    event.stage,
    event.at.toISOString(),
    message.teamId,
    message.userId,
    message.text,
    sha256(message.text),
  );
}
