import type { Tx } from "@/lib/db";
import { jsonArraySql, queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TeamActor } from "@/lib/actor";
import { encodeCursor, getBatch, type Stage } from "@/lib/gifts";
import { HttpError } from "@/lib/errors";
import type { DashboardQuery } from "@/lib/gifts/dashboard-links";
import { dashboardWhere, ownRowsSql } from "./where";
import { collectionOf, collectionOrder, encodeSortCursor, SORT_KEYS, sortValueSql, type GiftSortColumn } from "./sort";
import { funnelCountsSql, funnelOf, funnelQuery, type Funnel } from "./funnel";

type DashboardSort<C> = { column: C; descending: boolean };

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
  /** The currency of priceCents (ISO 4217): the team's when the gift was created. */
  currency: string;
};

export const DASHBOARD_PAGE_SIZE = 25;

/** A row as the statement's JSON spells it: timestamps without their zone (UTC, as Ribbon stores them), dates as days. */
type DashboardGiftJson = Omit<DashboardGiftRow, "createdAt" | "sentAt" | "expiresOn"> & {
  /** The value the view is sorted by (a timestamp or date as text, `infinity` for none, a number, or text). */
  sortKey: string | number;
  createdAt: string;
  sentAt: string | null;
  expiresOn: string | null;
};

const utc = (timestamp: string) => new Date(`${timestamp}Z`);

const fromJson = ({
  sortKey: _sortKey,
  sortName: _sortName,
  sortCollection: _sortCollection,
  ...row
}: DashboardGiftJson & { sortName?: string; sortCollection?: number }): DashboardGiftRow => ({
  ...row,
  createdAt: utc(row.createdAt),
  sentAt: row.sentAt === null ? null : utc(row.sentAt),
  expiresOn: row.expiresOn === null ? null : new Date(row.expiresOn),
});

/** The view's order as SQL on a table alias: its key, then the id (unique), both the same direction. */
function orderOf(query: DashboardQuery) {
  const sort = query.sort?.column === "collection" ? undefined : (query.sort as DashboardSort<GiftSortColumn>);
  const descending = sort ? sort.descending : query.order === "newest";
  const key = sort ? SORT_KEYS[sort.column].sql : Prisma.sql`g."createdAt"`;
  const direction = Prisma.raw(descending ? "DESC" : "ASC");
  const after = query.after;
  let bound = Prisma.empty;
  if (after) {
    const value =
      "createdAt" in after
        ? Prisma.sql`${after.createdAt.toISOString()}::timestamp`
        : sort && after.column === sort.column
          ? sortValueSql(sort.column, after.value)
          : null;
    if (value) bound = Prisma.sql`AND (${key}, g."id") ${Prisma.raw(descending ? "<" : ">")} (${value}, ${after.id})`;
  }
  return {
    key,
    bound,
    inner: Prisma.sql`${key} ${direction}, g."id" ${direction}`,
    outer: Prisma.sql`x."sortKey" ${direction}, x."id" ${direction}`,
  };
}

/** The cursor after a row: its creation time in the default order, else its sort column's value. */
function cursorAfter(query: DashboardQuery, row: DashboardGiftJson): string {
  return query.sort
    ? encodeSortCursor({ column: query.sort.column, value: row.sortKey, id: row.id })
    : encodeCursor({ createdAt: utc(row.createdAt), id: row.id });
}

const COLUMNS = Prisma.sql`g."id", g."recipientName", g."email", g."deliveryMethod", c."name" AS "collection", g."stage", g."deliveryIssue",
             coalesce(u."name", u."email") AS "senderName",
             CASE WHEN g."batchId" IS NOT NULL THEN json_build_object('id', b."id", 'name', b."name") END AS "batch",
             g."createdAt", g."sentAt", g."expiresOn", g."priceCents", g."currency"`;

type Page = { rows: DashboardGiftRow[]; next: string | null; nextAfter: DashboardQuery["after"] | null };

