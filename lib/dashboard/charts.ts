import { jsonArraySql, queryRows, type Queryable } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TeamActor } from "@/lib/actor";
import type { DashboardQuery } from "@/lib/gifts/dashboard-links";
import { dashboardWhere, ownRowsSql } from "./where";

const DAY_MS = 86_400_000;
/** The longest range a chart draws (a bar a day): a wider filter shows its last 92 days. */
export const MAX_CHART_DAYS = 92;
const DEFAULT_DAYS = 30;

export type ActivityDay = { day: string; sent: number; opened: number; redeemed: number };
export type SpendDay = { day: string; cents: number; cumulativeCents: number };

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The chart's days: the view's `from`–`to` (created on), else the last 30 days to today; at most 92. */
export function chartDays(query: Pick<DashboardQuery, "from" | "to">, now = new Date()): string[] {
  const end = query.to ? new Date(`${query.to}T00:00:00Z`) : new Date(`${isoDay(now)}T00:00:00Z`);
  let start = query.from ? new Date(`${query.from}T00:00:00Z`) : new Date(end.getTime() - (DEFAULT_DAYS - 1) * DAY_MS);
  if (start > end) return [];
  if ((end.getTime() - start.getTime()) / DAY_MS >= MAX_CHART_DAYS)
    start = new Date(end.getTime() - (MAX_CHART_DAYS - 1) * DAY_MS);
  const days: string[] = [];
  for (let at = start.getTime(); at <= end.getTime(); at += DAY_MS) days.push(isoDay(new Date(at)));
  return days;
}

/**
 * Gifts of the view sent, opened and redeemed on each day of the chart (UTC days): sent by the
 * gift's `sentAt`, opened and redeemed by the day of that stage's event (a gift opened twice in
 * the chart's days counts once, on its first). The view's filters choose the gifts (dashboardWhere,
 * as the table), except `stage` and the created days, which the chart's own days replace. Rows of
 * `activityOf`; null when the chart has no days.
 *
 * A team's (or a person's sandbox) view sums the per-day counts the triggers keep
 * ("GiftActivityCount" and the deltas not folded yet), a few rows a day: counting a campaign's
 * events per page load took ~120 ms at 1,000,000 gifts. A search or a batch counts its gifts'
 * events, gifts first; `matching`: the statement's "matching" CTE holds the view's gifts (the
 * board's search or batch), so the chart does not look them up again.
 */
export function activitySql(
  actor: TeamActor,
  query: DashboardQuery,
  days: string[],
  options: { matching?: boolean } = {},
): Prisma.Sql | null {
  if (days.length === 0) return null;
  const { stage: _s, after: _a, from: _f, to: _t, ...rest } = query;
  const start = days[0];
  const end = days[days.length - 1];
  if (!rest.search && !rest.batch && !rest.ids) return sumActivityCountsSql(actor, start, end);
  // The board's "matching" CTE (giftsAndFunnelSql) holds these gifts unless it is narrowed to the created days.
  const gifts =
    options.matching && !query.from && !query.to
      ? Prisma.sql`SELECT g."id", g."sentAt" FROM "matching" m JOIN "Gift" g ON g."id" = m."id"`
      : Prisma.sql`SELECT g."id", g."sentAt" FROM "Gift" g WHERE ${dashboardWhere(actor, rest)}`;
  return countEventsSql(gifts, start, end);
}

/**
 * The kept counts of the chart's days. A row counts in a chart from `start` when the gift had no
 * such event on an earlier day of the chart: its previous day (`prevDay`) is before `start`, or
 * it has none (`prevDay` is the day itself): the migration 20261202190000_gift_activity_counts.
 */
function sumActivityCountsSql(actor: TeamActor, start: string, end: string): Prisma.Sql {
  const whose = ownRowsSql(actor);
  const range = Prisma.sql`"day" >= ${start}::date AND "day" <= ${end}::date AND ("prevDay" < ${start}::date OR "prevDay" = "day")`;
  return Prisma.sql`
    SELECT to_char(c."day", 'YYYY-MM-DD') AS "day", c."kind", sum(c."n")::int AS "count" FROM (
      SELECT "day", "kind", "count" AS "n" FROM "GiftActivityCount" WHERE ${whose} AND ${range}
      UNION ALL
      SELECT "day", "kind", "delta" FROM "GiftActivityDelta" WHERE ${whose} AND ${range}
    ) c GROUP BY 1, 2 HAVING sum(c."n") <> 0`;
}

