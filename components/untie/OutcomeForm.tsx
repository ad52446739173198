"use client";

import { useLocale, useTranslations } from "./words";
import { isolated } from "./isolate";
import { useActionState, useEffect, useRef, type ReactNode } from "react";

/**
 * What the server answers a decline or a donation with (a success redirects instead); a decline
 * first answers `confirm` (asking once), with the reason the person typed.
 */
export type OutcomeState = { error?: string; refused?: string; confirm?: true; reason?: string };

type Props = {
  /** The catalogue namespace of its words: heading, intro, button, and `busy` while posting. */
  kind: "decline" | "donate";
  busy: "declining" | "donating";
  secret: string;
  from: string;
  /** More values for the intro (the donation's amount, already in the locale's format). */
  values?: Record<string, string>;
  /** The id of the error message, for the field's aria-describedby. */
  errorId: string;
  action: (state: OutcomeState, form: FormData) => Promise<OutcomeState>;
  /** The form's own fields, given the last answer (to mark a field invalid). */
  children: (state: OutcomeState) => ReactNode;
  /** The button's words for the last answer (its `button` words otherwise), and what follows it. */
  submitLabel?: (state: OutcomeState) => string | undefined;
  after?: (state: OutcomeState) => ReactNode;
  /** Shown open from the start: it is the offer (nothing to choose reaches the country). */
  unfolded?: boolean;
};

/**
 * The frame of the untie page's two ways out of choosing a product, "No thanks" and "Give it to a
 * charity": a heading, a plain form (it works without JavaScript), the server's refusal focused
 * when it comes, and one button.
 */
export function OutcomeForm({
  kind,
  busy,
  secret,
  from,
  values = {},
  errorId,
  action,
  children,
  submitLabel,
  after,
  unfolded = false,
}: Props) {
  const t = useTranslations(kind);
  const locale = useLocale();
  const [state, formAction, pending] = useActionState(action, {});
  const alert = useRef<HTMLParagraphElement>(null);
  const submit = useRef<HTMLButtonElement>(null);
  const message = state.error ?? state.refused;
  const open = unfolded || Boolean(message || state.confirm);
  const fold = useRef<HTMLDetailsElement>(null);
  // A link to the form (`#decline-form`) opens the fold: browsers that don't reveal a fragment's
  // closed <details> themselves (Chromium does, without JavaScript too).
  useEffect(() => {
    const reveal = () => {
      if (fold.current && location.hash === `#${kind}-form`) fold.current.open = true;
    };
    reveal();
    window.addEventListener("hashchange", reveal);
    return () => window.removeEventListener("hashchange", reveal);
  }, [kind]);
  useEffect(() => {
    if (message) alert.current?.focus();
    // The question asked (a decline): the button that answers it takes the focus the pending state took away.
    else if (state.confirm) submit.current?.focus();
  }, [message, state]);

  return (
    <section className="mx-auto mt-6 max-w-4xl border-t border-stone-200 pt-4" aria-labelledby={`${kind}-heading`}>
      {/* Folded until asked for (a click, or the links above it); open with the server's answer. */}
      <details ref={fold} className="group/outcome" open={open || undefined}>
        <summary className="cursor-pointer list-none rounded-lg py-1 focus-visible:outline focus-visible:outline-2 focus-visible:outline-rose-800 [&::-webkit-details-marker]:hidden">
          <h2 id={`${kind}-heading`} className="inline text-xl font-semibold">
            <span aria-hidden="true" className="me-2 inline-block group-open/outcome:rotate-90 rtl:-scale-x-100">
              ›
            </span>
            {t("heading")}
          </h2>
        </summary>
        <p className="mt-2 text-stone-700">{isolated((v) => t("intro", v), { from, ...values })}</p>
        <form action={formAction} id={`${kind}-form`} className="mt-4 space-y-3" data-testid={`${kind}-form`}>
          <input type="hidden" name="secret" value={secret} />
          <input type="hidden" name="locale" value={locale} />
          {message && (
            <p
              ref={alert}
              tabIndex={-1}
              role="alert"
              id={errorId}
              className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-800"
            >
              {message}
            </p>
          )}
          {children(state)}
          <button
            ref={submit}
            type="submit"
            disabled={pending}
            className="rounded-full border-2 border-stone-700 px-6 py-2 font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-rose-800 disabled:opacity-60"
          >
            {pending ? t(busy) : (submitLabel?.(state) ?? t("button"))}
          </button>
          {after?.(state)}
        </form>
      </details>
    </section>
  );
}