/**
 * The statement that returns a page of gifts as one JSON value, from `from` (the Gift table as
 * `g`) under `where`. The page comes back as one JSON value: on the embedded default, PGlite hands
 * over each field of each row separately, which cost ten times the statement itself (an export
 * reads 1,000 rows a page).
 */
function pageJsonSql(query: DashboardQuery, from: Prisma.Sql, where: Prisma.Sql, size: number): Prisma.Sql {
  const order = orderOf(query);
  return Prisma.sql`
    SELECT coalesce(json_agg(x ORDER BY ${order.outer}), '[]') FROM (
      SELECT ${COLUMNS}, ${order.key} AS "sortKey"
      FROM ${from}
      JOIN "Collection" c ON c."id" = g."collectionId"
      JOIN "User" u ON u."id" = g."senderId"
      LEFT JOIN "GiftBatch" b ON b."id" = g."batchId"
      WHERE ${where} ${order.bound}
      ORDER BY ${order.inner}
      LIMIT ${size + 1}::int) x`;
}

/** The page's statement in the collection's order (name, collection id, gift id): collectionOrder picks the ids. */
function byCollection(actor: TeamActor, query: DashboardQuery, size: number): Prisma.Sql {
  const descending = query.sort?.descending ?? false;
  const dir = Prisma.raw(descending ? "DESC" : "ASC");
  const cursor = query.after && "column" in query.after && query.after.column === "collection" ? query.after : null;
  const collection = cursor ? collectionOf(cursor.value) : null;
  const after = cursor && collection ? { collection, id: cursor.id } : undefined;
  return Prisma.sql`
    SELECT coalesce(json_agg(x ORDER BY x."sortName" ${dir}, x."sortCollection" ${dir}, x."id" ${dir}), '[]') FROM (
      SELECT ${COLUMNS}, p."cid"::text || ':' || p."cname" AS "sortKey", p."cname" AS "sortName", p."cid" AS "sortCollection"
      FROM (${collectionOrder(dashboardWhere(actor, query), descending, size + 1, after)}) p
      JOIN "Gift" g ON g."id" = p."id"
      JOIN "Collection" c ON c."id" = g."collectionId"
      JOIN "User" u ON u."id" = g."senderId"
      LEFT JOIN "GiftBatch" b ON b."id" = g."batchId") x`;
}

function pageOf(query: DashboardQuery, json: DashboardGiftJson[], size: number): Page {
  const page = json.slice(0, size);
  const last = page[page.length - 1];
  const more = json.length > size && last !== undefined;
  return {
    rows: page.map(fromJson),
    next: more ? cursorAfter(query, last) : null,
    nextAfter: !more
      ? null
      : query.sort
        ? { column: query.sort.column, value: last.sortKey, id: last.id }
        : { createdAt: utc(last.createdAt), id: last.id },
  };
}

/**
 * A page of the view's gifts in its order (newest first by default, or by a column), and the
 * cursor of the next page. The cursor is a row-value bound on (sort key, id), an index range
 * on the team's gifts however deep the page (lib/dashboard/sort.ts names the indexes).
 */
export async function dashboardGifts(
  db: Tx,
  actor: TeamActor,
  query: DashboardQuery,
  size = DASHBOARD_PAGE_SIZE,
): Promise<Page> {
  const [{ rows }] = await queryRows<{ rows: DashboardGiftJson[] }>(
    db,
    Prisma.sql`SELECT (${pageJson(actor, query, size)}) AS "rows"`,
  );
  return pageOf(query, rows, size);
}

/** A page of the view as one JSON value (a scalar sub-select). */
function pageJson(actor: TeamActor, query: DashboardQuery, size: number): Prisma.Sql {
  return query.sort?.column === "collection"
    ? byCollection(actor, query, size)
    : pageJsonSql(query, Prisma.sql`"Gift" g`, dashboardWhere(actor, query), size);
}

/** The table and funnel's part of a statement: a CTE to put first (or nothing), and two JSON values. */
export type GiftsAndFunnelSql = { with: Prisma.Sql; rows: Prisma.Sql; counts: Prisma.Sql };
/** What the statement's `rows` and `counts` hold. */
export type GiftsAndFunnelJson = { rows: DashboardGiftJson[]; counts: { stage: string; count: number }[] };

