"use client";

import { useActionState, useState, type FormEvent, type ReactNode } from "react";
import { fileTooLarge } from "@/lib/http/body-limits.mjs";
import type { ActionState, FormAction } from "./action-state";

type Props = {
  action: FormAction;
  submitLabel: string;
  children?: ReactNode;
  className?: string;
  /** "primary" (filled), "quiet" (outlined) or "danger" (red: what can't be undone). */
  variant?: "primary" | "quiet" | "danger";
  testId?: string;
  /**
   * A file field's limit: a file over it is refused here, before it is sent (lib/http/body-limits.mjs
   * fileTooLarge, the gift upload's words), and the action checks it again.
   */
  maxFileBytes?: number;
};

/** The team and account pages' submit buttons, by variant (ActionForm's, and the webhook forms'). */
export const BUTTON = {
  primary: "rounded-full bg-[var(--ribbon)] px-4 py-2 font-semibold text-white disabled:opacity-60",
  quiet: "rounded-full border border-stone-400 px-3 py-1 text-sm text-stone-800 disabled:opacity-60",
  danger: "button-danger px-4 py-2",
};

/** A form posting to a server action, with the action's answer shown beside it (announced to screen readers). */
export function ActionForm({
  action,
  submitLabel,
  children,
  className,
  variant = "quiet",
  testId,
  maxFileBytes,
}: Props) {
  const [state, formAction, pending] = useActionState(action, null);
  // A refusal found in the browser, for the answer it was found against (a new answer replaces it).
  const [local, setLocal] = useState<{ for: typeof state; error: string } | null>(null);
  const shown: ActionState = local && local.for === state ? { error: local.error } : state;
  function checkFiles(event: FormEvent<HTMLFormElement>) {
    if (maxFileBytes === undefined) return;
    for (const file of new FormData(event.currentTarget).values()) {
      const tooLarge = fileTooLarge(file, maxFileBytes);
      if (tooLarge) {
        event.preventDefault();
        setLocal({ for: state, error: tooLarge });
        return;
      }
    }
    setLocal(null);
  }
  return (
    <form
      action={formAction}
      onSubmit={checkFiles}
      className={className ?? "flex flex-wrap items-end gap-3"}
      data-testid={testId}
    >
      {children}
      <button type="submit" disabled={pending} className={BUTTON[variant]}>
        {submitLabel}
      </button>
      {shown?.error && (
        <p role="alert" className="basis-full rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          {shown.error}
        </p>
      )}
      {shown?.ok && (
        <p role="status" className="basis-full text-sm text-green-800">
          {shown.ok}
        </p>
      )}
    </form>
  );
}
