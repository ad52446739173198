import type { Tx } from "@/lib/db";
import { queryRows, type Queryable } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";

/** Keys are kept this long; an older key is forgotten and may be used again. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export type IdempotencyReservation = { ownerKey: string; key: string; requestHash: string };
export type StoredKey = {
  id: number;
  requestHash: string;
  giftIds: string[];
  status: number | null;
  responseBody: string | null;
};

/** The live (under 24 hours old) record of a key, if any. */
export async function findIdempotencyKey(
  db: Tx,
  ownerKey: string,
  key: string,
  now = new Date(),
): Promise<StoredKey | null> {
  const row = await db.idempotencyKey.findUnique({ where: { ownerKey_key: { ownerKey, key } } });
  if (!row) return null;
  if (row.createdAt.getTime() < now.getTime() - IDEMPOTENCY_TTL_MS) {
    await db.idempotencyKey.deleteMany({ where: { id: row.id } });
    return null;
  }
  return {
    id: row.id,
    requestHash: row.requestHash,
    giftIds: row.giftIds as string[],
    status: row.status,
    responseBody: row.responseBody,
  };
}

/** Inside the creating transaction: claims the key (a unique violation means someone else has). */
export async function reserveIdempotencyKey(
  tx: Queryable,
  r: IdempotencyReservation,
  giftIds: string[],
): Promise<void> {
  await queryRows(
    tx,
    Prisma.sql`
    INSERT INTO "IdempotencyKey" ("ownerKey", "key", "requestHash", "giftIds", "createdAt")
    VALUES (${r.ownerKey}, ${r.key}, ${r.requestHash}, ${JSON.stringify(giftIds)}::jsonb, ${new Date()}::timestamp)`,
  );
}

/** After commit: keeps the exact response for replays. */
export async function saveIdempotentResponse(
  db: Tx,
  r: IdempotencyReservation,
  status: number,
  responseBody: string,
): Promise<void> {
  await db.idempotencyKey.update({
    where: { ownerKey_key: { ownerKey: r.ownerKey, key: r.key } },
    data: { status, responseBody },
  });
}

/** Forgets keys older than 24 hours (a daily job: off the request path). Returns how many. */
export async function purgeExpiredIdempotencyKeys(db: Tx, now = new Date()): Promise<number> {
  const { count } = await db.idempotencyKey.deleteMany({
    where: { createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_TTL_MS) } },
  });
  return count;
}
