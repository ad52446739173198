import { Prisma } from "@/lib/generated/prisma/client";
import { parseCalendarDate } from "@/lib/format/calendar-date";
import type { DashboardSortColumn, SortCursor } from "@/lib/gifts/dashboard-links";
import { isStage } from "@/lib/gifts/stages";

/**
 * Each sortable column as the SQL expression the table is ordered by, on `g` (the Gift table).
 * Each is the expression of an index on ("teamId", <expression>, "id") (migration
 * 20261130010000_dashboard_sort), so any sort is an index range however many gifts the team
 * has. A gift not sent yet (or that never expires) has no date: it sorts as `infinity`, after
 * every date (first when descending), so one row-value bound pages through them too.
 */
export const SORT_KEYS: Record<DashboardSortColumn, { sql: Prisma.Sql; cast: string }> = {
  recipient: { sql: Prisma.sql`lower(g."recipientName")`, cast: "text" },
  stage: { sql: Prisma.sql`g."stage"`, cast: "text" },
  sent: { sql: Prisma.sql`coalesce(g."sentAt", 'infinity'::timestamp)`, cast: "timestamp" },
  expires: { sql: Prisma.sql`coalesce(g."expiresOn", 'infinity'::date)`, cast: "date" },
  price: { sql: Prisma.sql`g."priceCents"`, cast: "int" },
};

/** The value as SQL of the cursor's column type (the text of a timestamp keeps its microseconds). */
export const sortValueSql = (column: DashboardSortColumn, value: string | number) =>
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
      case "stage":
        return isStage(value);
      case "sent":
        return value === "infinity" || (TIMESTAMP.test(value) && !Number.isNaN(new Date(`${value}Z`).getTime()));
      case "expires":
        return value === "infinity" || Boolean(parseCalendarDate(value));
      case "price":
        return /^-?\d{1,10}$/.test(value) && Math.abs(Number(value)) <= 2_147_483_647;
    }
  })();
  if (!valid) return undefined;
  return { column, value: column === "price" ? Number(value) : value, id };
}
