import { Prisma } from "@/lib/generated/prisma/client";
import type { PrismaClient } from "@/lib/db";

/** How long a worker holds a claimed gift before another may try it (far longer than a send takes). */
export const LEASE_MS = 5 * 60_000;

export type ClaimedGift = Prisma.GiftGetPayload<{
  include: {
    design: { select: { id: true; name: true; imageUrl: true; hasLogo: true } };
    logo: { select: { id: true; name: true; imageUrl: true } };
    collection: { select: { name: true } };
  };
}>;

/**
 * Claims due gift emails: one conditional UPDATE sets the lease and counts the attempt
 * for up to `limit` gifts that are `scheduled`, `email`, due (`scheduledAt <= now`) and
 * not held by anyone (no lease, or an expired one). Rows locked by a concurrent claim are
 * skipped (`FOR UPDATE SKIP LOCKED`), so two workers never claim the same gift and never
 * wait on each other. Returns the claimed gifts, `deliveryAttempts` already counting this one.
 *
 * Timestamps are passed as UTC ISO text cast to `timestamp`: Prisma stores DateTime as
 * UTC in `timestamp(3)` columns, whatever the server's time zone.
 */
export async function claimDueGifts(
  db: PrismaClient,
  { now, limit, giftId }: { now: Date; limit: number; giftId?: string },
): Promise<ClaimedGift[]> {
  const at = now.toISOString();
  const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE "Gift" SET "deliveryLeaseUntil" = ${leaseUntil}::timestamp, "deliveryAttempts" = "deliveryAttempts" + 1
    WHERE "id" IN (
      SELECT "id" FROM "Gift"
      WHERE "stage" = 'scheduled' AND "deliveryMethod" = 'email'
        AND "scheduledAt" <= ${at}::timestamp
        AND ("deliveryLeaseUntil" IS NULL OR "deliveryLeaseUntil" <= ${at}::timestamp)
        ${giftId === undefined ? Prisma.empty : Prisma.sql`AND "id" = ${giftId}`}
      ORDER BY "scheduledAt", "id"
      LIMIT ${Math.max(1, Math.floor(limit))}::int
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id"`;
  if (rows.length === 0) return [];
  return db.gift.findMany({
    where: { id: { in: rows.map((r) => r.id) } },
    include: {
      design: { select: { id: true, name: true, imageUrl: true, hasLogo: true } },
      logo: { select: { id: true, name: true, imageUrl: true } },
      collection: { select: { name: true } },
    },
    orderBy: [{ scheduledAt: "asc" }, { id: "asc" }],
  });
}
