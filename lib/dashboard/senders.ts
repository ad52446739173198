import type { Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TeamActor } from "@/lib/actor";
import type { DashboardQuery } from "@/lib/gifts/dashboard-links";
import { ownerRequired } from "@/lib/teams";
import { dashboardWhere } from "./where";

/** One person who sent gifts for the team: what they sent, what it cost, and how it was received. */
export type SenderRow = {
  id: string;
  name: string;
  email: string;
  gifts: number;
  sent: number;
  opened: number;
  redeemed: number;
  spendCents: number;
  /** The team's currency: spend sums charged gifts, all in it (fixed once the team has a charge). */
  currency: string;
};

/**
 * Who sent what (owners only: a member or viewer gets 403 `owner_required`, which the page
 * answers as a 404): per sender (the person who created the gift, through the API with their
 * token or an OAuth app acting for them, or from the dashboard) over the view's days (`from`,
 * `to`, created on, as the board), the gifts, how many reached sent, opened and redeemed (a gift
 * counts in every step up to its stage, as the funnel), and the spend (charged, less refunds).
 * One statement: the team's gifts through ("teamId", "createdAt"), grouped by sender.
 */
export async function teamSenders(
  db: Tx,
  actor: TeamActor,
  query: Pick<DashboardQuery, "from" | "to">,
): Promise<SenderRow[]> {
  if (actor.role !== "owner")
    throw ownerRequired(`Only the team's owners can see who sent what. Ask an owner of team "${actor.team.id}".`);
  const rows = await queryRows<Omit<SenderRow, "spendCents"> & { spendCents: bigint | number }>(
    db,
    Prisma.sql`
    SELECT s."senderId" AS "id", coalesce(u."name", u."email") AS "name", u."email",
           s."gifts", s."sent", s."opened", s."redeemed", s."spendCents",
           (SELECT "currency" FROM "Team" WHERE "id" = ${actor.team.id}) AS "currency"
    FROM (
      SELECT g."senderId", count(*)::int AS "gifts",
             (count(*) FILTER (WHERE g."stage" IN ('sent', 'opened', 'redeemed', 'shipped', 'delivered')))::int AS "sent",
             (count(*) FILTER (WHERE g."stage" IN ('opened', 'redeemed', 'shipped', 'delivered')))::int AS "opened",
             (count(*) FILTER (WHERE g."stage" IN ('redeemed', 'shipped', 'delivered')))::int AS "redeemed",
             coalesce(sum(g."priceCents") FILTER (WHERE g."chargeId" IS NOT NULL AND g."stage" NOT IN ('cancelled', 'declined')), 0)::bigint AS "spendCents"
      FROM "Gift" g WHERE ${dashboardWhere(actor, { mode: actor.mode, order: "newest", from: query.from, to: query.to })}
      GROUP BY g."senderId") s
    JOIN "User" u ON u."id" = s."senderId"
    ORDER BY s."spendCents" DESC, s."gifts" DESC, u."email"`,
  );
  return rows.map((row) => ({ ...row, spendCents: Number(row.spendCents) }));
}
