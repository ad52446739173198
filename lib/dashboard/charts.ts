import type { Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TeamActor } from "@/lib/actor";
import { readBudget } from "@/lib/billing";
import type { DashboardQuery } from "@/lib/gifts/dashboard-links";
import { dashboardWhere } from "./where";

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
 * gift's `sentAt`, opened and redeemed by the day of that stage's event (a gift opened twice
 * counts once, on its first). The view's filters choose the gifts (dashboardWhere, as the
 * table), except `stage` and the created days, which the chart's own days replace.
 */
export async function activityPerDay(db: Tx, actor: TeamActor, query: DashboardQuery, now = new Date()) {
  const days = chartDays(query, now);
  if (days.length === 0) return [];
  const { stage: _s, after: _a, from: _f, to: _t, ...rest } = query;
  const start = days[0];
  const end = days[days.length - 1];
  const rows = await queryRows<{ day: string; kind: string; count: number }>(
    db,
    Prisma.sql`
    SELECT to_char(d."at", 'YYYY-MM-DD') AS "day", d."kind", count(*)::int AS "count" FROM (
      SELECT g."sentAt" AS "at", 'sent' AS "kind" FROM "Gift" g
      WHERE ${dashboardWhere(actor, rest)} AND g."sentAt" >= ${start}::date AND g."sentAt" < ${end}::date + 1
      UNION ALL
      SELECT min(e."createdAt"), e."stage" FROM "GiftEvent" e JOIN "Gift" g ON g."id" = e."giftId"
      WHERE ${dashboardWhere(actor, rest)} AND e."stage" IN ('opened', 'redeemed') AND e."action" IS NULL
        AND e."createdAt" >= ${start}::date AND e."createdAt" < ${end}::date + 1
      GROUP BY e."giftId", e."stage"
    ) d GROUP BY 1, 2`,
  );
  const byDay = new Map(days.map((day) => [day, { day, sent: 0, opened: 0, redeemed: 0 } as ActivityDay]));
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (entry && (row.kind === "sent" || row.kind === "opened" || row.kind === "redeemed"))
      entry[row.kind] += row.count;
  }
  return [...byDay.values()];
}

/**
 * The team's spend on each day of this month (UTC) so far, and the running total against the
 * monthly budget: the charges `GET /budget` sums (readBudget), so the last running total is its
 * `spent`. Sandbox: nothing is charged, so no spend.
 */
export async function spendThisMonth(db: Tx, actor: TeamActor, now = new Date()) {
  const budget = await readBudget(db, actor.team.id, now);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const rows = await queryRows<{ day: string; cents: number }>(
    db,
    Prisma.sql`SELECT to_char("createdAt", 'YYYY-MM-DD') AS "day", sum("amountCents")::int AS "cents" FROM "Charge"
               WHERE "teamId" = ${actor.team.id} AND "createdAt" >= ${monthStart}::timestamp GROUP BY 1`,
  );
  const byDay = new Map(rows.map((row) => [row.day, row.cents]));
  const days: SpendDay[] = [];
  let cumulative = 0;
  for (let at = monthStart.getTime(); at <= now.getTime(); at += DAY_MS) {
    const day = isoDay(new Date(at));
    const cents = byDay.get(day) ?? 0;
    cumulative += cents;
    days.push({ day, cents, cumulativeCents: cumulative });
  }
  return { days, spentCents: budget.spentCents, monthlyLimitCents: budget.monthlyLimitCents, period: budget.period };
}
