import type { Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TeamActor } from "@/lib/actor";
import type { Stage } from "@/lib/gifts";
import type { DashboardQuery } from "./query";
import { dashboardWhere } from "./where";

/** The way a gift goes when all is well; the other stages leave it. */
export const FUNNEL_PATH = ["scheduled", "sent", "opened", "redeemed", "shipped", "delivered"] as const;
export const FUNNEL_EXITS = ["expired", "cancelled", "failed"] as const;

export type FunnelStep = { stage: Stage; label: string; count: number; rate: number | null };
export type Funnel = { total: number; path: FunnelStep[]; exits: FunnelStep[] };

const LABELS: Record<Stage, string> = {
  scheduled: "Created",
  sent: "Sent",
  opened: "Opened",
  redeemed: "Redeemed",
  shipped: "Shipped",
  delivered: "Delivered",
  expired: "Expired",
  cancelled: "Cancelled",
  failed: "Failed",
};

/**
 * The view's funnel: how many gifts reached each step of the path (a gift now `shipped` was
 * also created, sent, opened and redeemed), and how many left it (expired, cancelled, failed:
 * counted there, not in the steps they had passed, since only their current stage is known
 * without reading every event). Rates are of all gifts in the view. One grouped count, over
 * the same conditions as the table.
 */
export async function dashboardFunnel(db: Tx, actor: TeamActor, query: DashboardQuery): Promise<Funnel> {
  const { stage: _stage, after: _after, ...rest } = query; // the funnel shows every stage of the view
  const rows = await queryRows<{ stage: string; count: number }>(
    db,
    Prisma.sql`SELECT g."stage", count(*)::int AS "count" FROM "Gift" g WHERE ${dashboardWhere(actor, rest)} GROUP BY g."stage"`,
  );
  const byStage = new Map(rows.map((row) => [row.stage, row.count]));
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const rate = (count: number) => (total === 0 ? null : count / total);
  const step = (stage: Stage, count: number): FunnelStep => ({ stage, label: LABELS[stage], count, rate: rate(count) });
  const exits = FUNNEL_EXITS.map((stage) => step(stage, byStage.get(stage) ?? 0));
  const onPath = (from: number) => FUNNEL_PATH.slice(from).reduce((sum, stage) => sum + (byStage.get(stage) ?? 0), 0);
  const path = FUNNEL_PATH.map((stage, i) => step(stage, i === 0 ? total : onPath(i)));
  return { total, path, exits };
}
