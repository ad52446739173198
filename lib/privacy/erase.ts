import type { PrismaClient, Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { addressHash, normalAddress } from "@/lib/outbox/suppressions";

/**
 * Erasing recipients' personal data (docs/privacy.md). What is erased from each gift: the
 * recipient's name, email, copy address, thank-you note, redemption email and postal address
 * (with its phone); from everything about those gifts: the emails' addresses and bodies, the
 * webhook payloads and the endpoints' answers, the events' messages, the stored API answers
 * (idempotency). What stays: the gift row (id, team, sender, stage, price, dates), its charge and
 * refunds (the ledger), the funnel's counts, and a suppression by the address's hash only.
 */
export const FINAL_STAGES = ["delivered", "cancelled", "expired", "failed", "rejected", "declined", "donated"] as const;

export type ErasureSummary = {
  gifts: number;
  emails: number;
  events: number;
  webhookDeliveries: number;
  webhookAttempts: number;
  idempotencyKeys: number;
  suppressions: number;
};

const ERASED_NAME = "";
/** Left in a pending webhook delivery whose gift was erased: retries send it instead of the person. */
const ERASED_PAYLOAD = JSON.stringify({ erased: true });

/** Erases these gifts' recipients' data and every copy of it, in the caller's transaction. */
export async function eraseGifts(
  tx: Tx,
  giftIds: string[],
  now: Date,
  extra: { teamId?: string; email?: string } = {},
): Promise<ErasureSummary> {
  const summary: ErasureSummary = {
    gifts: 0,
    emails: 0,
    events: 0,
    webhookDeliveries: 0,
    webhookAttempts: 0,
    idempotencyKeys: 0,
    suppressions: 0,
  };
  const email = extra.email ? normalAddress(extra.email) : null;
  if (giftIds.length > 0) {
    summary.gifts = (
      await tx.gift.updateMany({
        where: { id: { in: giftIds } },
        data: {
          recipientName: ERASED_NAME,
          email: null,
          ccEmail: null,
          thankYouNote: null,
          redemptionEmail: null,
          address: Prisma.DbNull,
          nextReminderAt: null,
          erasedAt: now,
        },
      })
    ).count;
    summary.events = (
      await tx.giftEvent.updateMany({
        where: { giftId: { in: giftIds }, message: { not: null } },
        data: { message: null },
      })
    ).count;
    const deliveries = await queryRows<{ id: number }>(
      tx,
      Prisma.sql`
      UPDATE "WebhookDelivery" d SET "payload" = ${ERASED_PAYLOAD}
      FROM "GiftEvent" e WHERE e."id" = d."eventId" AND e."giftId" = ANY(${giftIds}::text[])
      RETURNING d."id"`,
    );
    summary.webhookDeliveries = deliveries.length;
    if (deliveries.length > 0)
      summary.webhookAttempts = (
        await tx.webhookAttempt.updateMany({
          where: { deliveryId: { in: deliveries.map((d) => d.id) } },
          data: { responseBody: null, error: null },
        })
      ).count;
    const keys = await queryRows<{ id: number }>(
      tx,
      Prisma.sql`
      UPDATE "IdempotencyKey" SET "responseBody" = NULL
      WHERE "responseBody" IS NOT NULL AND "giftIds" ?| ${giftIds}::text[]
      RETURNING "id"`,
    );
    summary.idempotencyKeys = keys.length;
  }
  // The outbox: every email about these gifts, and (for a request by address) any other email to it.
  const byAddress = email ? Prisma.sql`OR lower("to") = ${email} OR lower("cc") = ${email}` : Prisma.empty;
  const emails = await queryRows<{ id: number }>(
    tx,
    Prisma.sql`
    UPDATE "EmailOutbox" SET "to" = '', "cc" = NULL, "subject" = '', "html" = '', "text" = '', "payload" = NULL,
      "sealedLink" = NULL, "lastError" = NULL,
      "status" = CASE WHEN "status" = 'pending' THEN 'suppressed' ELSE "status" END
    WHERE ("giftId" = ANY(${giftIds}::text[]) ${byAddress}) AND NOT ("to" = '' AND "html" = '' AND "payload" IS NULL)
    RETURNING "id"`,
  );
  summary.emails = emails.length;
  if (email && extra.teamId) {
    summary.suppressions = (
      await tx.emailSuppression.updateMany({
        where: { teamId: extra.teamId, emailHash: addressHash(email), email: { not: null } },
        data: { email: null },
      })
    ).count;
  }
  return summary;
}

/**
 * `POST /teams/:team_id/erasures {"email": …}`: one person's data, from every gift of the team
 * that went to that address (as recipient, copy or redemption email) and every copy of it.
 * Answers what was erased. Owners only (checked by the caller's domain function).
 */
export async function erasePerson(db: PrismaClient, teamId: string, email: string, now = new Date()) {
  const address = normalAddress(email);
  return db.$transaction(async (tx) => {
    const gifts = await queryRows<{ id: string }>(
      tx,
      Prisma.sql`
      SELECT "id" FROM "Gift" WHERE "teamId" = ${teamId}
        AND (lower("email") = ${address} OR lower("ccEmail") = ${address} OR lower("redemptionEmail") = ${address}
             OR lower("address"->>'email') = ${address})
      FOR UPDATE`,
    );
    return eraseGifts(
      tx,
      gifts.map((g) => g.id),
      now,
      { teamId, email: address },
    );
  });
}

/**
 * The retention job: gifts that reached a final stage more than their team's
 * `recipientDataRetentionDays` ago (0: never) have their recipients' data erased, a batch at a time.
 */
export async function eraseExpiredRecipientData(
  db: PrismaClient,
  { now = new Date(), limit = 200 }: { now?: Date; limit?: number } = {},
): Promise<{ erased: number }> {
  let erased = 0;
  for (;;) {
    const done = await db.$transaction(async (tx) => {
      const due = await queryRows<{ id: string }>(
        tx,
        Prisma.sql`
        SELECT g."id" FROM "Gift" g JOIN "Team" t ON t."id" = g."teamId"
        WHERE g."erasedAt" IS NULL AND t."recipientDataRetentionDays" > 0
          AND g."stage" = ANY(${[...FINAL_STAGES]}::text[])
          AND g."lastEventAt" < ${now}::timestamp - make_interval(days => t."recipientDataRetentionDays")
        ORDER BY g."lastEventAt" LIMIT ${limit}::int
        FOR UPDATE OF g SKIP LOCKED`,
      );
      if (due.length > 0)
        await eraseGifts(
          tx,
          due.map((g) => g.id),
          now,
        );
      return due.length;
    });
    erased += done;
    if (done < limit) return { erased };
  }
}
