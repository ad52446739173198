import { Prisma } from "@/lib/generated/prisma/client";
import { parseCalendarDate } from "@/lib/format/calendar-date";
import type { DashboardSortColumn, SortCursor } from "@/lib/gifts/dashboard-links";
import { STAGE_ORDER } from "./funnel";

/** The stage's place in the funnel's order (STAGE_ORDER) as SQL: a literal CASE, the very expression of "Gift_sort_stage_idx". */
const STAGE_RANK = `CASE g."stage" ${STAGE_ORDER.map((stage, rank) => `WHEN '${stage}' THEN ${rank}`).join(" ")} ELSE 99 END`;

/** The columns sorted by one expression of the gift; the collection's order is two tables' (collectionOrder). */
export type GiftSortColumn = Exclude<DashboardSortColumn, "collection">;

/**
 * Each sortable column as the SQL expression the table is ordered by, on `g` (the Gift table).
 * Each is the expression of an index on ("teamId", <expression>, "id") (migrations
 * 20261130010000_dashboard_sort and 20261202183100_campaign_reminders_sorts), so any sort is an
 * index range however many gifts the team has. A gift not sent yet (or that never expires) has
 * no date: it sorts as `infinity`, after every date (first when descending), so one row-value
 * bound pages through them too. The stage sorts by its rank in the funnel's order (the cursor
 * carries the rank).
 */
export const SORT_KEYS: Record<GiftSortColumn, { sql: Prisma.Sql; cast: string }> = {
  recipient: { sql: Prisma.sql`lower(g."recipientName")`, cast: "text" },
  stage: { sql: Prisma.raw(STAGE_RANK), cast: "int" },
  sent: { sql: Prisma.sql`coalesce(g."sentAt", 'infinity'::timestamp)`, cast: "timestamp" },
  expires: { sql: Prisma.sql`coalesce(g."expiresOn", 'infinity'::date)`, cast: "date" },
  price: { sql: Prisma.sql`g."priceCents"`, cast: "int" },
};

/** The value as SQL of the cursor's column type (the text of a timestamp keeps its microseconds). */
export const sortValueSql = (column: GiftSortColumn, value: string | number) =>
  Prisma.sql`${value}::${Prisma.raw(SORT_KEYS[column].cast)}`;

export function encodeSortCursor(cursor: SortCursor): string {
  return Buffer.from(`${cursor.column}|${cursor.value}|${cursor.id}`).toString("base64url");
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?$/;

/** Undefined for anything that isn't a cursor of this column we made. */
export function decodeSortCursor(text: string, column: DashboardSortColumn): SortCursor | undefined {
  const raw = Buffer.from(text, "base64url").toString("utf8");
  if (raw.includes("\u0000")) return undefined;
  const first = raw.indexOf("|");
  const last = raw.lastIndexOf("|");
  if (first < 0 || last <= first || raw.slice(0, first) !== column) return undefined;
  const value = raw.slice(first + 1, last);
  const id = raw.slice(last + 1);
  if (!id || id.length > 100) return undefined;
  const valid = (() => {
    switch (column) {
      case "recipient":
        return value.length <= 300;
      case "collection":
        return collectionOf(value) !== null;
      case "stage":
        return /^\d{1,2}$/.test(value) && (Number(value) < STAGE_ORDER.length || value === "99");
      case "sent":
        return value === "infinity" || (TIMESTAMP.test(value) && !Number.isNaN(new Date(`${value}Z`).getTime()));
      case "expires":
        return value === "infinity" || Boolean(parseCalendarDate(value));
      case "price":
        return /^-?\d{1,10}$/.test(value) && Math.abs(Number(value)) <= 2_147_483_647;
    }
  })();
  if (!valid) return undefined;
  return { column, value: column === "price" || column === "stage" ? Number(value) : value, id };
}

/**
 * A collection-sorted row's cursor value: `<collection id>:<collection name>` (the order is the
 * name, then the collection's id, then the gift's id). Null for anything else.
 */
export function collectionOf(value: string | number): { id: number; name: string } | null {
  const match = /^(\d{1,10}):([\s\S]{0,300})$/.exec(String(value));
  if (!match || Number(match[1]) > 2_147_483_647) return null;
  return { id: Number(match[1]), name: match[2] };
}

/**
 * The gifts of a view in collection order, the next `limit` after `after`, as a statement giving
 * ("id", "cname", "cid") in that order. Collections are walked in ("name", "id") order
 * ("Collection_name_id_idx") and, for each, the view's gifts of that collection in id order
 * ("Gift_sort_collection_idx" on ("teamId", "collectionId", "id")): a lateral scan that stops
 * once `limit` rows are found, so no team's gifts are ever sorted. A cursor splits it in two
 * index ranges: the rest of the cursor's collection (gift id past the cursor's), then the
 * collections past it.
 */
export function collectionOrder(
  where: Prisma.Sql,
  descending: boolean,
  limit: number,
  after?: { collection: { id: number; name: string }; id: string },
): Prisma.Sql {
  const dir = Prisma.raw(descending ? "DESC" : "ASC");
  const past = Prisma.raw(descending ? "<" : ">");
  const rest = after
    ? Prisma.sql`(SELECT g."id", c."name" AS "cname", c."id" AS "cid" FROM "Gift" g JOIN "Collection" c ON c."id" = g."collectionId"
                  WHERE ${where} AND g."collectionId" = ${after.collection.id}::int AND g."id" ${past} ${after.id}
                  ORDER BY g."id" ${dir} LIMIT ${limit}::int) UNION ALL `
    : Prisma.empty;
  const beyond = after
    ? Prisma.sql`WHERE (c."name", c."id") ${past} (${after.collection.name}::text, ${after.collection.id}::int)`
    : Prisma.empty;
  return Prisma.sql`
    SELECT p."id", p."cname", p."cid" FROM (
      ${rest}(SELECT g."id", c."name" AS "cname", c."id" AS "cid" FROM "Collection" c
       CROSS JOIN LATERAL (SELECT g."id" FROM "Gift" g WHERE ${where} AND g."collectionId" = c."id"
                           ORDER BY g."id" ${dir} LIMIT ${limit}::int) g
       ${beyond}
       ORDER BY c."name" ${dir}, c."id" ${dir}, g."id" ${dir} LIMIT ${limit}::int)) p
    ORDER BY p."cname" ${dir}, p."cid" ${dir}, p."id" ${dir} LIMIT ${limit}::int`;
}
