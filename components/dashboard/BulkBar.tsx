import type { DashboardQuery } from "@/lib/dashboard";

type Props = {
  /** The form's id: the table's checkboxes name it (`form=`). */
  id: string;
  base: string;
  query: DashboardQuery;
  /** How many gifts the view holds, and the most one action takes. */
  total: number;
  max: number;
  canChange: boolean;
  /** This page with every box ticked, and with none ("Select all on this page" is a link: no JavaScript needed). */
  pickAllHref: string;
  clearHref: string;
};

/**
 * The selection's actions: a plain GET form (no JavaScript needed) to the confirmation page with
 * the ticked gifts, or the whole filtered view (its filters ride along), and what to do; "Export
 * selected" sends the same form to the CSV export instead.
 */
export function BulkBar({ id, base, query, total, max, canChange, pickAllHref, clearHref }: Props) {
  const hidden: [string, string | undefined][] = [
    ["mode", query.mode === "sandbox" ? "sandbox" : undefined],
    ["q", query.search],
    ["stage", query.stage],
    ["from", query.from],
    ["to", query.to],
    ["batch", query.batch],
  ];
  const tooMany = total > max;
  return (
    <form
      id={id}
      method="get"
      action={`${base}/selection`}
      aria-label="Act on selected gifts"
      data-testid="bulk-bar"
      className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border border-stone-200 bg-white p-3 text-sm"
    >
      {hidden.map(([name, value]) => value && <input key={name} type="hidden" name={name} value={value} />)}
      <fieldset className="flex flex-wrap items-center gap-3">
        <legend className="sr-only">Which gifts</legend>
        <label className="flex items-center gap-1">
          <input type="radio" name="scope" value="picked" defaultChecked /> The gifts ticked below
        </label>
        <label className="flex items-center gap-1">
          <input type="radio" name="scope" value="view" disabled={tooMany || total === 0} /> All{" "}
          {total.toLocaleString("en-US")} in this view
        </label>
        <span className="text-stone-700">(at most {max.toLocaleString("en-US")} at a time)</span>
      </fieldset>
      <span className="flex gap-3">
        {/* Plain links (a whole page load): the boxes come back ticked, or not, from the server. */}
        <a href={pickAllHref} className="underline">
          Select all on this page
        </a>
        <a href={clearHref} className="underline">
          Clear
        </a>
      </span>
      <span className="flex flex-wrap gap-2">
        {canChange && (
          <>
            <button type="submit" name="action" value="cancel" className="button-secondary px-3 py-1">
              Cancel…
            </button>
            <button type="submit" name="action" value="resend" className="button-secondary px-3 py-1">
              Resend…
            </button>
            <button type="submit" name="action" value="extend" className="button-secondary px-3 py-1">
              Extend…
            </button>
          </>
        )}
        <button
          type="submit"
          name="export"
          value="1"
          formAction={`${base}/export.csv`}
          className="button-secondary px-3 py-1"
        >
          Export selected
        </button>
      </span>
    </form>
  );
}
