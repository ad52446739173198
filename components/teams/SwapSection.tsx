"use client";
// A client component for its markup's sake: the HTML carries that markup, the RSC payload only the props.

import type { FormAction } from "./action-state";
import { ActionForm } from "./ActionForm";

type Props = {
  teamId: string;
  owner: boolean;
  /** The collections the team can send, with their price ("48.00"). */
  collections: { id: number; name: string; price: string }[];
  chosen: number[];
  setSwap: FormAction;
};

/** The team's swap collections: what a recipient who likes nothing in their gift's collection may choose from instead. */
export function SwapSection({ teamId, owner, collections, chosen, setSwap }: Props) {
  const names = collections.filter((c) => chosen.includes(c.id)).map((c) => c.name);
  return (
    <section className="mt-10" aria-labelledby="swap">
      <h2 id="swap" className="text-xl font-semibold">
        Swaps
      </h2>
      <p className="mt-1 text-sm text-stone-700" data-testid="swap-summary">
        {names.length > 0
          ? `A recipient who likes nothing in their gift's collection may choose instead from ${names.join(", ")}: any of them priced at or below the gift. The difference is neither charged nor refunded.`
          : "No swaps: recipients choose from their gift's collection only."}
      </p>
      {owner && (
        <ActionForm
          action={setSwap}
          submitLabel="Save swaps"
          className="mt-4 flex flex-wrap items-end gap-3"
          testId="swap-form"
        >
          <input type="hidden" name="team" value={teamId} />
          <fieldset className="basis-full">
            <legend className="text-sm font-medium">Swap collections</legend>
            <ul className="mt-1 grid gap-1 sm:grid-cols-2">
              {collections.map((c) => (
                <li key={c.id}>
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="collection" value={c.id} defaultChecked={chosen.includes(c.id)} />
                    {c.name} (${c.price})
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </ActionForm>
      )}
    </section>
  );
}
