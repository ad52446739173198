import { jsonArraySql, queryRows, type Queryable } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TeamActor } from "@/lib/actor";
import type { DashboardQuery } from "@/lib/gifts/dashboard-links";
import { myTeamsOf, myTeamsSql, type MyTeam } from "@/lib/teams";
import { activityOf, activitySql, chartDays, spendOf, spendSql, type ActivityDay, type SpendJson } from "./charts";
import { batchesSql, giftsAndFunnelOf, giftsAndFunnelSql, type GiftsAndFunnelJson } from "./gifts";
import { savedViewsSql, type SavedView } from "./saved-views";

const EMPTY = Prisma.sql`'[]'::json`;

/** What the board shows besides who is signed in: read by dashboardBoard in one statement. */
export type Board = ReturnType<typeof giftsAndFunnelOf> & {
  batches: { id: string; name: string }[];
  teams: MyTeam[];
  savedViews: SavedView[];
  activity: ActivityDay[];
  /**
   * The team's currency, for its sums (a batch awaiting approval, a bulk cancel's refund): they
   * add up charged or waiting gifts, all in it since the currency is fixed once there are any.
   */
  currency: string;
  /** This month's spend (live only: nothing is charged in the sandbox). */
  spend: ReturnType<typeof spendOf> | null;
};

/**
 * The board's reads in one statement: the table's page and the funnel (giftsAndFunnelSql), the
 * batch filter's batches, the signed-in person's teams, the team's saved views, the activity
 * chart's days and this month's spend. Each is a sub-select whose SQL lives beside its own
 * reader (dashboardGiftsAndFunnel, dashboardBatches, listMyTeams, listSavedViews,
 * activityPerDay, spendThisMonth), which answer the same on their own. On the embedded database
 * every statement crosses PGlite's protocol and is served one at a time, so seven statements a
 * render (nine with the budget's two) cost more than their work.
 */
export async function dashboardBoard(
  db: Queryable,
  actor: TeamActor,
  query: DashboardQuery,
  now = new Date(),
): Promise<Board> {
  const gifts = giftsAndFunnelSql(actor, query);
  const days = chartDays(query, now);
  const activity = activitySql(actor, query, days, { matching: gifts.with.sql !== "" });
  const views = savedViewsSql(actor);
  const live = actor.mode === "live";
  const [row] = await queryRows<
    GiftsAndFunnelJson & {
      batches: { id: string; name: string }[];
      teams: { id: string; name: string; role: string }[];
      views: SavedView[];
      activity: { day: string; kind: string; count: number }[];
      spend: SpendJson | null;
      currency: string;
    }
  >(
    db,
    Prisma.sql`${gifts.with} SELECT (${gifts.rows}) AS "rows", ${gifts.counts} AS "counts",
      ${jsonArraySql(batchesSql(actor))} AS "batches",
      ${jsonArraySql(myTeamsSql(actor.user.id))} AS "teams",
      ${views ? jsonArraySql(views) : EMPTY} AS "views",
      ${activity ? jsonArraySql(activity) : EMPTY} AS "activity",
      ${live ? spendSql(actor.team.id, now) : Prisma.sql`NULL::json`} AS "spend",
      (SELECT "currency" FROM "Team" WHERE "id" = ${actor.team.id}) AS "currency"`,
  );
  return {
    ...giftsAndFunnelOf(query, row),
    batches: row.batches,
    teams: myTeamsOf(row.teams),
    savedViews: row.views,
    activity: activityOf(days, row.activity),
    currency: row.currency,
    spend: live && row.spend ? spendOf(row.spend, now) : null,
  };
}
