// The modules themselves, not lib/gifts' index: the gifts domain builds its emails' dashboard links here.
import { decodeCursor, type Cursor } from "@/lib/gifts/cursor";
import { isStage, type Stage } from "@/lib/gifts/stages";
import { parseCalendarDate } from "@/lib/format/calendar-date";

/** Live gifts of the team, or the person's own sandbox gifts. */
export type DashboardMode = "live" | "sandbox";

/** What the gift table and the funnel show: every filter lives in the page's URL, so a view can be shared. */
export type DashboardQuery = {
  mode: DashboardMode;
  /** A recipient's name or email, or part of one. */
  search?: string;
  stage?: Stage;
  /** Created on or after this day (UTC), and on or before `to`. */
  from?: string;
  to?: string;
  batch?: string;
  order: "newest" | "oldest";
  after?: Cursor;
};

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
  const after = one(params, "after");
  if (after) {
    const cursor = after.length <= 200 ? decodeCursor(after) : undefined;
    if (cursor) query.after = cursor;
    else problems.push({ param: "after", message: "That page link is broken: showing the first page." });
  }
  return { query, problems };
}

/** The URL query for a dashboard view (what readDashboardQuery reads back); defaults are left out. */
export function dashboardSearch(query: Partial<Omit<DashboardQuery, "after">> & { after?: string }): string {
  const params = new URLSearchParams();
  if (query.mode === "sandbox") params.set("mode", "sandbox");
  if (query.search) params.set("q", query.search);
  if (query.stage) params.set("stage", query.stage);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.batch) params.set("batch", query.batch);
  if (query.order === "oldest") params.set("order", "oldest");
  if (query.after) params.set("after", query.after);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A form's or a query's mode: "sandbox" only when it says so. */
export const modeOf = (value: unknown): DashboardMode => (value === "sandbox" ? "sandbox" : "live");

/** A dashboard page's path: `/dashboard/<team><path>`, with `?mode=sandbox` in sandbox mode. */
export const dashboardHref = (teamId: string, mode: DashboardMode, path = "") =>
  `/dashboard/${encodeURIComponent(teamId)}${path}${mode === "sandbox" ? "?mode=sandbox" : ""}`;
