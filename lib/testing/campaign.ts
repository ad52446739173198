import type { PrismaClient } from "@/lib/db";
import { randomSecret } from "@/lib/crypto";
import type { catalogue } from "./fixtures";

/** Out of every 20 gifts: 6 sent (not opened), 3 opened, 5 redeemed, 2 shipped, 2 delivered, 1 expired, 1 cancelled (SQL of `i`). */
export const CAMPAIGN_STAGE_OF = `(ARRAY['sent','sent','sent','sent','sent','sent','opened','opened','opened','redeemed','redeemed','redeemed','redeemed','redeemed','shipped','shipped','delivered','delivered','expired','cancelled'])[i % 20 + 1]`;

/**
 * A campaign a week in, written with SQL (generate_series): one batch ("Holiday 2026") of `gifts`
 * live gifts sent by `senderId` in `teamId`, with the stages a real campaign has (CAMPAIGN_STAGE_OF),
 * their opened and redeemed events, one charge and the cancelled gifts' refunds. Used by
 * scripts/seed-campaign.ts and the bench (scripts/bench.ts, dashboard-http).
 */
export async function seedCampaign(
  db: PrismaClient,
  cat: Awaited<ReturnType<typeof catalogue>>,
  {
    teamId,
    senderId,
    gifts,
    batchId = `bat_${randomSecret(16)}`,
  }: { teamId: string; senderId: string; gifts: number; batchId?: string },
): Promise<{ batchId: string; chargeId: number }> {
  const price = cat.collection.priceCents;
  const charge = await db.charge.create({
    data: {
      teamId,
      kind: "charge",
      amountCents: gifts * price,
      description: `${gifts} gifts in batch "Holiday 2026"`,
      cardLast4: "4242",
      actorVia: "session",
      actorUserId: senderId,
    },
  });
  await db.giftBatch.create({
    data: {
      id: batchId,
      teamId,
      senderId,
      livemode: true,
      name: "Holiday 2026",
      size: gifts,
      createdAt: new Date(Date.now() - 7 * 86_400_000 - 10 * 60_000),
    },
  });
  const stageOf = CAMPAIGN_STAGE_OF;
  await db.$executeRawUnsafe(
    `INSERT INTO "Gift" ("id","teamId","senderId","livemode","recipientName","deliveryMethod","email","subject","message","from","scheduledAt","sentAt","stage","lastEventAt","untieTokenHash","collectionId","designId","logoId","priceCents","chargeId","batchId","createdAt")
   SELECT 'gft_hol' || lpad(i::text, 6, '0') || '${randomSecret(6)}', $1, $2, true,
          (ARRAY['Ada','Grace','Alan','Edsger','Barbara','Donald','Frances','Ken','Margaret','Tim'])[i % 10 + 1] || ' ' ||
          (ARRAY['Lovelace','Hopper','Turing','Dijkstra','Liskov','Knuth','Allen','Thompson','Hamilton','Berners-Lee'])[(i / 10) % 10 + 1] || ' ' || i,
          'email', 'guest' || i || '@example.com', 'Happy holidays!', 'Thank you for a wonderful year.', 'The team',
          now() - interval '7 days', now() - interval '7 days' + (i % 600) * interval '1 second', ${stageOf},
          now() - interval '1 day', md5('${batchId}' || i) || md5('h' || i), $3, $4, $5, $6, $7, $8,
          now() - interval '7 days' - interval '10 minutes'
   FROM generate_series(1, ${gifts}) AS i`,
    teamId,
    senderId,
    cat.collection.id,
    cat.design.id,
    cat.logo.id,
    price,
    charge.id,
    batchId,
  );
  // Their events: opened, then redeemed a spread of hours after sending (median about a day and a half).
  await db.$executeRawUnsafe(
    `INSERT INTO "GiftEvent" ("giftId","stage","createdAt","webhooksDispatchedAt")
   SELECT g."id", s."stage", g."sentAt" + s."after" * ((hashtext(g."id") & 255) / 255.0 * 72 + 1) * interval '1 hour', now()
   FROM "Gift" g
   CROSS JOIN LATERAL (VALUES ('opened', 0.3), ('redeemed', 1.0)) s("stage", "after")
   WHERE g."batchId" = $1
     AND (s."stage" = 'opened' AND g."stage" IN ('opened','redeemed','shipped','delivered')
          OR s."stage" = 'redeemed' AND g."stage" IN ('redeemed','shipped','delivered'))`,
    batchId,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "Charge" ("teamId","kind","amountCents","description","cardLast4","refundOfId","giftId","createdAt")
   SELECT $1, 'refund', -g."priceCents", 'Refund for cancelled gift ' || g."id", '4242', $2, g."id", now() - interval '2 days'
   FROM "Gift" g WHERE g."batchId" = $3 AND g."stage" = 'cancelled'`,
    teamId,
    charge.id,
    batchId,
  );
  return { batchId, chargeId: charge.id };
}
