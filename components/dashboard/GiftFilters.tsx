import Link from "next/link";
import { stageLabel, type DashboardQuery } from "@/lib/dashboard";
import { STAGES } from "@/lib/gifts";

type Props = {
  action: string;
  query: DashboardQuery;
  batches: { id: string; name: string }[];
};

/** Every sort the table offers (the column headers link to the same `sort` values). */
export const SORT_OPTIONS: [string, string][] = [
  ["-created", "Newest first"],
  ["created", "Oldest first"],
  ["recipient", "Recipient, A to Z"],
  ["-recipient", "Recipient, Z to A"],
  ["collection", "Collection, A to Z"],
  ["-collection", "Collection, Z to A"],
  ["stage", "Stage, first to last"],
  ["-stage", "Stage, last to first"],
  ["-sent", "Sent, latest first"],
  ["sent", "Sent, earliest first"],
  ["expires", "Expires, soonest first"],
  ["-expires", "Expires, latest first"],
  ["-price", "Price, highest first"],
  ["price", "Price, lowest first"],
];

/** The view's sort as the `sort` value the select and the headers use. */
export const sortValue = (query: DashboardQuery) =>
  query.sort
    ? `${query.sort.descending ? "-" : ""}${query.sort.column}`
    : query.order === "oldest"
      ? "created"
      : "-created";

const field = "mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-sm";

/** The table's filters: a plain GET form, so the view's URL holds them and a link to it can be shared. */
export function GiftFilters({ action, query, batches }: Props) {
  return (
    <form
      method="get"
      action={action}
      role="search"
      aria-label="Filter gifts"
      className="mt-6 grid grid-cols-1 gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
    >
      {query.mode === "sandbox" && <input type="hidden" name="mode" value="sandbox" />}
      <label className="block text-sm font-medium lg:col-span-2">
        Search name or email
        <input name="q" type="search" defaultValue={query.search ?? ""} maxLength={100} className={field} />
      </label>
      <label className="block text-sm font-medium">
        Stage
        <select name="stage" defaultValue={query.stage ?? ""} className={field}>
          <option value="">Any stage</option>
          {STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {stageLabel(stage)}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        Created from
        <input name="from" type="date" defaultValue={query.from ?? ""} className={field} />
      </label>
      <label className="block text-sm font-medium">
        Created to
        <input name="to" type="date" defaultValue={query.to ?? ""} className={field} />
      </label>
      <label className="block text-sm font-medium">
        Batch
        <select name="batch" defaultValue={query.batch ?? ""} className={field}>
          <option value="">Any batch</option>
          {batches.map((batch) => (
            <option key={batch.id} value={batch.id}>
              {batch.name}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        Sort by
        <select name="sort" defaultValue={sortValue(query)} className={field}>
          {SORT_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-5">
        <button type="submit" className="button-primary px-5 py-2">
          Apply filters
        </button>
        <Link href={query.mode === "sandbox" ? `${action}?mode=sandbox` : action} className="text-sm underline">
          Clear
        </Link>
      </div>
    </form>
  );
}