/**
 * The board's table and funnel as parts of one statement (dashboardGiftsAndFunnel, and the
 * board's one statement, lib/dashboard/board.ts). A search or a batch finds its gifts once: a
 * `MATERIALIZED` CTE of the view's gifts (every stage: the funnel shows them all) that the funnel
 * counts per stage and the table's page joins back to `Gift`, where the two apart each ran the
 * trigram look-up (~50 ms each on PostgreSQL at 1,000,000 gifts for "recipient 12345"). Other
 * views: the page walks an index and the funnel sums the per-day counts.
 */
export function giftsAndFunnelSql(actor: TeamActor, query: DashboardQuery): GiftsAndFunnelSql {
  // The collection's order walks collections first (byCollection): no CTE for it.
  if ((!query.search && !query.batch) || query.sort?.column === "collection")
    return {
      with: Prisma.empty,
      rows: pageJson(actor, query, DASHBOARD_PAGE_SIZE),
      counts: jsonArraySql(funnelCountsSql(actor, query)),
    };
  return {
    with: Prisma.sql`WITH "matching" AS MATERIALIZED (
      SELECT g."id", g."stage" FROM "Gift" g WHERE ${dashboardWhere(actor, funnelQuery(query))})`,
    rows: pageJsonSql(
      query,
      Prisma.sql`"matching" m JOIN "Gift" g ON g."id" = m."id"`,
      query.stage ? Prisma.sql`m."stage" = ${query.stage}` : Prisma.sql`TRUE`,
      DASHBOARD_PAGE_SIZE,
    ),
    counts: Prisma.sql`(SELECT coalesce(json_agg(s), '[]') FROM (SELECT "stage", count(*)::int AS "count" FROM "matching" GROUP BY "stage") s)`,
  };
}

/** The page and the funnel from the statement's two JSON values. */
export function giftsAndFunnelOf(query: DashboardQuery, json: GiftsAndFunnelJson): { page: Page; funnel: Funnel } {
  return { page: pageOf(query, json.rows, DASHBOARD_PAGE_SIZE), funnel: funnelOf(json.counts) };
}

/** The board's table and funnel together, in one statement (giftsAndFunnelSql). */
export async function dashboardGiftsAndFunnel(
  db: Tx,
  actor: TeamActor,
  query: DashboardQuery,
): Promise<{ page: Page; funnel: Funnel }> {
  const sql = giftsAndFunnelSql(actor, query);
  const [json] = await queryRows<GiftsAndFunnelJson>(
    db,
    Prisma.sql`${sql.with} SELECT (${sql.rows}) AS "rows", ${sql.counts} AS "counts"`,
  );
  return giftsAndFunnelOf(query, json);
}

/**
 * Every gift of the view, page after page (in the view's order), for the CSV export: one
 * keyset-bounded statement per page, so memory holds one page however many gifts there are.
 */
export async function* dashboardGiftPages(
  db: Tx,
  actor: TeamActor,
  query: DashboardQuery,
  size = 250,
): AsyncGenerator<DashboardGiftRow[]> {
  let view: DashboardQuery = { ...query, after: undefined };
  for (;;) {
    const page = await dashboardGifts(db, actor, view, size);
    if (page.rows.length > 0) yield page.rows;
    if (!page.nextAfter) return;
    view = { ...view, after: page.nextAfter };
  }
}

/** The team's batches, newest first, for the batch filter (live: the team's; sandbox: the person's own), as rows. */
export function batchesSql(actor: TeamActor): Prisma.Sql {
  return Prisma.sql`SELECT "id", "name" FROM "GiftBatch" WHERE ${ownRowsSql(actor)} ORDER BY "createdAt" DESC, "id" DESC LIMIT 100`;
}

/** The team's batches, newest first, for the batch filter (batchesSql). */
export function dashboardBatches(db: Tx, actor: TeamActor): Promise<{ id: string; name: string }[]> {
  return queryRows(db, batchesSql(actor));
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
