"use client";

import { useActionState } from "react";
import type { TokenState } from "@/app/(site)/account/actions";

type Props = {
  hasTokens: boolean;
  roll: () => Promise<TokenState>;
};

/** Generates (or rolls) the live and sandbox tokens and shows them once. */
export function DeveloperTokens({ hasTokens, roll }: Props) {
  const [state, action, pending] = useActionState(roll, null);
  return (
    <div>
      <form action={action}>
        <button type="submit" disabled={pending} className="rounded-full bg-[var(--ribbon)] px-4 py-2 font-semibold text-white disabled:opacity-60">
          {hasTokens ? "Roll tokens" : "Enable developer access"}
        </button>
      </form>
      {state && "error" in state && <p role="alert" className="mt-3 text-red-700">{state.error}</p>}
      {state && "live" in state && (
        <div className="mt-4 space-y-2 rounded-lg bg-amber-50 p-4 text-sm" data-testid="new-tokens">
          <p className="font-medium">Copy these now: they won&apos;t be shown again.</p>
          <p>
            Live: <code className="break-all" data-testid="live-token">{state.live}</code>
          </p>
          <p>
            Sandbox: <code className="break-all" data-testid="sandbox-token">{state.sandbox}</code>
          </p>
        </div>
      )}
    </div>
  );
}
