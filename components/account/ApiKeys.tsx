"use client";

import { useActionState } from "react";
import { relativeTime, utcMinute } from "@/lib/format/relative-time";
import type { NamedKeyView } from "@/lib/tokens/named-keys";
import { ActionForm, BUTTON } from "@/components/teams/ActionForm";
import type { FormAction } from "@/components/teams/action-state";
import { CopyButton } from "./CopyButton";

/** What "Create key" answers: the new key's secret this once, or why not. */
export type ApiKeyState = { created?: { name: string; secret: string }; error?: string } | null;

type Props = {
  keys: NamedKeyView[];
  teams: { id: string; name: string }[];
  now: Date;
  maxKeys: number;
  maxName: number;
  create: (previous: ApiKeyState, formData: FormData) => Promise<ApiKeyState>;
  revoke: FormAction;
};

const FIELD = "mt-1 block w-full rounded border border-stone-300 px-3 py-2";

function When({ date, now }: { date: Date; now: Date }) {
  return (
    <time dateTime={date.toISOString()} title={utcMinute(date)}>
      {relativeTime(date, now)}
    </time>
  );
}

/** The account page's named API keys: make one (shown once, with Copy), the list, Revoke. */
export function ApiKeys({ keys, teams, now, maxKeys, maxName, create, revoke }: Props) {
  const [state, action, pending] = useActionState(create, null);
  return (
    <div className="mt-4">
      <form action={action} className="grid gap-4 rounded-lg border border-stone-200 p-4 sm:grid-cols-2">
        <label className="sm:col-span-2">
          <span className="font-medium">Name</span>
          <input name="name" required maxLength={maxName} placeholder="CI, Zapier reporting…" className={FIELD} />
        </label>
        <fieldset>
          <legend className="font-medium">Mode</legend>
          <label className="mr-4">
            <input type="radio" name="mode" value="live" defaultChecked /> Live
          </label>
          <label>
            <input type="radio" name="mode" value="sandbox" /> Sandbox only
          </label>
        </fieldset>
        <fieldset>
          <legend className="font-medium">Access</legend>
          <label className="mr-4">
            <input type="radio" name="access" value="full" defaultChecked /> Full
          </label>
          <label>
            <input type="radio" name="access" value="read" /> Read-only (GET)
          </label>
        </fieldset>
        <label className="sm:col-span-2">
          <span className="font-medium">Team</span> <span className="text-sm text-stone-600">(live keys)</span>
          <select name="team" className={FIELD} defaultValue="">
            <option value="">All my teams</option>
            {teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <div className="sm:col-span-2">
          <button type="submit" disabled={pending} className={BUTTON.primary}>
            Create key
          </button>
        </div>
        {state?.error && (
          <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2">
            {state.error}
          </p>
        )}
        {state?.created && (
          <div role="status" className="rounded bg-green-50 px-3 py-2 text-sm sm:col-span-2">
            <p>Key “{state.created.name}” made. Copy it now: it is shown only once.</p>
            <p className="mt-2 flex flex-wrap items-center gap-2">
              <code id="new-api-key" className="break-all" data-testid="new-api-key">
                {state.created.secret}
              </code>
              <CopyButton
                value={state.created.secret}
                label={`Copy key ${state.created.name}`}
                targetId="new-api-key"
              />
            </p>
          </div>
        )}
      </form>

      {keys.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No named keys yet (at most {maxKeys}).</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-200 text-sm" data-testid="api-keys">
          {keys.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <strong>{k.name}</strong> <code>{k.start}…</code>{" "}
                <span className="text-stone-600">
                  {k.mode === "live" ? "live" : "sandbox"}, {k.access === "read" ? "read-only" : "full access"},{" "}
                  {k.team ? `team ${k.team.name}` : k.mode === "live" ? "all teams" : "sandbox"}; created{" "}
                  <When date={k.createdAt} now={now} />,{" "}
                  {k.lastUsedAt ? (
                    <>
                      last used <When date={k.lastUsedAt} now={now} />
                    </>
                  ) : (
                    "never used"
                  )}
                </span>
              </span>
              <ActionForm action={revoke} submitLabel={`Revoke ${k.name}`} variant="quiet">
                <input type="hidden" name="id" value={k.id} />
              </ActionForm>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
