import type { Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TeamActor } from "@/lib/actor";
import { notFound } from "@/lib/errors";
import { encodeCursor, type Cursor } from "@/lib/gifts";
import { RESEND_GAP_SECONDS, RESENDS_PER_DAY } from "@/lib/ratelimit";
import { SANDBOX_TEAM_ID } from "@/lib/teams";
import { dashboardFunnel, type Funnel } from "./funnel";

/**
 * Campaigns: a batch (one bulk request or one CSV upload) seen on its own. Every number is
 * aggregated in SQL over the batch's gifts ("Gift_batchId_idx"), so a campaign of 10,000 gifts
 * costs a few index scans, never 10,000 rows in JavaScript.
 */

export const CAMPAIGNS_PAGE_SIZE = 25;
export const NOT_OPENED_PAGE_SIZE = 25;

/** Stages at or past redemption (the funnel's "redeemed" step). */
const REDEEMED = Prisma.sql`('redeemed', 'shipped', 'delivered')`;
/** A gift's price was charged and not refunded (a cancel or a decline refunds it in full; lib/billing refundGift). */
const KEPT_CHARGE = Prisma.sql`g."chargeId" IS NOT NULL AND g."stage" NOT IN ('cancelled', 'declined')`;

export const isBatchId = (id: string) => /^bat_[A-Za-z0-9_-]{1,64}$/.test(id);

/** The batches a dashboard actor sees: the team's live batches, or in the sandbox the person's own. */
function batchWhere(actor: TeamActor, alias = "b"): Prisma.Sql {
  const b = Prisma.raw(`${alias}.`);
  return actor.mode === "sandbox"
    ? Prisma.sql`${b}"teamId" = ${SANDBOX_TEAM_ID} AND ${b}"senderId" = ${actor.user.id} AND NOT ${b}"livemode"`
    : Prisma.sql`${b}"teamId" = ${actor.team.id} AND ${b}"livemode"`;
}

export type CampaignRow = {
  id: string;
  name: string;
  createdAt: Date;
  senderName: string;
  gifts: number;
  redeemed: number;
  spendCents: number;
  /** The team's currency, which spend is in. */
  currency: string;
};

/**
 * The currency of a team's spend: spend sums charged gifts, all in the team's currency (it is
 * fixed once the team has a charge: docs/international.md).
 */
const teamCurrencySql = (actor: TeamActor) => Prisma.sql`(SELECT "currency" FROM "Team" WHERE "id" = ${actor.team.id})`;

/**
 * A page of the actor's campaigns, newest first, each with its gifts, redeemed gifts and spend:
 * one statement, the page's batches from ("teamId", "createdAt") and each one's gifts counted
 * through the batch index.
 */
export async function listCampaigns(
  db: Tx,
  actor: TeamActor,
  options: { after?: Cursor; size?: number } = {},
): Promise<{ rows: CampaignRow[]; next: string | null }> {
  const size = options.size ?? CAMPAIGNS_PAGE_SIZE;
  const after = options.after
    ? Prisma.sql`AND (b."createdAt", b."id") < (${options.after.createdAt.toISOString()}::timestamp, ${options.after.id})`
    : Prisma.empty;
  const rows = await queryRows<Omit<CampaignRow, "spendCents"> & { spendCents: bigint | number }>(
    db,
    Prisma.sql`
    SELECT b."id", b."name", b."createdAt", coalesce(u."name", u."email") AS "senderName",
           s."gifts", s."redeemed", s."spendCents", ${teamCurrencySql(actor)} AS "currency"
    FROM (SELECT * FROM "GiftBatch" b WHERE ${batchWhere(actor)} ${after}
          ORDER BY b."createdAt" DESC, b."id" DESC LIMIT ${size + 1}::int) b
    JOIN "User" u ON u."id" = b."senderId"
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS "gifts",
             (count(*) FILTER (WHERE g."stage" IN ${REDEEMED}))::int AS "redeemed",
             coalesce(sum(g."priceCents") FILTER (WHERE ${KEPT_CHARGE}), 0)::bigint AS "spendCents"
      FROM "Gift" g WHERE g."batchId" = b."id") s
    ORDER BY b."createdAt" DESC, b."id" DESC`,
  );
  const page = rows.slice(0, size).map((row) => ({ ...row, spendCents: Number(row.spendCents) }));
  return { rows: page, next: rows.length > size ? encodeCursor(page[page.length - 1]) : null };
}

