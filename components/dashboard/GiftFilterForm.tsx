"use client";

import Link from "next/link";

/** Every sort the table offers (the column headers link to the same `sort` values). */
const SORT_OPTIONS: [string, string][] = [
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

const field = "mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-sm";

type Props = {
  action: string;
  sandbox: boolean;
  /** The view's filters as the form's fields hold them ("" for none); `sort` as in the URL. */
  values: { q: string; stage: string; from: string; to: string; batch: string; sort: string };
  /** The stage filter's choices: value and label. */
  stages: [string, string][];
  batches: { id: string; name: string }[];
};

/**
 * The dashboard's filter form (GiftFilters gives it the view's values). On a phone the search
 * and the buttons show, and the other filters fold under "More filters" (open when one of them
 * is set), so the first gift is on the first screen; from 640 px they are all in the grid
 * (`.filters-more` in app/globals.css).
 */
export function GiftFilterForm({ action, sandbox, values, stages, batches }: Props) {
  const moreSet = values.stage !== "" || values.from !== "" || values.to !== "" || values.batch !== "";
  return (
    <form
      method="get"
      action={action}
      role="search"
      aria-label="Filter gifts"
      className="mt-6 grid grid-cols-1 gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
    >
      {sandbox && <input type="hidden" name="mode" value="sandbox" />}
      <label className="block text-sm font-medium lg:col-span-2">
        Search name or email
        <input name="q" type="search" defaultValue={values.q} maxLength={100} className={field} />
      </label>
      <details className="filters-more" open={moreSet}>
        <summary className="cursor-pointer text-sm font-medium underline sm:hidden">
          More filters: stage, dates, batch, sort
        </summary>
        <label className="block text-sm font-medium">
          Stage
          <select name="stage" defaultValue={values.stage} className={field}>
            <option value="">Any stage</option>
            {stages.map(([stage, label]) => (
              <option key={stage} value={stage}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium">
          Created from
          <input name="from" type="date" defaultValue={values.from} className={field} />
        </label>
        <label className="block text-sm font-medium">
          Created to
          <input name="to" type="date" defaultValue={values.to} className={field} />
        </label>
        <label className="block text-sm font-medium">
          Batch
          <select name="batch" defaultValue={values.batch} className={field}>
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
          <select name="sort" defaultValue={values.sort} className={field}>
            {SORT_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </details>
      <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-5">
        <button type="submit" className="button-primary px-5 py-2">
          Apply filters
        </button>
        <Link href={sandbox ? `${action}?mode=sandbox` : action} className="text-sm underline">
          Clear
        </Link>
      </div>
    </form>
  );
}
