import type { AuthorizedApp } from "@/lib/oauth/authorized-apps";
import { formatMoney } from "@/lib/money";
import { ActionForm } from "@/components/teams/ActionForm";
import type { FormAction } from "@/components/teams/action-state";
import { formatDay } from "@/lib/format/time-zone";

type Props = {
  apps: AuthorizedApp[];
  /** Each grant's caps in plain words, by token id (describeCaps, worded by the page). */
  capsWords: Map<number, string[]>;
  revoke: (form: FormData) => Promise<void>;
  lowerCaps: FormAction;
};

const day = (date: Date) => formatDay(date);
const minute = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** Where an application came from, as the consent screen said it. */
function origin(app: AuthorizedApp): string {
  if (app.registration === "metadata") return `describes itself at ${app.host ?? "its client_id URL"}`;
  if (app.registration === "dynamic") return "registered dynamically";
  return "registered with Ribbon";
}

const input = "mt-1 block w-28 rounded border border-stone-400 bg-white px-2 py-1 text-sm";

/**
 * The applications the person approved: who each is (its host or how it registered, unverified
 * unless an operator registered it), and each of its grants: API or AI agent, sandbox or live,
 * its caps (which can be lowered here, never raised) and its last use; revoking ends them all.
 */
export function ConnectedApps({ apps, capsWords, revoke, lowerCaps }: Props) {
  if (apps.length === 0) return <p className="mt-2 text-sm text-stone-500">None.</p>;
  return (
    <ul className="mt-4 space-y-4 text-sm" data-testid="connected-apps">
      {apps.map((app) => (
        <li key={app.clientId} className="rounded-xl border border-stone-200 p-4" data-testid="connected-app">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <p>
                <strong className="text-base">{app.name}</strong>{" "}
                {!app.verified && (
                  <span
                    className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900"
                    data-testid="app-unverified"
                  >
                    unverified
                  </span>
                )}
              </p>
              <p className="mt-1 text-stone-600" data-testid="app-origin">
                {origin(app)} · since {day(app.since)} ·{" "}
                {app.lastUsedAt ? `last used ${minute(app.lastUsedAt)}` : "not used yet"}
                {app.pending > 0 ? ` · ${app.pending} approval${app.pending === 1 ? "" : "s"} not exchanged yet` : ""}
              </p>
            </div>
            <form action={revoke}>
              <input type="hidden" name="client" value={app.clientId} />
              <button className="rounded-full border border-stone-300 px-3 py-1">Revoke</button>
            </form>
          </div>
          {app.grants.length > 0 && (
            <ul className="mt-3 space-y-3">
              {app.grants.map((grant) => {
                const words = capsWords.get(grant.tokenId) ?? [];
                return (
                  <li key={grant.tokenId} className="rounded-lg bg-stone-50 p-3" data-testid="app-grant">
                    <p>
                      <span className="font-medium">{grant.resource === "mcp" ? "AI agent (MCP)" : "API"}</span>
                      {" · "}
                      <span data-testid="grant-mode">
                        {grant.mode === "sandbox" ? "sandbox (no money, no real emails)" : "live (charges your team)"}
                      </span>
                      {" · "}
                      {grant.lastUsedAt ? `last used ${minute(grant.lastUsedAt)}` : "not used yet"}
                    </p>
                    <p className="mt-1 text-stone-700" data-testid="grant-caps">
                      {words.length > 0 ? `May spend ${words.join(", ")}.` : "No spending cap."}
                    </p>
                    <details className="mt-2">
                      <summary className="cursor-pointer text-stone-700 underline">Lower its caps</summary>
                      <ActionForm
                        action={lowerCaps}
                        submitLabel="Lower caps"
                        testId="lower-caps"
                        className="mt-2 flex flex-wrap items-end gap-3"
                      >
                        <input type="hidden" name="grant" value={grant.tokenId} />
                        {(
                          [
                            ["max_per_gift", "Per gift (USD)", grant.caps?.perGiftCents],
                            ["max_per_day", "Per day (USD)", grant.caps?.dailyCents],
                            ["max_per_month", "Per month (USD)", grant.caps?.monthlyCents],
                          ] as const
                        ).map(([name, label, cents]) => (
                          <label key={name} className="block">
                            <span>{label}</span>
                            <input
                              name={name}
                              inputMode="decimal"
                              maxLength={12}
                              placeholder="No cap"
                              defaultValue={cents == null ? "" : formatMoney(cents)}
                              className={input}
                            />
                          </label>
                        ))}
                      </ActionForm>
                      <p className="mt-1 text-xs text-stone-500">
                        Caps can only be lowered here; to raise one, connect the application again and approve it.
                      </p>
                    </details>
                  </li>
                );
              })}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