/** The chart's counts from the view's gifts themselves (`gifts`: their ids and sends, found once), then their events by gift. */
function countEventsSql(gifts: Prisma.Sql, start: string, end: string): Prisma.Sql {
  return Prisma.sql`
    WITH "charted" AS MATERIALIZED (${gifts})
    SELECT to_char(d."at", 'YYYY-MM-DD') AS "day", d."kind", count(*)::int AS "count" FROM (
      SELECT "sentAt" AS "at", 'sent' AS "kind" FROM "charted"
      WHERE "sentAt" >= ${start}::date AND "sentAt" < ${end}::date + 1
      UNION ALL
      SELECT min(e."createdAt"), e."stage" FROM "charted" c JOIN "GiftEvent" e ON e."giftId" = c."id"
      WHERE e."stage" IN ('opened', 'redeemed') AND e."action" IS NULL
        AND e."createdAt" >= ${start}::date AND e."createdAt" < ${end}::date + 1
      GROUP BY e."giftId", e."stage"
    ) d GROUP BY 1, 2`;
}

/** The chart's days from activitySql's rows (a day without any is zeros). */
export function activityOf(days: string[], rows: { day: string; kind: string; count: number }[]): ActivityDay[] {
  const byDay = new Map(days.map((day) => [day, { day, sent: 0, opened: 0, redeemed: 0 } as ActivityDay]));
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (entry && (row.kind === "sent" || row.kind === "opened" || row.kind === "redeemed"))
      entry[row.kind] += row.count;
  }
  return [...byDay.values()];
}

/** The activity chart's days for the view (activitySql). */
export async function activityPerDay(db: Queryable, actor: TeamActor, query: DashboardQuery, now = new Date()) {
  const days = chartDays(query, now);
  const sql = activitySql(actor, query, days);
  return activityOf(days, sql ? await queryRows(db, sql) : []);
}

const monthStartOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * This month's spend chart as one JSON value: the team's monthly budget and its charges summed
 * per UTC day since the month began (the charges `GET /budget` sums: readBudget, lib/billing), in
 * the team's currency: every charge is in it, since a team's currency is fixed once it has one.
 */
export function spendSql(teamId: string, now: Date): Prisma.Sql {
  return Prisma.sql`json_build_object(
    'limit', (SELECT "monthlyBudgetCents" FROM "Team" WHERE "id" = ${teamId}),
    'currency', (SELECT "currency" FROM "Team" WHERE "id" = ${teamId}),
    'days', ${jsonArraySql(Prisma.sql`SELECT to_char("createdAt", 'YYYY-MM-DD') AS "day", sum("amountCents")::int AS "cents" FROM "Charge"
               WHERE "teamId" = ${teamId} AND "createdAt" >= ${monthStartOf(now)}::timestamp GROUP BY 1`)})`;
}

export type SpendJson = { limit: number | null; currency: string; days: { day: string; cents: number }[] };

/**
 * Each day of this month (UTC) so far with its spend and the running total, against the monthly
 * budget. `spentCents` sums every charge of the month, as `GET /budget`'s `spent` does.
 */
export function spendOf(spend: SpendJson, now: Date) {
  const monthStart = monthStartOf(now);
  const byDay = new Map(spend.days.map((row) => [row.day, row.cents]));
  const days: SpendDay[] = [];
  let cumulative = 0;
  for (let at = monthStart.getTime(); at <= now.getTime(); at += DAY_MS) {
    const day = isoDay(new Date(at));
    const cents = byDay.get(day) ?? 0;
    cumulative += cents;
    days.push({ day, cents, cumulativeCents: cumulative });
  }
  return {
    days,
    spentCents: spend.days.reduce((sum, row) => sum + row.cents, 0),
    monthlyLimitCents: spend.limit,
    currency: spend.currency,
    period: isoDay(monthStart).slice(0, 7),
  };
}

/**
 * The team's spend on each day of this month (UTC) so far, and the running total against the
 * monthly budget: the charges `GET /budget` sums (readBudget), so the last running total is its
 * `spent`. Sandbox: nothing is charged, so no spend.
 */
export async function spendThisMonth(db: Queryable, actor: TeamActor, now = new Date()) {
  const [{ spend }] = await queryRows<{ spend: SpendJson }>(
    db,
    Prisma.sql`SELECT ${spendSql(actor.team.id, now)} AS "spend"`,
  );
  return spendOf(spend, now);
}
