// The dashboard's links, here rather than in lib/dashboard because the gifts domain builds its
// emails' dashboard links with them (a domain never imports the dashboard above it). The
// dashboard reads its URL back with readDashboardQuery (lib/dashboard/query.ts).
import type { Cursor } from "./cursor";
import type { Stage } from "./stages";

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
  /** A column other than the creation time to sort by (`sort=price`, `sort=-price` descending); unset: by `order`. */
  sort?: DashboardSort;
  /** The next page's position: a creation time (the default order), else the sort column's value (`value`). */
  after?: Cursor | SortCursor;
  /** Only these gifts of the view (an export of a selection); never in the URL's view itself. */
  ids?: string[];
};

/** The table's columns a view may be sorted by, besides the creation time (each has its index: docs/dashboard.md). */
export const SORT_COLUMNS = ["recipient", "collection", "stage", "sent", "expires", "price"] as const;
export type DashboardSortColumn = (typeof SORT_COLUMNS)[number];
export type DashboardSort = { column: DashboardSortColumn; descending: boolean };

/** A position in a view sorted by a column: that column's value in the last row (as text, or a number), and its id. */
export type SortCursor = { column: DashboardSortColumn; value: string | number; id: string };

/** The URL query for a dashboard view (what readDashboardQuery reads back); defaults are left out. */
export function dashboardSearch(query: Partial<Omit<DashboardQuery, "after">> & { after?: string }): string {
  const params = new URLSearchParams();
  if (query.mode === "sandbox") params.set("mode", "sandbox");
  if (query.search) params.set("q", query.search);
  if (query.stage) params.set("stage", query.stage);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.batch) params.set("batch", query.batch);
  if (query.sort) params.set("sort", `${query.sort.descending ? "-" : ""}${query.sort.column}`);
  else if (query.order === "oldest") params.set("order", "oldest");
  if (query.after) params.set("after", query.after);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A dashboard page's path: `/dashboard/<team><path>`, with `?mode=sandbox` in sandbox mode. */
export const dashboardHref = (teamId: string, mode: DashboardMode, path = "") =>
  `/dashboard/${encodeURIComponent(teamId)}${path}${mode === "sandbox" ? "?mode=sandbox" : ""}`;
