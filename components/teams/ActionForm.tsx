"use client";

import { useActionState, type ReactNode } from "react";
import type { FormAction } from "./action-state";

type Props = {
  action: FormAction;
  submitLabel: string;
  children?: ReactNode;
  className?: string;
  /** "primary" (filled) or "quiet" (outlined). */
  variant?: "primary" | "quiet";
  testId?: string;
};

const BUTTON = {
  primary: "rounded-full bg-[var(--ribbon)] px-4 py-2 font-semibold text-white disabled:opacity-60",
  quiet: "rounded-full border border-stone-400 px-3 py-1 text-sm text-stone-800 disabled:opacity-60",
};

/** A form posting to a server action, with the action's answer shown beside it (announced to screen readers). */
export function ActionForm({ action, submitLabel, children, className, variant = "quiet", testId }: Props) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className={className ?? "flex flex-wrap items-end gap-3"} data-testid={testId}>
      {children}
      <button type="submit" disabled={pending} className={BUTTON[variant]}>
        {submitLabel}
      </button>
      {state?.error && (
        <p role="alert" className="basis-full rounded bg-red-50 px-3 py-2 text-sm text-red-800">
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
