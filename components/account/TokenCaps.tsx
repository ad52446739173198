"use client";

import { useActionState } from "react";
import type { SpendCaps } from "@/lib/billing/caps";
import { formatMoney } from "@/lib/money";

/** What saving the caps said (returned by the page's server action). */
export type TokenCapsState = null | { ok: string } | { error: string; fields: Record<string, string> };

type Props = {
  caps: SpendCaps | null;
  /** Plain words for the current caps ("up to $200.00 a day"). */
  summary: string[];
  collections: { id: number; name: string; priceCents: number }[];
  save: (previous: TokenCapsState, formData: FormData) => Promise<TokenCapsState>;
};

const field =
  "mt-1 block w-36 rounded-lg border border-stone-400 bg-white px-3 py-2 text-base focus:outline-none focus:ring-2 focus:ring-rose-700";

/** The live token's spending caps: per gift, a day, a month, and the collections it may send from. */
export function TokenCaps({ caps, summary, collections, save }: Props) {
  const [state, formAction, pending] = useActionState(save, null);
  const errors = state && "fields" in state ? state.fields : {};
  const amount = (name: string, label: string, cents: number | null | undefined) => (
    <div>
      <label htmlFor={name} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={name}
        name={name}
        inputMode="decimal"
        placeholder="No cap"
        maxLength={12}
        defaultValue={cents == null ? "" : formatMoney(cents)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${name}-error` : undefined}
        className={field}
      />
      {errors[name] && (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-800">
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <section className="mt-6 rounded-xl border border-stone-200 p-4" aria-labelledby="token-caps">
      <h3 id="token-caps" className="font-semibold">
        Spending caps for the live token
      </h3>
      <p className="mt-1 text-sm text-stone-600" data-testid="token-caps-summary">
        {summary.length > 0
          ? `It may spend ${summary.join(", ")}. A request over a cap is refused and nothing is charged.`
          : "No caps: the live token may spend whatever your teams' budgets allow."}{" "}
        Days and months are UTC; refunds give spend back.
      </p>
      <form action={formAction} className="mt-3 space-y-4">
        <div className="flex flex-wrap gap-4">
          {amount("cap_per_gift", "Per gift (USD)", caps?.perGiftCents)}
          {amount("cap_daily", "Per day (USD)", caps?.dailyCents)}
          {amount("cap_monthly", "Per month (USD)", caps?.monthlyCents)}
        </div>
        <fieldset aria-describedby={errors.cap_collections ? "cap_collections-error" : undefined}>
          <legend className="text-sm font-medium">Collections</legend>
          <label className="mt-1 flex items-center gap-2 text-sm">
            <input type="checkbox" name="limit_collections" defaultChecked={caps?.collectionIds != null} />
            Only from the collections ticked below
          </label>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2">
            {collections.map((c) => (
              <li key={c.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="cap_collections"
                    value={c.id}
                    defaultChecked={caps?.collectionIds?.includes(c.id) ?? false}
                  />
                  {c.name} (${formatMoney(c.priceCents)})
                </label>
              </li>
            ))}
          </ul>
          {errors.cap_collections && (
            <p id="cap_collections-error" className="mt-1 text-sm text-red-800">
              {errors.cap_collections}
            </p>
          )}
        </fieldset>
        <button
          type="submit"
          disabled={pending}
          className="rounded-full bg-[var(--ribbon)] px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          Save caps
        </button>
        {state && "error" in state && (
          <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800">
            {state.error}
          </p>
        )}
        {state && "ok" in state && (
          <p role="status" className="text-sm text-green-800">
            {state.ok}
          </p>
        )}
      </form>
    </section>
  );
}
