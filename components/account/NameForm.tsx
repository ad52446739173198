"use client";

import { useActionState } from "react";
import { usePathname } from "next/navigation";
import type { FormAction } from "@/components/teams/action-state";

type Props = {
  save: FormAction;
  /** The prompt after a first sign-in has "Skip for now"; the account page's form has not. */
  skip?: () => Promise<void>;
  current?: string | null;
};

const field =
  "mt-1 block w-full max-w-sm rounded-lg border border-stone-400 bg-white px-3 py-2 text-base focus:outline-none focus:ring-2 focus:ring-rose-700";

/** The person's own name: the form behind "What should we call you?" and the account page's "Your name". */
export function NameForm({ save, skip, current }: Props) {
  const [state, formAction, pending] = useActionState(save, null);
  const id = skip ? "name-prompt" : "user-name"; // the account page can show both forms
  return (
    <form action={formAction} className="mt-3 flex flex-wrap items-end gap-3">
      <div className="basis-full sm:basis-auto">
        <label htmlFor={id} className="block text-sm font-medium">
          Your name
        </label>
        <input
          id={id}
          name="name"
          autoComplete="name"
          maxLength={100}
          defaultValue={current ?? ""}
          aria-invalid={state?.error ? true : undefined}
          aria-describedby={state?.error ? `${id}-error` : undefined}
          className={field}
        />
      </div>
      <button
        type="submit"
        disabled={pending}
        className="rounded-full bg-[var(--ribbon)] px-4 py-2 font-semibold text-white disabled:opacity-60"
      >
        Save my name
      </button>
      {skip && (
        <button
          type="submit"
          formAction={skip}
          formNoValidate
          className="rounded-full border border-stone-400 px-4 py-2 text-stone-800"
        >
          Skip for now
        </button>
      )}
      {state?.error && (
        <p id={`${id}-error`} role="alert" className="basis-full rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.error}
        </p>
      )}
      {state?.ok && (
        <p role="status" className="basis-full text-sm text-green-800">
          {state.ok}
        </p>
      )}
    </form>
  );
}

/**
 * Asked of someone signed in without a name (after their first sign-in), on every page of the
 * site until they give one or skip; not on the consent screen, where the decision at hand is another.
 */
export function NamePrompt({ save, skip }: { save: FormAction; skip: () => Promise<void> }) {
  const pathname = usePathname();
  if (pathname.startsWith("/oauth2")) return null;
  return (
    <section aria-labelledby="name-prompt-heading" className="border-b border-amber-200 bg-amber-50">
      <div className="page-width py-4">
        <h2 id="name-prompt-heading" className="font-semibold">
          What should we call you?
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          Gifts you send and invitations you make show your name. Without one they show your team&apos;s name instead,
          never your email address.
        </p>
        <NameForm save={save} skip={skip} />
      </div>
    </section>
  );
}
