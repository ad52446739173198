import type { Metadata } from "next";
import Link from "next/link";
import { BatchApproval } from "@/components/dashboard/BatchApproval";
import { ActivityChart, SpendChart } from "@/components/dashboard/Charts";
import { DashboardNav } from "@/components/dashboard/DashboardNav";
import { Funnel } from "@/components/dashboard/Funnel";
import { BulkBar } from "@/components/dashboard/BulkBar";
import { GiftFilters, sortValue } from "@/components/dashboard/GiftFilters";
import { SavedViews } from "@/components/dashboard/SavedViews";
import { GiftTable } from "@/components/dashboard/GiftTable";
import { ModeSwitch, SandboxBanner } from "@/components/dashboard/ModeSwitch";
import {
  batchAwaitingApproval,
  dashboardBoard,
  dashboardSearch,
  MAX_BULK_GIFTS,
  MAX_SAVED_VIEWS,
  MAX_VIEW_NAME,
  VIEW_NAME_RULE,
  readDashboardQuery,
  type DashboardQuery,
} from "@/lib/dashboard";
import { displayMoney } from "@/lib/money";
import { approveBatchAction, deleteViewAction, rejectBatchAction, saveViewAction } from "../actions";
import { loadTeam } from "../load";

type Props = {
  params: Promise<{ team_id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const metadata: Metadata = { title: "Dashboard" };

export default async function TeamDashboard({ params, searchParams }: Props) {
  const { team_id: teamId } = await params;
  const search = await searchParams;
  const { query, problems } = readDashboardQuery(search);
  const decided = query.batch ? batchDecisionOf(search) : null;
  const bulkDone = bulkDoneOf(search);
  const base = `/dashboard/${encodeURIComponent(teamId)}`;
  const here = `${base}${dashboardSearch({ ...query, after: undefined })}`;
  const { db, team, actor } = await loadTeam(teamId, query.mode, here);
  const [{ page, funnel, batches, teams, activity, spend, savedViews, currency }, awaitingApproval] = await Promise.all(
    [dashboardBoard(db, actor, query), batchAwaitingApproval(db, actor, query.batch)],
  );
  const view = (over: Partial<Omit<DashboardQuery, "after">> & { after?: string }) =>
    `${base}${dashboardSearch({ ...query, after: undefined, ...over })}`;
  // This very page (its cursor kept), with extra parameters: "Select all on this page" and "Clear".
  const pageHref = (extra: Record<string, string>) => {
    const params = new URLSearchParams(dashboardSearch({ ...query, after: undefined }));
    if (query.after && typeof search.after === "string") params.set("after", search.after);
    for (const [name, value] of Object.entries(extra)) params.set(name, value);
    const text = params.toString();
    return `${base}${text ? `?${text}` : ""}#selection`;
  };
  const filtered = Boolean(query.search || query.stage || query.from || query.to || query.batch);
  const firstRun = page.rows.length === 0 && !filtered && !query.after;
  const sandbox = query.mode === "sandbox";

  return (
    <main className="page-width py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">{team.team.name}</h1>
          <p className="text-sm text-stone-700">
            Gifts {sandbox ? "you sent in your sandbox" : "sent for this team"} · you are{" "}
            {team.role === "owner" ? "an owner" : `a ${team.role}`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <ModeSwitch mode={query.mode} liveHref={view({ mode: "live" })} sandboxHref={view({ mode: "sandbox" })} />
          {actor.role !== "viewer" && (
            <>
              <Link href={`${base}/send${sandbox ? "?mode=sandbox" : ""}`} className="button-primary px-4 py-2">
                Send a gift
              </Link>
              <Link href={`${base}/upload${sandbox ? "?mode=sandbox" : ""}`} className="button-secondary px-4 py-2">
                Upload a CSV
              </Link>
            </>
          )}
        </div>
      </div>
      <DashboardNav teamId={team.team.id} mode={query.mode} current="gifts" owner={actor.role === "owner"} />
      {teams.length > 1 && (
        <nav aria-label="Your teams" className="mt-3 flex flex-wrap gap-2 text-sm">
          <span className="text-stone-700">Switch team:</span>
          {teams
            .filter((other) => other.id !== team.team.id)
            .map((other) => (
              <Link key={other.id} href={`/dashboard/${encodeURIComponent(other.id)}`} className="underline">
                {other.name}
              </Link>
            ))}
        </nav>
      )}
      {sandbox && <SandboxBanner />}
      {problems.length > 0 && (
        // The list sits inside the live region: a role on the <ul> itself would hide its items' list semantics.
        <div
          role="alert"
          data-testid="query-problems"
          className="mt-4 rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-950"
        >
          <ul>
            {problems.map((problem) => (
              <li key={problem.param}>
                Ignored <code>{problem.param}</code>: {problem.message}
              </li>
            ))}
          </ul>
        </div>
      )}

      {decided && (
        <p role="status" data-testid="batch-decided" className="mt-4 rounded-lg bg-green-50 px-4 py-2 text-green-900">
          {decided.count} {decided.count === 1 ? "gift" : "gifts"} {decided.decision}
          {decided.decision === "approved"
            ? ": charged to the team's card in one charge, and they go out as scheduled."
            : decided.decision === "created"
              ? ", listed below in their batch: they go out as scheduled."
              : ": nothing was charged."}
        </p>
      )}
      {bulkDone && (
        <p role="status" data-testid="bulk-done" className="mt-4 rounded-lg bg-green-50 px-4 py-2 text-green-900">
          {bulkDone.count} {bulkDone.count === 1 ? "gift" : "gifts"} {bulkDone.done}
          {bulkDone.done === "cancelled" &&
            (bulkDone.refunded > 0
              ? `: ${displayMoney(bulkDone.refunded, currency)} refunded to the team's card.`
              : ": nothing was charged, so nothing was refunded.")}
          {bulkDone.done === "resent" && ": the gift emails are on their way."}
          {bulkDone.done === "extended" && "."}
        </p>
      )}
      {awaitingApproval && (
        <BatchApproval
          teamId={team.team.id}
          batch={awaitingApproval}
          approve={approveBatchAction}
          reject={rejectBatchAction}
        />
      )}
      {query.batch && (
        <p className="mt-4 text-sm">
          <Link
            href={`${base}/campaigns/${encodeURIComponent(query.batch)}${sandbox ? "?mode=sandbox" : ""}`}
            className="underline"
            data-testid="batch-campaign"
          >
            This batch as a campaign: redemption, spend, who hasn&apos;t opened
          </Link>
        </p>
      )}
      {/* A team with no gift yet sees the way to its first one, not an empty funnel, charts and filters. */}
      {!firstRun && (
        <>
          <Funnel funnel={funnel} />
          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            <ActivityChart days={activity} />
            {spend && <SpendChart spend={spend} />}
          </div>
          <GiftFilters action={base} query={query} batches={batches} />
          <p className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-stone-700">
            <span data-testid="view-count">
              {funnel.total.toLocaleString("en-US")} {funnel.total === 1 ? "gift" : "gifts"} in this view
            </span>
            <a
              href={`${base}/export.csv${dashboardSearch({ ...query, after: undefined })}`}
              className="underline"
              download
            >
              Export this view as CSV
            </a>
          </p>
        </>
      )}

      {page.rows.length === 0 ? (
        <div
          className="mt-6 rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center"
          data-testid="empty"
        >
          {filtered || query.after ? (
            <>
              <h2 className="text-lg font-semibold">No gifts match these filters</h2>
              <Link
                href={view({ search: undefined, stage: undefined, from: undefined, to: undefined, batch: undefined })}
                className="mt-2 inline-block underline"
              >
                Clear the filters
              </Link>
            </>
          ) : (
            <>
              <h2 className="text-lg font-semibold">Send your first gift</h2>
              <p className="mt-2 text-stone-700">
                {sandbox
                  ? "Sandbox gifts cost nothing and their emails stay in the outbox."
                  : "Every gift the team sends, from here or the API, shows up here with every step it takes."}
              </p>
              <div className="mt-4 flex flex-wrap justify-center gap-3">
                {actor.role !== "viewer" && (
                  <Link href={`${base}/send${sandbox ? "?mode=sandbox" : ""}`} className="button-primary">
                    Send your first gift
                  </Link>
                )}
                {!sandbox && (
                  <Link href={`${base}?mode=sandbox`} className="button-secondary">
                    Try it free in the sandbox
                  </Link>
                )}
                <Link href="/docs" className="button-secondary">
                  Or use the API
                </Link>
              </div>
            </>
          )}
        </div>
      ) : (
        <>
          <GiftTable
            rows={page.rows}
            giftHref={(id) => `${base}/gifts/${encodeURIComponent(id)}${sandbox ? "?mode=sandbox" : ""}`}
            selectForm="selection"
            picked={search.pick === "page"}
            sort={{ current: sortValue(query), href: (sort) => `${base}${sortSearch(query, sort)}` }}
          />
          {/* After the table: its checkboxes name this form (form="selection"). */}
          <BulkBar
            id="selection"
            pickAllHref={pageHref({ pick: "page" })}
            clearHref={pageHref({})}
            base={base}
            query={query}
            total={funnel.total}
            max={MAX_BULK_GIFTS}
            canChange={actor.role !== "viewer"}
          />
        </>
      )}
      {page.next && (
        <p className="mt-4 text-right">
          <Link href={view({ after: page.next })} className="button-secondary" rel="next">
            Next page
          </Link>
        </p>
      )}
      {!sandbox && (
        <SavedViews
          teamId={team.team.id}
          base={base}
          views={savedViews}
          outcome={viewOutcomeOf(search)}
          current={dashboardSearch({ ...query, after: undefined })}
          canChange={actor.role !== "viewer"}
          max={MAX_SAVED_VIEWS}
          maxName={MAX_VIEW_NAME}
          save={saveViewAction}
          remove={deleteViewAction}
        />
      )}
    </main>
  );
}

/** What the batch view's "Approve all" or "Reject all", or an upload's "Create", just did, from the URL it came back to. */
function batchDecisionOf(params: Record<string, string | string[] | undefined>) {
  for (const decision of ["approved", "rejected", "created"] as const) {
    const value = params[decision];
    if (typeof value === "string" && /^\d{1,5}$/.test(value)) return { decision, count: Number(value) };
  }
  return null;
}

/** The view sorted another way (from its first page). */
function sortSearch(query: DashboardQuery, sort: string): string {
  const search = new URLSearchParams(dashboardSearch({ ...query, after: undefined, sort: undefined, order: "newest" }));
  search.set("sort", sort);
  return `?${search.toString()}`;
}

/** What a bulk action just did, from the URL it came back to. */
function bulkDoneOf(params: Record<string, string | string[] | undefined>) {
  const done = params.bulk;
  const count = params.count;
  const refunded = params.refunded;
  if (done !== "cancelled" && done !== "resent" && done !== "extended") return null;
  if (typeof count !== "string" || !/^\d{1,5}$/.test(count)) return null;
  return {
    done,
    count: Number(count),
    refunded: typeof refunded === "string" && /^\d{1,12}$/.test(refunded) ? Number(refunded) : 0,
  };
}

const VIEW_REFUSALS: Record<string, string> = {
  taken: "The team already has a view by that name: pick another.",
  full: `The team keeps at most ${MAX_SAVED_VIEWS} saved views: delete one first.`,
  viewer: "Viewers can open saved views but not save or delete them.",
  name: VIEW_NAME_RULE,
  other: "That didn't work: reload the page and try again.",
};

/** What the last saved-view form did, from the code in the URL it came back to (words from here, never from the URL). */
function viewOutcomeOf(params: Record<string, string | string[] | undefined>): string | null {
  if (params.view === "saved") return "Saved the view.";
  if (params.view === "deleted") return "Deleted the view.";
  if (params.view === "refused") {
    const reason = params.view_reason;
    return `Not saved: ${VIEW_REFUSALS[typeof reason === "string" && Object.hasOwn(VIEW_REFUSALS, reason) ? reason : "other"]}`;
  }
  return null;
}
