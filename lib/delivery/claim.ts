import { Prisma } from "@/lib/generated/prisma/client";
import type { PrismaClient } from "@/lib/db";
import { LEASE_MS, renewWhileWorking } from "@/lib/database/lease";
import { queryRows } from "@/lib/database/sql";
import { IS_PAID_SQL } from "@/lib/gifts/stages";
import type { GiftForEmail } from "@/lib/gifts/render-gift-email";

/** How long a claim holds a gift unless its worker renews it (see lib/database/lease). */
export { LEASE_MS };

/** A claimed gift: what its email shows, where it goes, and its attempt count. */
export type ClaimedGift = GiftForEmail & {
  email: string | null;
  ccEmail: string | null;
  livemode: boolean;
  deliveryAttempts: number;
};

/**
 * Claims due gift emails: one conditional UPDATE sets the lease and counts the attempt
 * for up to `limit` gifts that are `scheduled`, `email`, due (`scheduledAt <= now`) and
 * not held by anyone (no lease, or an expired one); without `giftId`, not on a sandbox test clock
 * (lib/simulation/test-clock.ts: such a gift moves with its clock). Rows locked by a concurrent claim are
 * skipped (`FOR UPDATE SKIP LOCKED`), so two workers never claim the same gift and never
 * wait on each other. Returns the claimed gifts, `deliveryAttempts` already counting this one.
 *
 * One statement: the UPDATE's RETURNING joins the design, logo and collection the email shows.
 * Timestamps are passed as UTC ISO text cast to `timestamp`: Prisma stores DateTime as
 * UTC in `timestamp(3)` columns, whatever the server's time zone.
 */
export async function claimDueGifts(
  db: PrismaClient,
  { now, limit, giftId }: { now: Date; limit: number; giftId?: string },
): Promise<ClaimedGift[]> {
  const at = now.toISOString();
  const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
  return queryRows<ClaimedGift>(
    db,
    Prisma.sql`
    WITH "claimed" AS (
      UPDATE "Gift" SET "deliveryLeaseUntil" = ${leaseUntil}::timestamp, "deliveryAttempts" = "deliveryAttempts" + 1
      WHERE "id" IN (
        SELECT "id" FROM "Gift"
        WHERE "stage" = 'scheduled' AND "deliveryMethod" = 'email' AND ${IS_PAID_SQL}
          AND "scheduledAt" <= ${at}::timestamp
          AND ("deliveryLeaseUntil" IS NULL OR "deliveryLeaseUntil" <= ${at}::timestamp)
          ${giftId === undefined ? Prisma.sql`AND "clockAt" IS NULL` : Prisma.sql`AND "id" = ${giftId}`}
        ORDER BY "scheduledAt", "id"
        LIMIT ${Math.max(1, Math.floor(limit))}::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING "id", "untieVersion", "recipientName", "subject", "message", "from", "expiresOn", "locale", "email", "ccEmail", "livemode",
                "deliveryAttempts", "scheduledAt", "collectionId", "designId", "logoId"
    )
    SELECT g."id", g."untieVersion", g."recipientName", g."subject", g."message", g."from", g."expiresOn", g."locale", g."email", g."ccEmail", g."livemode", g."deliveryAttempts",
           json_build_object('slug', c."slug", 'name', c."name") AS "collection",
           CASE WHEN d."id" IS NULL THEN NULL ELSE json_build_object('id', d."id", 'name', d."name", 'imageUrl', d."imageUrl", 'hasLogo', d."hasLogo") END AS "design",
           json_build_object('id', l."id", 'name', l."name", 'imageUrl', l."imageUrl") AS "logo"
    FROM "claimed" g
    JOIN "Collection" c ON c."id" = g."collectionId"
    JOIN "Logo" l ON l."id" = g."logoId"
    LEFT JOIN "Design" d ON d."id" = g."designId"
    ORDER BY g."scheduledAt", g."id"`,
  );
}

/**
 * Renews the lease of the claimed gifts still in `held` until `stop()`. Only a lease
 * shorter than the new one is extended: a gift released to its retry time keeps it.
 */
export function holdClaimedGifts(db: PrismaClient, held: Set<string>): () => void {
  return renewWhileWorking(async () => {
    if (held.size === 0) return;
    const until = new Date(Date.now() + LEASE_MS);
    await db.gift.updateMany({
      where: { id: { in: [...held] }, stage: "scheduled", deliveryLeaseUntil: { lt: until } },
      data: { deliveryLeaseUntil: until },
    });
  });
}
