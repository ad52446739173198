"use client";

import { useLocale, useTranslations } from "next-intl";
import { useActionState, useEffect, useRef } from "react";

/** What the server answers a "No thanks" with (a success redirects instead). */
export type DeclineState = { error?: string; refused?: string };

type Props = {
  secret: string;
  from: string;
  action: (state: DeclineState, form: FormData) => Promise<DeclineState>;
};

/**
 * "No thanks": the recipient declines the gift, with an optional reason for the sender. A
 * plain form (works without JavaScript); the server refuses an over-long reason rather than
 * cutting it, and says why.
 */
export function DeclineForm({ secret, from, action }: Props) {
  const t = useTranslations("decline");
  const locale = useLocale();
  const [state, formAction, pending] = useActionState(action, {});
  const alert = useRef<HTMLParagraphElement>(null);
  const message = state.error ?? state.refused;
  useEffect(() => {
    if (message) alert.current?.focus();
  }, [message]);

  return (
    <section className="mx-auto mt-12 max-w-4xl border-t border-stone-200 pt-8" aria-labelledby="decline-heading">
      <h2 id="decline-heading" className="text-xl font-semibold">
        {t("heading")}
      </h2>
      <p className="mt-2 text-stone-700">{t("intro", { from })}</p>
      <form action={formAction} className="mt-4 space-y-3" data-testid="decline-form">
        <input type="hidden" name="secret" value={secret} />
        <input type="hidden" name="locale" value={locale} />
        {message && (
          <p
            ref={alert}
            tabIndex={-1}
            role="alert"
            id="reason-error"
            className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-800"
          >
            {message}
          </p>
        )}
        <label htmlFor="reason" className="block text-sm font-medium">
          {t("reasonLabel", { from })}
        </label>
        <textarea
          id="reason"
          name="reason"
          rows={3}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? "reason-error" : undefined}
          className="block w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base focus:outline-none focus:ring-2 focus:ring-rose-700"
        />
        <button
          type="submit"
          disabled={pending}
          className="rounded-full border-2 border-stone-700 px-6 py-2 font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-rose-800 disabled:opacity-60"
        >
          {pending ? t("declining") : t("button")}
        </button>
      </form>
    </section>
  );
}
