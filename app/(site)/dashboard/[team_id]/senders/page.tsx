import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DashboardNav } from "@/components/dashboard/DashboardNav";
import { dashboardHref, readDashboardQuery, teamSenders } from "@/lib/dashboard";
import { HttpError } from "@/lib/errors";
import { displayMoney } from "@/lib/money";
import { loadTeam } from "../load";

type Props = {
  params: Promise<{ team_id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const metadata: Metadata = { title: "Senders" };

const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${Math.round((part / whole) * 100)}%`);
const number = (n: number) => n.toLocaleString("en-US");
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const field = "mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-sm";

/**
 * Who sent what (owners only; anyone else on the team gets the 404 the dashboard gives for what
 * they may not see): per person, the gifts, spend, and how they were received, over the board's days.
 */
export default async function SendersPage({ params, searchParams }: Props) {
  const { team_id: teamId } = await params;
  const { query, problems } = readDashboardQuery(await searchParams);
  const base = dashboardHref(teamId, "live", "/senders");
  const here = `${base}${query.from || query.to ? `?${new URLSearchParams({ ...(query.from && { from: query.from }), ...(query.to && { to: query.to }) })}` : ""}`;
  const { db, team, actor } = await loadTeam(teamId, "live", here);
  // No days given: the last 30 (as the charts). Every number is over the same days; a wider range reads more gifts.
  const days = query.from || query.to ? { from: query.from, to: query.to } : { from: daysAgo(29) };
  let rows;
  try {
    rows = await teamSenders(db, actor, days);
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) notFound();
    throw error;
  }
  const dateProblems = problems.filter((p) => p.param === "from" || p.param === "to");
  const total = rows.reduce((sum, r) => ({ gifts: sum.gifts + r.gifts, spendCents: sum.spendCents + r.spendCents }), {
    gifts: 0,
    spendCents: 0,
  });

  return (
    <main className="page-width py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Senders</h1>
      <p className="text-sm text-stone-700">
        {team.team.name} · who sent the team&apos;s live gifts (from here or through the API), what they cost, and how
        they were received
      </p>
      <DashboardNav teamId={teamId} mode="live" current="senders" owner />
      {dateProblems.length > 0 && (
        <div
          role="alert"
          className="mt-4 rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-950"
          data-testid="query-problems"
        >
          <ul>
            {dateProblems.map((problem) => (
              <li key={problem.param}>
                Ignored <code>{problem.param}</code>: {problem.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <form
        method="get"
        action={base}
        role="search"
        aria-label="Filter by day"
        className="mt-6 grid grid-cols-1 gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-3"
      >
        <label className="block text-sm font-medium">
          Created from
          <input name="from" type="date" defaultValue={days.from ?? ""} className={field} />
        </label>
        <label className="block text-sm font-medium">
          Created to
          <input name="to" type="date" defaultValue={query.to ?? ""} className={field} />
        </label>
        <div className="flex items-end gap-3">
          <button type="submit" className="button-primary px-5 py-2">
            Apply
          </button>
          <Link href={`${base}?from=0001-01-01`} className="text-sm underline">
            All time
          </Link>
        </div>
      </form>
      {rows.length === 0 ? (
        <div
          className="mt-6 rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center"
          data-testid="empty"
        >
          <h2 className="text-lg font-semibold">No gifts sent on these days</h2>
        </div>
      ) : (
        // Focusable and named: on a phone the table scrolls sideways, and a keyboard must reach it.
        <div
          className="mt-6 overflow-x-auto rounded-xl border border-stone-200 bg-white"
          role="region"
          aria-label="Senders"
          tabIndex={0}
        >
          <table className="w-full text-left text-sm" data-testid="sender-table">
            <caption className="px-3 pt-3 text-left text-sm text-stone-700">
              {number(rows.length)} {rows.length === 1 ? "person" : "people"} sent {number(total.gifts)}{" "}
              {total.gifts === 1 ? "gift" : "gifts"} for {displayMoney(total.spendCents, rows[0].currency)}, created{" "}
              {days.from === "0001-01-01" && !days.to
                ? "at any time"
                : `from ${days.from ?? "the start"} to ${days.to ?? "today"} (UTC)`}
              . Opened and redeemed are shares of the gifts each person sent. Live gifts only, by the day they were
              created: the board&apos;s funnel counts the view&apos;s gifts whatever their day, and its chart what
              happened on each day.
            </caption>
            <thead className="border-b border-stone-200 bg-stone-50 text-xs uppercase tracking-wide text-stone-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Sender
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Gifts
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Spend
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Opened
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Redeemed
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-stone-100 last:border-0" data-testid="sender-row">
                  <th scope="row" className="px-3 py-2 font-normal">
                    <span className="font-medium">{row.name}</span>
                    {row.name !== row.email && (
                      <span className="block text-xs text-stone-700 break-all">{row.email}</span>
                    )}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{number(row.gifts)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{displayMoney(row.spendCents, row.currency)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{percent(row.opened, row.gifts)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{percent(row.redeemed, row.gifts)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
