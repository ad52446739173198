import type { Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TeamActor } from "@/lib/actor";
import { encodeCursor, getBatch, type Stage } from "@/lib/gifts";
import { HttpError } from "@/lib/errors";
import { SANDBOX_TEAM_ID } from "@/lib/teams";
import type { DashboardQuery } from "@/lib/gifts/dashboard-links";
import { dashboardWhere } from "./where";

/** One line of the dashboard's gift table. */
export type DashboardGiftRow = {
  id: string;
  recipientName: string;
  email: string | null;
  deliveryMethod: string;
  collection: string;
  stage: Stage;
  /** Why the gift email did not arrive (a hard bounce moved the gift to failed); null otherwise. */
  deliveryIssue: string | null;
  senderName: string;
  batch: { id: string; name: string } | null;
  createdAt: Date;
  sentAt: Date | null;
  expiresOn: Date | null;
  priceCents: number;
};

export const DASHBOARD_PAGE_SIZE = 25;

/** A row as the statement's JSON spells it: timestamps without their zone (UTC, as Ribbon stores them), dates as days. */
type DashboardGiftJson = Omit<DashboardGiftRow, "createdAt" | "sentAt" | "expiresOn"> & {
  createdAt: string;
  sentAt: string | null;
  expiresOn: string | null;
};

const utc = (timestamp: string) => new Date(`${timestamp}Z`);

const fromJson = (row: DashboardGiftJson): DashboardGiftRow => ({
  ...row,
  createdAt: utc(row.createdAt),
  sentAt: row.sentAt === null ? null : utc(row.sentAt),
  expiresOn: row.expiresOn === null ? null : new Date(row.expiresOn),
});

/**
 * A page of the view's gifts, newest (or oldest) first, and the cursor of the next page.
 * The cursor is a row-value bound on (createdAt, id), an index range on the team's gifts
 * however deep the page.
 */
export async function dashboardGifts(
  db: Tx,
  actor: TeamActor,
  query: DashboardQuery,
  size = DASHBOARD_PAGE_SIZE,
): Promise<{ rows: DashboardGiftRow[]; next: string | null }> {
  const newest = query.order === "newest";
  const after = query.after
    ? newest
      ? Prisma.sql`AND (g."createdAt", g."id") < (${query.after.createdAt.toISOString()}::timestamp, ${query.after.id})`
      : Prisma.sql`AND (g."createdAt", g."id") > (${query.after.createdAt.toISOString()}::timestamp, ${query.after.id})`
    : Prisma.empty;
  const order = (alias: string) =>
    newest
      ? Prisma.raw(`${alias}."createdAt" DESC, ${alias}."id" DESC`)
      : Prisma.raw(`${alias}."createdAt", ${alias}."id"`);
  // The page comes back as one JSON value: on the embedded default, PGlite hands over each field
  // of each row separately, which cost ten times the statement itself (an export reads 1,000 rows a page).
  const [{ rows: json }] = await queryRows<{ rows: DashboardGiftJson[] }>(
    db,
    Prisma.sql`
    SELECT coalesce(json_agg(x ORDER BY ${order("x")}), '[]') AS "rows" FROM (
      SELECT g."id", g."recipientName", g."email", g."deliveryMethod", c."name" AS "collection", g."stage", g."deliveryIssue",
             coalesce(u."name", u."email") AS "senderName",
             CASE WHEN g."batchId" IS NOT NULL THEN json_build_object('id', b."id", 'name', b."name") END AS "batch",
             g."createdAt", g."sentAt", g."expiresOn", g."priceCents"
      FROM "Gift" g
      JOIN "Collection" c ON c."id" = g."collectionId"
      JOIN "User" u ON u."id" = g."senderId"
      LEFT JOIN "GiftBatch" b ON b."id" = g."batchId"
      WHERE ${dashboardWhere(actor, query)} ${after}
      ORDER BY ${order("g")}
      LIMIT ${size + 1}::int) x`,
  );
  const rows = json.map(fromJson);
  const page = rows.slice(0, size);
  return { rows: page, next: rows.length > size ? encodeCursor(page[page.length - 1]) : null };
}

/**
 * Every gift of the view, page after page (newest first unless the view says otherwise), for
 * the CSV export: one keyset-bounded statement per page, so memory holds one page however many
 * gifts there are.
 */
export async function* dashboardGiftPages(
  db: Tx,
  actor: TeamActor,
  query: DashboardQuery,
  size = 1000,
): AsyncGenerator<DashboardGiftRow[]> {
  let view: DashboardQuery = { ...query, after: undefined };
  for (;;) {
    const page = await dashboardGifts(db, actor, view, size);
    if (page.rows.length > 0) yield page.rows;
    const last = page.rows[page.rows.length - 1];
    if (!page.next || !last) return;
    view = { ...view, after: { createdAt: last.createdAt, id: last.id } };
  }
}

/** The team's batches, newest first, for the batch filter (live: the team's; sandbox: the person's own). */
export async function dashboardBatches(
  db: Tx,
  actor: TeamActor,
): Promise<{ id: string; name: string; size: number; createdAt: Date }[]> {
  const where =
    actor.mode === "sandbox"
      ? Prisma.sql`"teamId" = ${SANDBOX_TEAM_ID} AND "senderId" = ${actor.user.id} AND NOT "livemode"`
      : Prisma.sql`"teamId" = ${actor.team.id} AND "livemode"`;
  return queryRows(
    db,
    Prisma.sql`SELECT "id", "name", "size", "createdAt" FROM "GiftBatch" WHERE ${where} ORDER BY "createdAt" DESC LIMIT 100`,
  );
}

/** The batch the view is filtered to, when an owner could approve some of its gifts now; else null. */
export async function batchAwaitingApproval(db: Tx, actor: TeamActor, batchId: string | undefined) {
  if (!batchId || actor.role !== "owner" || actor.mode !== "live") return null;
  const batch = await getBatch(db, actor, actor.team, batchId).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  });
  return batch && (batch.stages.pending_approval ?? 0) > 0 ? batch : null;
}