export type Campaign = {
  id: string;
  name: string;
  createdAt: Date;
  senderName: string;
  funnel: Funnel;
  /** Gifts at or past redemption, and their share of all the batch's gifts (null with no gifts). */
  redeemed: number;
  redemptionRate: number | null;
  /** What the batch's gifts cost, less refunds: the sum of `GET /charges?filter[batch]=…`. */
  spendCents: number;
  /** The team's currency, which spend is in. */
  currency: string;
  /** The median time from the gift's send to its redemption, over the redeemed gifts (null: none yet). */
  medianSecondsToRedeem: number | null;
  /** Sent and not opened yet (stage `sent`). */
  notOpened: number;
  /** Of those, the email gifts the actor may resend that the resend limit allows now (what a "Remind" click queues: lib/dashboard/campaign-reminders.ts). */
  remindable: number;
  /** The day the first gift was sent, for the activity chart's range. */
  firstSentOn: string | null;
};

/** The gifts a reminder is for: sent, not opened, by email, the actor's to change (owners: all; members: their own). */
export function reminderCandidateWhere(actor: TeamActor): Prisma.Sql {
  return Prisma.join(
    [
      Prisma.sql`g."stage" = 'sent'`,
      Prisma.sql`g."deliveryMethod" = 'email'`,
      Prisma.sql`g."email" IS NOT NULL`,
      actor.role === "owner" ? null : Prisma.sql`g."senderId" = ${actor.user.id}`,
    ].filter((c) => c !== null),
    " AND ",
  );
}

/** The gifts "Remind" would resend now: the candidates the resend limit allows. */
export function remindableWhere(actor: TeamActor, now: Date): Prisma.Sql {
  const gap = new Date(now.getTime() - RESEND_GAP_SECONDS * 1000);
  const day = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  return Prisma.sql`${reminderCandidateWhere(actor)}
    AND NOT EXISTS (SELECT 1 FROM "GiftEvent" e WHERE e."giftId" = g."id" AND e."action" = 'resent'
                    AND e."createdAt" > ${gap}::timestamp)
    AND (SELECT count(*) FROM "GiftEvent" e WHERE e."giftId" = g."id" AND e."action" = 'resent'
         AND e."createdAt" > ${day}::timestamp) < ${RESENDS_PER_DAY}`;
}

/** The batch as the actor may see it, else 404 (another team's batch, a malformed id: the same answer). */
export async function findBatch(db: Tx, actor: TeamActor, batchId: string) {
  const [batch] = isBatchId(batchId)
    ? await queryRows<{ id: string; name: string; createdAt: Date; senderName: string }>(
        db,
        Prisma.sql`SELECT b."id", b."name", b."createdAt", coalesce(u."name", u."email") AS "senderName"
                   FROM "GiftBatch" b JOIN "User" u ON u."id" = b."senderId"
                   WHERE b."id" = ${batchId} AND ${batchWhere(actor)}`,
      )
    : [];
  if (!batch) throw notFound(`No batch "${batchId.slice(0, 80)}" in team "${actor.team.id}".`);
  return batch;
}

/**
 * One campaign: its funnel (the dashboard's, filtered to the batch), redemption rate, spend,
 * median time to redeem and how many haven't opened. Two statements besides the funnel's: the
 * batch, and one pass over its gifts (the median reads each redeemed gift's first `redeemed`
 * event through ("giftId", "id")).
 */
