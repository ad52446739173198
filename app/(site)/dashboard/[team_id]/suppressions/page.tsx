import type { Metadata } from "next";
import Link from "next/link";
import { DashboardNav } from "@/components/dashboard/DashboardNav";
import { Instant } from "@/components/dashboard/Instant";
import { SandboxBanner } from "@/components/dashboard/ModeSwitch";
import { ActionForm } from "@/components/teams/ActionForm";
import { dashboardHref, modeOf } from "@/lib/dashboard";
import { listSuppressions, MAX_SUPPRESSION_CSV_BYTES, MAX_SUPPRESSIONS_PER_REQUEST } from "@/lib/delivery/suppressions";
import { decodeCursor, encodeCursor } from "@/lib/gifts";
import { loadTeam } from "../load";
import { addSuppressionAction, importSuppressionsAction, removeSuppressionAction } from "./actions";

type Props = {
  params: Promise<{ team_id: string }>;
  searchParams: Promise<{ mode?: string | string[]; after?: string | string[]; removed?: string | string[] }>;
};

export const metadata: Metadata = { title: "Suppression list" };

/** Entries on a page of the list (as many as the board's gift list). */
const PAGE_SIZE = 25;

const REASONS: Record<string, string> = {
  bounced: "Bounced",
  complained: "Marked as spam",
  manual: "Added by the team",
};

/**
 * The team's suppression list (docs/operations.md "Deliverability"): the addresses Ribbon no
 * longer emails for it, newest first, a page at a time. Members and owners add one address or
 * import a CSV (the API's functions); only owners remove one. Works without JavaScript.
 */
