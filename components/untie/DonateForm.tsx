"use client";

import { useLocale, useTranslations } from "next-intl";
import { useActionState, useEffect, useRef } from "react";
import type { CharityChoice } from "@/lib/catalogue/charities";

/** What the server answers a donation with (a success redirects instead). */
export type DonateState = { error?: string; refused?: string };

type Props = {
  secret: string;
  from: string;
  charities: CharityChoice[];
  action: (state: DonateState, form: FormData) => Promise<DonateState>;
};

/**
 * "Give it to a charity instead": the seeded charities as native radio inputs (logo, name, one
 * sentence) and one button. A plain form: it works by keyboard and without JavaScript.
 */
export function DonateForm({ secret, from, charities, action }: Props) {
  const t = useTranslations("donate");
  const locale = useLocale();
  const [state, formAction, pending] = useActionState(action, {});
  const alert = useRef<HTMLParagraphElement>(null);
  const message = state.error ?? state.refused;
  useEffect(() => {
    if (message) alert.current?.focus();
  }, [message]);
  if (charities.length === 0) return null;

  return (
    <section className="mx-auto mt-12 max-w-4xl border-t border-stone-200 pt-8" aria-labelledby="donate-heading">
      <h2 id="donate-heading" className="text-xl font-semibold">
        {t("heading")}
      </h2>
      <p className="mt-2 text-stone-700">{t("intro", { from })}</p>
      <form action={formAction} className="mt-4 space-y-3" data-testid="donate-form">
        <input type="hidden" name="secret" value={secret} />
        <input type="hidden" name="locale" value={locale} />
        {message && (
          <p
            ref={alert}
            tabIndex={-1}
            role="alert"
            id="charity-error"
            className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-800"
          >
            {message}
          </p>
        )}
        <fieldset aria-describedby={state.error ? "charity-error" : undefined}>
          <legend className="sr-only">{t("legend")}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {charities.map((c) => (
              <label
                key={c.slug}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-stone-300 bg-white p-3 has-[:checked]:border-rose-800 has-[:checked]:ring-2 has-[:checked]:ring-rose-800"
              >
                <input type="radio" name="charity" value={c.slug} className="mt-1" />
                {/* eslint-disable-next-line @next/next/no-img-element -- seeded SVGs */}
                <img src={c.logoUrl} alt="" width={40} height={40} className="size-10 rounded-full" />
                <span>
                  <span className="block font-semibold">{c.name}</span>
                  <span className="block text-sm text-stone-600">{c.sentence}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <button
          type="submit"
          disabled={pending}
          className="rounded-full border-2 border-stone-700 px-6 py-2 font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-rose-800 disabled:opacity-60"
        >
          {pending ? t("donating") : t("button")}
        </button>
      </form>
    </section>
  );
}
