"use client";

import { useTranslations } from "./words";
import type { CharityChoice } from "@/lib/catalogue/charities";
import { OutcomeForm, type OutcomeState } from "./OutcomeForm";

export type DonateState = OutcomeState;

type Props = {
  secret: string;
  from: string;
  /** What the gift is worth, in the page's language and the gift's currency ("$48.00", "48,00 $US"). */
  amount: string;
  charities: CharityChoice[];
  /** Nothing to choose reaches the country: the donation is the offer, shown open. */
  offered?: boolean;
  action: (state: DonateState, form: FormData) => Promise<DonateState>;
};

/**
 * "Give it to a charity instead": the seeded charities as native radio inputs (logo, name, one
 * sentence) and one button; it works by keyboard and without JavaScript.
 */
export function DonateForm({ secret, from, amount, charities, offered = false, action }: Props) {
  const t = useTranslations("donate");
  if (charities.length === 0) return null;
  return (
    <OutcomeForm
      kind="donate"
      busy="donating"
      secret={secret}
      from={from}
      values={{ amount }}
      errorId="charity-error"
      action={action}
      unfolded={offered}
    >
      {(state) => (
        <fieldset aria-describedby={state.error ? "charity-error" : undefined}>
          <legend className="sr-only">{t("legend")}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {charities.map((c) => (
              <label
                key={c.slug}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-stone-300 bg-white p-2 sm:p-3 has-[:checked]:border-rose-800 has-[:checked]:ring-2 has-[:checked]:ring-rose-800"
              >
                <input type="radio" name="charity" value={c.slug} className="mt-1" />
                {/* eslint-disable-next-line @next/next/no-img-element -- seeded SVGs */}
                <img src={c.logoUrl} alt="" width={40} height={40} className="size-10 rounded-full" />
                <span>
                  {/* Catalogue words in their own direction (an English sentence on an Arabic page). */}
                  <span dir="auto" className="block font-semibold">
                    {c.name}
                  </span>
                  <span dir="auto" className="block text-sm text-stone-600">
                    {c.sentence}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </OutcomeForm>
  );
}
