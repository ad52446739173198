import { decodeCursor } from "@/lib/gifts/cursor";
import { SORT_COLUMNS, type DashboardSortColumn } from "@/lib/gifts/dashboard-links";
import { decodeSortCursor } from "./sort";
import type { DashboardMode, DashboardQuery } from "@/lib/gifts/dashboard-links";
import { isStage } from "@/lib/gifts/stages";
import { parseCalendarDate } from "@/lib/format/calendar-date";

/** A filter the URL gave that the page couldn't use, said in words (the page shows it and ignores the value). */
export type QueryProblem = { param: string; message: string };

export const MAX_SEARCH_LENGTH = 100;

type Params = Record<string, string | string[] | undefined>;
const one = (params: Params, name: string) => {
  const value = params[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
};

/** The dashboard's URL query → a query and the values it ignored (never an exception: any URL renders). */
export function readDashboardQuery(params: Params): { query: DashboardQuery; problems: QueryProblem[] } {
  const problems: QueryProblem[] = [];
  const query: DashboardQuery = { mode: one(params, "mode") === "sandbox" ? "sandbox" : "live", order: "newest" };
  const search = one(params, "q");
  if (search && search.includes("\u0000")) problems.push({ param: "q", message: "The search can't hold a NUL byte." });
  else if (search) query.search = search.slice(0, MAX_SEARCH_LENGTH);
  const stage = one(params, "stage");
  if (stage && isStage(stage)) query.stage = stage;
  else if (stage) problems.push({ param: "stage", message: `"${stage.slice(0, 40)}" is not a stage.` });
  for (const name of ["from", "to"] as const) {
    // A day that exists, years 0001–9999 (lib/format/calendar-date.ts): PostgreSQL refuses the others.
    const day = one(params, name);
    if (day && parseCalendarDate(day)) query[name] = day;
    else if (day) problems.push({ param: name, message: `"${day.slice(0, 40)}" is not a date (YYYY-MM-DD).` });
  }
  const batch = one(params, "batch");
  if (batch && /^bat_[A-Za-z0-9_-]{1,64}$/.test(batch)) query.batch = batch;
  else if (batch) problems.push({ param: "batch", message: "That is not a batch id." });
  if (one(params, "order") === "oldest") query.order = "oldest";
  const sort = one(params, "sort");
  if (sort) {
    const column = sort.replace(/^-/, "");
    if (column === "created") query.order = sort.startsWith("-") ? "newest" : "oldest";
    else if ((SORT_COLUMNS as readonly string[]).includes(column))
      query.sort = { column: column as DashboardSortColumn, descending: sort.startsWith("-") };
    else
      problems.push({
        param: "sort",
        message: `"${sort.slice(0, 40)}" is not a column to sort by (created, ${SORT_COLUMNS.join(", ")}; a leading - for descending).`,
      });
  }
  const after = one(params, "after");
  if (after) {
    const cursor =
      after.length > 400 ? undefined : query.sort ? decodeSortCursor(after, query.sort.column) : decodeCursor(after);
    if (cursor) query.after = cursor;
    else problems.push({ param: "after", message: "That page link is broken: showing the first page." });
  }
  return { query, problems };
}

/** A form's or a query's mode: "sandbox" only when it says so. */
export const modeOf = (value: unknown): DashboardMode => (value === "sandbox" ? "sandbox" : "live");
