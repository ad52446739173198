"use client";

import { useActionState } from "react";
import type { DemoFileUpdate } from "@/lib/demo/demo-credentials-file";
import { ConfirmDialog } from "./ConfirmDialog";
import { NewTokens } from "./NewTokens";

/** What turning developer access on, rolling or revoking said (returned by the page's server action). */
export type DeveloperAccessState =
  | null
  | { error: string }
  | {
      issued: { live: string; sandbox: string };
      rolled: boolean;
      oldTokensUntil: string | null;
      demoFile: DemoFileUpdate;
    }
  | { revoked: true; demoFile: DemoFileUpdate };

type Props = {
  hasTokens: boolean;
  change: (previous: DeveloperAccessState, formData: FormData) => Promise<DeveloperAccessState>;
};

const PRIMARY = "rounded-full bg-[var(--ribbon)] px-4 py-2 font-semibold text-white disabled:opacity-60";
const SECONDARY = "rounded-full border border-stone-300 px-4 py-2 disabled:opacity-60";

/**
 * The buttons of "Developer access" and what they produced. The buttons come first and keep
 * their place; the new tokens (or the outcome) appear below them, above the token list.
 */
export function DeveloperTokenControls({ hasTokens, change }: Props) {
  const [state, action, pending] = useActionState(change, null);
  return (
    <div className="mt-4">
      <div className="flex flex-wrap items-start gap-4" data-testid="token-buttons">
        {hasTokens ? (
          <>
            <ConfirmDialog
              trigger="Roll tokens"
              triggerClassName={PRIMARY}
              disabled={pending}
              title="Roll your developer tokens?"
              consequence="You get a new live and a new sandbox token. Your live integration stops working at once unless you keep the old tokens for 24 hours."
              confirm={{ label: "Roll tokens", name: "confirm", value: "roll" }}
              action={action}
            >
              <fieldset className="mt-4 text-sm">
                <legend className="font-medium">Old tokens stop working</legend>
                <label className="mt-2 flex items-center gap-2">
                  <input type="radio" name="old_tokens" value="now" defaultChecked /> now
                </label>
                <label className="mt-1 flex items-center gap-2">
                  <input type="radio" name="old_tokens" value="24h" /> in 24 hours
                </label>
              </fieldset>
            </ConfirmDialog>
            <ConfirmDialog
              trigger="Revoke both"
              triggerClassName={SECONDARY}
              disabled={pending}
              title="Revoke your developer tokens?"
              consequence="Your live integration and sandbox scripts stop working at once. You can enable developer access again later (new tokens)."
              confirm={{ label: "Revoke both", name: "confirm", value: "revoke" }}
              action={action}
            />
          </>
        ) : (
          <form action={action}>
            <button type="submit" name="confirm" value="enable" disabled={pending} className={PRIMARY}>
              Enable developer access
            </button>
          </form>
        )}
      </div>
      <div role="status" className="text-sm" data-testid="developer-access-status">
        {state && "error" in state && <p className="mt-4 text-red-700">{state.error}</p>}
        {state && "revoked" in state && (
          <p className="mt-4">Developer access is off: both tokens stopped working.{demoFileNote(state.demoFile)}</p>
        )}
        {state && "issued" in state && (
          <p className="mt-4">
            {state.rolled ? "Tokens rolled." : "Developer access is on."} Copy the new tokens now: they won&apos;t be
            shown again.
          </p>
        )}
      </div>
      {state && "issued" in state && (
        <NewTokens
          issued={state.issued}
          oldTokensUntil={state.rolled ? state.oldTokensUntil : undefined}
          demoFile={state.demoFile}
        />
      )}
    </div>
  );
}

function demoFileNote(status: DemoFileUpdate): string {
  if (status === "updated") return " demo-credentials.json has been updated.";
  if (status === "stale") return " demo-credentials.json could not be updated: the tokens it lists for you are stale.";
  return "";
}
