import type { PrismaClient, Tx } from "@/lib/db";
import { queryRows, type Queryable } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TeamActor } from "@/lib/actor";
import { isUniqueViolation } from "@/lib/database/errors";
import { conflict, notFound, ValidationError } from "@/lib/errors";
import { hasForbiddenCharacters } from "@/lib/format/text";
import { requireSender, withTeamLocked } from "@/lib/teams";
import { dashboardSearch } from "@/lib/gifts/dashboard-links";
import { readDashboardQuery } from "./query";

export const MAX_SAVED_VIEWS = 50;
export const MAX_VIEW_NAME = 60;
/** What a view's name may be (free text others on the team read: lib/format/text.ts hasForbiddenCharacters). */
export const VIEW_NAME_RULE = `A view's name is 1 to ${MAX_VIEW_NAME} characters, without control or text-direction characters.`;

export type SavedView = { id: number; name: string; query: string };

/** The team's saved views, by name, as rows (live only: the sandbox is each person's own, so none). */
export function savedViewsSql(actor: TeamActor): Prisma.Sql | null {
  if (actor.mode !== "live") return null;
  return Prisma.sql`SELECT "id", "name", "query" FROM "SavedView" WHERE "teamId" = ${actor.team.id}
                    ORDER BY "name" LIMIT ${MAX_SAVED_VIEWS}::int`;
}

/** The team's saved views, by name (live only: the sandbox is each person's own). */
export async function listSavedViews(db: Queryable, actor: TeamActor): Promise<SavedView[]> {
  const sql = savedViewsSql(actor);
  return sql ? queryRows<SavedView>(db, sql) : [];
}

/**
 * Saves a view (its filters and sort, read back through the page's own parser, so only what the
 * page uses is kept; never the page cursor) under a name: unique in the team, 1–60 characters
 * of one line of free text (no controls, no bidirectional overrides, no lone surrogates), at
 * most 50 views a team. Owners and members; viewers only look.
 */
export async function saveView(
  db: PrismaClient,
  actor: TeamActor,
  input: { name: string; params: Record<string, string | undefined> },
): Promise<SavedView> {
  requireSender(actor.role, actor.team.id, "save views");
  if (actor.mode !== "live") throw conflict("Saved views belong to a team: switch to live to save one.");
  const name = input.name.trim().replace(/ +/g, " ");
  if (!name || name.length > MAX_VIEW_NAME || hasForbiddenCharacters(name))
    throw new ValidationError([{ detail: VIEW_NAME_RULE }]);
  const { query } = readDashboardQuery(input.params);
  const search = dashboardSearch({ ...query, mode: "live", after: undefined });
  try {
    // The team row is locked from the count to the insert: two saves at once can't both take the last place.
    return await withTeamLocked(db, actor.team.id, async (tx) => {
      if ((await tx.savedView.count({ where: { teamId: actor.team.id } })) >= MAX_SAVED_VIEWS)
        throw conflict(`A team keeps at most ${MAX_SAVED_VIEWS} saved views: delete one first.`);
      return tx.savedView.create({
        data: { teamId: actor.team.id, name, query: search, createdById: actor.user.id },
        select: { id: true, name: true, query: true },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`The team already has a view named "${name}".`);
    throw error;
  }
}

/** Deletes one of the team's saved views (owners and members). */
export async function deleteView(db: Tx, actor: TeamActor, id: number): Promise<void> {
  requireSender(actor.role, actor.team.id, "delete views");
  const { count } = await db.savedView.deleteMany({ where: { id, teamId: actor.team.id } });
  if (count === 0) throw notFound("No such saved view.");
}
