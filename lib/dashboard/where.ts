import { Prisma } from "@/lib/generated/prisma/client";
import type { TeamActor } from "@/lib/actor";
import { SANDBOX_TEAM_ID } from "@/lib/teams";
import type { DashboardQuery } from "@/lib/gifts/dashboard-links";

/** `%` and `_` in a search are the characters themselves, not LIKE's wildcards. */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whose rows a view reads, on a table with "teamId", "senderId" and "livemode" columns (batches,
 * the funnel's and the chart's kept counts): the team's live rows, or in the sandbox the person's
 * own. The same rule dashboardWhere applies to gifts.
 */
export function ownRowsSql(actor: TeamActor): Prisma.Sql {
  return actor.mode === "sandbox"
    ? Prisma.sql`"teamId" = ${SANDBOX_TEAM_ID} AND "senderId" = ${actor.user.id} AND NOT "livemode"`
    : Prisma.sql`"teamId" = ${actor.team.id} AND "livemode"`;
}

/**
 * The gifts a dashboard view covers, as SQL conditions on `g` (the Gift table): the team's live
 * gifts, or for a sandbox actor the person's own sandbox gifts (the sandbox is each person's own),
 * narrowed by the view's filters. The table and the funnel share it, so their counts agree.
 */
export function dashboardWhere(actor: TeamActor, query: DashboardQuery): Prisma.Sql {
  const conditions: Prisma.Sql[] =
    actor.mode === "sandbox"
      ? [
          Prisma.sql`g."teamId" = ${SANDBOX_TEAM_ID}`,
          Prisma.sql`g."senderId" = ${actor.user.id}`,
          Prisma.sql`NOT g."livemode"`,
        ]
      : [Prisma.sql`g."teamId" = ${actor.team.id}`, Prisma.sql`g."livemode"`];
  if (query.search) {
    // The expression of the trigram index "Gift_search_idx" (its migration), so the index serves it.
    const pattern = likeContaining(query.search.toLowerCase());
    conditions.push(Prisma.sql`lower(g."recipientName" || ' ' || coalesce(g."email", '')) LIKE ${pattern}`);
  }
  if (query.stage) conditions.push(Prisma.sql`g."stage" = ${query.stage}`);
  if (query.from) conditions.push(Prisma.sql`g."createdAt" >= ${query.from}::date`);
  if (query.to) conditions.push(Prisma.sql`g."createdAt" < ${query.to}::date + 1`);
  if (query.batch) conditions.push(Prisma.sql`g."batchId" = ${query.batch}`);
  if (query.ids) conditions.push(Prisma.sql`g."id" = ANY(${query.ids}::text[])`);
  return Prisma.join(conditions, " AND ");
}