export default async function SuppressionsPage({ params, searchParams }: Props) {
  const { team_id: teamId } = await params;
  const query = await searchParams;
  const mode = modeOf(query.mode);
  const board = dashboardHref(teamId, mode);
  const here = dashboardHref(teamId, mode, "/suppressions");
  const { db, team, actor } = await loadTeam(teamId, mode, here);
  const after = typeof query.after === "string" ? decodeCursor(query.after) : undefined;
  const rows = await listSuppressions(db, actor, { size: PAGE_SIZE, after });
  const page = rows.slice(0, PAGE_SIZE);
  const next = rows.length > PAGE_SIZE ? encodeCursor(page[page.length - 1]) : null;
  const withQuery = (extra: string) => `${here}${here.includes("?") ? "&" : "?"}${extra}`;
  const owner = actor.role === "owner";
  const hidden = (
    <>
      <input type="hidden" name="team" value={teamId} />
      <input type="hidden" name="mode" value={mode} />
    </>
  );

  return (
    <main className="page-width py-10">
      <p className="text-sm">
        <Link href={board} className="underline">
          ← All gifts
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">Suppression list</h1>
      <DashboardNav teamId={teamId} mode={mode} current="suppressions" owner={owner} />
      {mode === "sandbox" && <SandboxBanner />}
      <p className="mt-3 max-w-3xl">
        Addresses Ribbon no longer emails for {team.team.name}: those that bounced for good, those whose owner marked a
        Ribbon email as spam, and those you add. A new gift to one of them is refused (send a link gift instead), and no
        reminder goes to them. {owner ? "As an owner, you can remove an address." : "Only owners remove addresses."}
        {mode === "sandbox" &&
          " In the shared sandbox, this list is yours alone: no other sandbox user sees it or is held back by it."}
      </p>
      {query.removed === "1" && (
        <p role="status" data-testid="removed" className="mt-4 rounded-lg bg-green-50 px-4 py-2 text-green-900">
          Removed from the list: Ribbon emails that address again.
        </p>
      )}

      {actor.role !== "viewer" && (
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <section aria-labelledby="add-heading" className="rounded-xl border border-stone-200 bg-white p-5">
            <h2 id="add-heading" className="text-lg font-semibold">
              Add an address
            </h2>
            <ActionForm action={addSuppressionAction} submitLabel="Add to the list" testId="add-suppression">
              {hidden}
              <div className="flex flex-col gap-1">
                <label htmlFor="suppress-email" className="text-sm font-semibold">
                  Email
                </label>
                <input
                  id="suppress-email"
                  name="email"
                  type="email"
                  required
                  maxLength={254}
                  autoComplete="off"
                  className="w-72 max-w-full rounded border border-stone-400 p-2 text-sm"
                />
              </div>
            </ActionForm>
          </section>
          <section aria-labelledby="import-heading" className="rounded-xl border border-stone-200 bg-white p-5">
            <h2 id="import-heading" className="text-lg font-semibold">
              Import a CSV
            </h2>
            <ActionForm
              action={importSuppressionsAction}
              submitLabel="Import"
              testId="import-suppressions"
              maxFileBytes={MAX_SUPPRESSION_CSV_BYTES}
            >
              {hidden}
              <div className="flex flex-col gap-1">
                <label htmlFor="suppress-file" className="text-sm font-semibold">
                  CSV file
                </label>
                <input
                  id="suppress-file"
                  name="file"
                  type="file"
                  accept=".csv,text/csv"
                  required
                  aria-describedby="suppress-file-help"
                  className="text-sm"
                />
              </div>
              <p id="suppress-file-help" className="basis-full text-sm text-stone-700">
                One address a row, in a column named <code>email</code> (or the first column). Up to{" "}
                {MAX_SUPPRESSIONS_PER_REQUEST.toLocaleString("en-US")} addresses and{" "}
                {MAX_SUPPRESSION_CSV_BYTES / 1024 / 1024} MB a file. Addresses already on the list keep their reason.
              </p>
            </ActionForm>
          </section>
        </div>
      )}

      <section aria-labelledby="list-heading" className="mt-6">
        <h2 id="list-heading" className="text-lg font-semibold">
          {after ? "More addresses" : "Addresses"}
        </h2>
        {page.length === 0 ? (
          <p className="mt-3 text-stone-700" data-testid="no-suppressions">
            {after ? "No more addresses." : "No address is suppressed: Ribbon emails every recipient."}
          </p>
        ) : (
          <div className="mt-3 overflow-x-auto rounded-xl border border-stone-200 bg-white">
            <table className="w-full text-left text-sm" data-testid="suppressions">
              <caption className="sr-only">Suppressed addresses, newest first</caption>
              <thead className="border-b border-stone-200 bg-stone-50 text-xs uppercase tracking-wide text-stone-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Address
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Reason
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Since
                  </th>
                  {owner && (
                    <th scope="col" className="px-3 py-2">
                      <span className="sr-only">Remove</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {page.map((row) => (
                  <tr key={row.id} data-testid="suppression">
                    <th scope="row" className="break-all px-3 py-2 font-normal">
                      {row.email ?? <span className="text-stone-600">(erased: kept as a fingerprint)</span>}
                    </th>
                    <td className="px-3 py-2">
                      {REASONS[row.reason] ?? row.reason}
                      {row.detail && <span className="block text-xs text-stone-600">{row.detail}</span>}
                      {row.giftId && (
                        <Link
                          href={dashboardHref(teamId, mode, `/gifts/${encodeURIComponent(row.giftId)}`)}
                          className="block text-xs underline"
                        >
                          The gift<span className="sr-only"> to {row.email ?? "this address"}</span>
                        </Link>
                      )}
                    </td>
                    <td className="px-3 py-2 tabular-nums">
                      <Instant at={row.createdAt} />
                    </td>
                    {owner && (
                      <td className="px-3 py-2">
                        {row.email && (
                          <ActionForm action={removeSuppressionAction} submitLabel="Remove" testId="remove-suppression">
                            {hidden}
                            <input type="hidden" name="email" value={row.email} />
                          </ActionForm>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {(after || next) && (
          <nav aria-label="Pages of the list" className="mt-4 flex gap-3">
            {after && (
              <Link href={here} className="button-secondary">
                First page
              </Link>
            )}
            {next && (
              <Link href={withQuery(`after=${encodeURIComponent(next)}`)} className="button-secondary" rel="next">
                Next page
              </Link>
            )}
          </nav>
        )}
      </section>
    </main>
  );
}
