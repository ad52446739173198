import Link from "next/link";
import type { SavedView } from "@/lib/dashboard";

type Props = {
  teamId: string;
  base: string;
  views: SavedView[];
  /** The current view's URL query (its filters and sort), saved under the name typed. */
  current: string;
  canChange: boolean;
  max: number;
  maxName: number;
  /** What the last save or delete did (from the URL the form came back to). */
  outcome: string | null;
  save: (form: FormData) => Promise<void>;
  remove: (form: FormData) => Promise<void>;
};

/**
 * The team's saved views (a named filter and sort): open one, delete one, or save the view on
 * screen. Plain server-action forms, no client component, so the board works whole without JavaScript.
 */
export function SavedViews({ teamId, base, views, current, canChange, max, maxName, outcome, save, remove }: Props) {
  const hidden = (
    <>
      <input type="hidden" name="team" value={teamId} />
      <input type="hidden" name="mode" value="live" />
      <input type="hidden" name="query" value={current} />
    </>
  );
  return (
    <section
      aria-labelledby="saved-views"
      className="mt-6 rounded-xl border border-stone-200 bg-white p-4"
      data-testid="saved-views"
    >
      <h2 id="saved-views" className="font-semibold">
        Saved views
      </h2>
      {outcome && (
        <p
          role={outcome.startsWith("Saved") || outcome.startsWith("Deleted") ? "status" : "alert"}
          className="mt-1 text-sm"
          data-testid="saved-view-outcome"
        >
          {outcome}
        </p>
      )}
      {views.length === 0 ? (
        <p className="mt-1 text-sm text-stone-700">None yet: filter and sort the table, then save it under a name.</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-3">
          {views.map((view) => (
            <li
              key={view.id}
              className="flex items-center gap-2 rounded-full border border-stone-300 py-1 pl-3 pr-1 text-sm"
              data-testid="saved-view"
            >
              <Link href={`${base}${view.query}`} className="underline">
                {view.name}
              </Link>
              {canChange && (
                <form action={remove}>
                  {hidden}
                  <input type="hidden" name="view" value={view.id} />
                  <button
                    type="submit"
                    className="rounded-full border border-stone-400 px-3 py-1 text-sm text-stone-800"
                    aria-label={`Delete the view ${view.name}`}
                  >
                    Delete
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
      {canChange && views.length < max && (
        <form action={save} className="mt-3 flex flex-wrap items-end gap-3" data-testid="save-view">
          {hidden}
          <label className="block text-sm font-medium">
            Name
            <input
              name="name"
              required
              maxLength={maxName}
              className="mt-1 block rounded-lg border border-stone-400 px-3 py-2 text-sm"
            />
          </label>
          <button type="submit" className="rounded-full border border-stone-400 px-3 py-1 text-sm text-stone-800">
            Save this view
          </button>
        </form>
      )}
    </section>
  );
}
