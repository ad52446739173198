import type { Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TeamActor } from "@/lib/actor";
import type { Stage } from "@/lib/gifts";
import type { DashboardQuery } from "@/lib/gifts/dashboard-links";
import { STAGE_LABELS } from "./stage-labels";
import { dashboardWhere, ownRowsSql } from "./where";

/** The way a gift goes when all is well; the other stages leave it. */
export const FUNNEL_PATH = ["scheduled", "sent", "opened", "redeemed", "shipped", "delivered"] as const;
export const FUNNEL_EXITS = [
  "pending_approval",
  "rejected",
  "expired",
  "cancelled",
  "failed",
  "declined",
  "donated",
] as const;

/**
 * Every stage in the lifecycle's order, as the funnel shows them: awaiting approval (before a
 * gift is scheduled), the path, then the ways off it. The stage sort follows it (lib/dashboard/sort.ts).
 */
export const STAGE_ORDER: readonly Stage[] = [
  "pending_approval",
  ...FUNNEL_PATH,
  ...FUNNEL_EXITS.filter((stage) => stage !== "pending_approval"),
];

export type FunnelStep = { stage: Stage; label: string; count: number; rate: number | null };
export type Funnel = { total: number; path: FunnelStep[]; exits: FunnelStep[] };

// The first step counts every gift of the view, whatever its stage: "Created", not "Scheduled".
const LABELS: Record<Stage, string> = { ...STAGE_LABELS, scheduled: "Created" };

/**
 * The view's funnel: how many gifts reached each step of the path (a gift now `shipped` was
 * also created, sent, opened and redeemed), and how many left it (expired, cancelled, failed:
 * counted there, not in the steps they had passed, since only their current stage is known
 * without reading every event). Rates are of all gifts in the view. Over a team, a mode and
 * days it sums the per-day counts the database keeps ("GiftStageCount" and the deltas the
 * triggers on "Gift" appended since compact-stage-counts last folded them), a few rows a day
 * however many gifts; a search or a batch counts the matching gifts themselves, with the
 * table's own conditions.
 */
export async function dashboardFunnel(db: Tx, actor: TeamActor, query: DashboardQuery): Promise<Funnel> {
  return funnelOf(await queryRows<{ stage: string; count: number }>(db, funnelCountsSql(actor, query)));
}

/** The view's count of gifts per stage (rows of `funnelOf`): the per-day counts, or for a search or a batch the gifts themselves. */
export function funnelCountsSql(actor: TeamActor, query: DashboardQuery): Prisma.Sql {
  const rest = funnelQuery(query);
  return rest.search || rest.batch ? countGifts(actor, rest) : sumStageCounts(actor, rest);
}

/** The funnel's view: the table's, every stage, from the first page. */
export function funnelQuery(query: DashboardQuery): DashboardQuery {
  const { stage: _stage, after: _after, ...rest } = query;
  return rest;
}

/** The funnel from the view's count of gifts per stage. */
export function funnelOf(rows: { stage: string; count: number }[]): Funnel {
  const byStage = new Map(rows.map((row) => [row.stage, row.count]));
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const rate = (count: number) => (total === 0 ? null : count / total);
  const step = (stage: Stage, count: number): FunnelStep => ({ stage, label: LABELS[stage], count, rate: rate(count) });
  const exits = FUNNEL_EXITS.map((stage) => step(stage, byStage.get(stage) ?? 0));
  const onPath = (from: number) => FUNNEL_PATH.slice(from).reduce((sum, stage) => sum + (byStage.get(stage) ?? 0), 0);
  const path = FUNNEL_PATH.map((stage, i) => step(stage, i === 0 ? total : onPath(i)));
  return { total, path, exits };
}

function countGifts(actor: TeamActor, query: DashboardQuery): Prisma.Sql {
  return Prisma.sql`SELECT g."stage", count(*)::int AS "count" FROM "Gift" g WHERE ${dashboardWhere(actor, query)} GROUP BY g."stage"`;
}

/** The same gifts as dashboardWhere without search or batch, from the per-day counts. */
function sumStageCounts(actor: TeamActor, query: DashboardQuery): Prisma.Sql {
  const conditions = [ownRowsSql(actor)];
  if (query.from) conditions.push(Prisma.sql`"day" >= ${query.from}::date`);
  if (query.to) conditions.push(Prisma.sql`"day" <= ${query.to}::date`);
  const where = Prisma.join(conditions, " AND ");
  return Prisma.sql`
    SELECT "stage", sum("n")::int AS "count" FROM (
      SELECT "stage", "count" AS "n" FROM "GiftStageCount" WHERE ${where}
      UNION ALL
      SELECT "stage", "delta" AS "n" FROM "GiftStageDelta" WHERE ${where}
    ) "counts" GROUP BY "stage" HAVING sum("n") > 0`;
}