export async function campaign(db: Tx, actor: TeamActor, batchId: string, now = new Date()): Promise<Campaign> {
  const batch = await findBatch(db, actor, batchId);
  const [funnel, [stats]] = await Promise.all([
    dashboardFunnel(db, actor, { mode: actor.mode, order: "newest", batch: batch.id }),
    queryRows<{
      redeemed: number;
      spendCents: bigint | number;
      currency: string;
      notOpened: number;
      remindable: number;
      median: number | null;
      firstSent: Date | null;
    }>(
      db,
      Prisma.sql`
      SELECT (count(*) FILTER (WHERE g."stage" IN ${REDEEMED}))::int AS "redeemed",
             coalesce(sum(g."priceCents") FILTER (WHERE ${KEPT_CHARGE}), 0)::bigint AS "spendCents",
             ${teamCurrencySql(actor)} AS "currency",
             (count(*) FILTER (WHERE g."stage" = 'sent'))::int AS "notOpened",
             min(g."sentAt") AS "firstSent",
             (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM r."at" - g2."sentAt"))
                FROM "Gift" g2
                CROSS JOIN LATERAL (SELECT min(e."createdAt") AS "at" FROM "GiftEvent" e
                                    WHERE e."giftId" = g2."id" AND e."stage" = 'redeemed' AND e."action" IS NULL) r
               WHERE g2."batchId" = ${batch.id} AND g2."stage" IN ${REDEEMED}
                 AND g2."sentAt" IS NOT NULL AND r."at" IS NOT NULL)::float8 AS "median",
             -- Its own scan of the unopened gifts: as a FILTER of the pass above, the planner costs
             -- the per-gift look-ups for every gift of the batch (and JIT-compiles the statement).
             (SELECT count(*) FROM "Gift" g WHERE g."batchId" = ${batch.id} AND ${remindableWhere(actor, now)})::int AS "remindable"
      FROM "Gift" g WHERE g."batchId" = ${batch.id}`,
    ),
  ]);
  return {
    ...batch,
    funnel,
    redeemed: stats.redeemed,
    redemptionRate: funnel.total === 0 ? null : stats.redeemed / funnel.total,
    spendCents: Number(stats.spendCents),
    currency: stats.currency,
    medianSecondsToRedeem: stats.median === null ? null : Math.round(stats.median),
    notOpened: stats.notOpened,
    remindable: stats.remindable,
    firstSentOn: stats.firstSent ? stats.firstSent.toISOString().slice(0, 10) : null,
  };
}

export type NotOpenedRow = {
  id: string;
  recipientName: string;
  email: string | null;
  deliveryMethod: string;
  sentAt: Date | null;
  lastRemindedAt: Date | null;
};

/** A gift id as the "who hasn't opened" list's cursor takes it. */
const isGiftId = (id: string) => /^gft_[A-Za-z0-9_-]{1,64}$/.test(id);

/**
 * A page of the batch's gifts sent and not opened, in id order (keyset: `after` is the last id
 * of the page before; anything else is the first page), with when each was last reminded.
 */
export async function notOpened(
  db: Tx,
  actor: TeamActor,
  batchId: string,
  options: { after?: string; size?: number } = {},
): Promise<{ rows: NotOpenedRow[]; next: string | null }> {
  const batch = await findBatch(db, actor, batchId);
  const size = options.size ?? NOT_OPENED_PAGE_SIZE;
  const after = options.after && isGiftId(options.after) ? Prisma.sql`AND g."id" > ${options.after}` : Prisma.empty;
  const rows = await queryRows<NotOpenedRow>(
    db,
    Prisma.sql`
    SELECT g."id", g."recipientName", g."email", g."deliveryMethod", g."sentAt",
           (SELECT max(e."createdAt") FROM "GiftEvent" e WHERE e."giftId" = g."id" AND e."action" = 'resent') AS "lastRemindedAt"
    FROM "Gift" g WHERE g."batchId" = ${batch.id} AND g."stage" = 'sent' ${after}
    ORDER BY g."id" LIMIT ${size + 1}::int`,
  );
  const page = rows.slice(0, size);
  return { rows: page, next: rows.length > size ? page[page.length - 1].id : null };
}
