"use client";

import { useActionState, type ReactNode } from "react";
import type { BulkState } from "./bulk-state";

type Props = {
  action: (previous: BulkState, form: FormData) => Promise<BulkState>;
  submitLabel: string;
  children: ReactNode;
  /** Recipient names by gift id, to name the gifts that refused. */
  names: Record<string, string>;
};

/** The selection's one confirmation: posts once (its form key); then what was done, and every gift that refused with why. */
export function BulkConfirmForm({ action, submitLabel, children, names }: Props) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className="mt-4 space-y-3" data-testid="bulk-confirm">
      {children}
      <button type="submit" disabled={pending} className="button-primary px-5 py-2">
        {submitLabel}
      </button>
      {state?.done && (
        <p role="status" className="rounded bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="bulk-done">
          {state.done}
        </p>
      )}
      {state?.error && (
        <div role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="bulk-refused">
          <p>{state.error}</p>
          {state.refusals && (
            <ul className="mt-1 list-disc pl-5">
              {state.refusals.slice(0, 100).map((refusal) => (
                <li key={refusal.giftId}>
                  {names[refusal.giftId] ?? refusal.giftId}: {refusal.message}
                </li>
              ))}
              {state.refusals.length > 100 && <li>and {state.refusals.length - 100} more</li>}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
