import Link from "next/link";
import { ActionForm } from "@/components/teams/ActionForm";
import type { FormAction } from "@/components/teams/action-state";
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
  save: FormAction;
  remove: FormAction;
};

/** The team's saved views (a named filter and sort): open one, delete one, or save the view on screen. */
export function SavedViews({ teamId, base, views, current, canChange, max, maxName, save, remove }: Props) {
  const hidden = (
    <>
      <input type="hidden" name="team" value={teamId} />
      <input type="hidden" name="mode" value="live" />
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
                <ActionForm action={remove} submitLabel="Delete" className="flex items-center gap-2">
                  {hidden}
                  <input type="hidden" name="view" value={view.id} />
                </ActionForm>
              )}
            </li>
          ))}
        </ul>
      )}
      {canChange && views.length < max && (
        <ActionForm
          action={save}
          submitLabel="Save this view"
          className="mt-3 flex flex-wrap items-end gap-3"
          testId="save-view"
        >
          {hidden}
          <input type="hidden" name="query" value={current} />
          <label className="block text-sm font-medium">
            Name
            <input
              name="name"
              required
              maxLength={maxName}
              className="mt-1 block rounded-lg border border-stone-400 px-3 py-2 text-sm"
            />
          </label>
        </ActionForm>
      )}
    </section>
  );
}
