import type { Metadata } from "next";
import Link from "next/link";
import { DashboardNav } from "@/components/dashboard/DashboardNav";
import { Instant } from "@/components/dashboard/Instant";
import { SandboxBanner } from "@/components/dashboard/ModeSwitch";
import { dashboardHref, listCampaigns, modeOf, type CampaignRow } from "@/lib/dashboard";
import { decodeCursor } from "@/lib/gifts";
import { displayMoney } from "@/lib/money";
import { loadTeam } from "../load";

type Props = {
  params: Promise<{ team_id: string }>;
  searchParams: Promise<{ mode?: string | string[]; after?: string | string[] }>;
};

export const metadata: Metadata = { title: "Campaigns" };

const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${Math.round((part / whole) * 100)}%`);
const number = (n: number) => n.toLocaleString("en-US");
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Every batch of the team (a CSV upload or a bulk request) as a campaign: its size, redemption and spend. */
export default async function CampaignsPage({ params, searchParams }: Props) {
  const { team_id: teamId } = await params;
  const query = await searchParams;
  const mode = modeOf(first(query.mode));
  const here = dashboardHref(teamId, mode, "/campaigns");
  const { db, team, actor } = await loadTeam(teamId, mode, here);
  const afterText = first(query.after);
  const after = afterText && afterText.length <= 200 ? decodeCursor(afterText) : undefined;
  const page = await listCampaigns(db, actor, { after });
  const sandbox = mode === "sandbox";
  const href = (id: string) =>
    `/dashboard/${encodeURIComponent(teamId)}/campaigns/${encodeURIComponent(id)}${sandbox ? "?mode=sandbox" : ""}`;
  const next = page.next ? `${here}${sandbox ? "&" : "?"}after=${encodeURIComponent(page.next)}` : null;

  return (
    <main className="page-width py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Campaigns</h1>
      <p className="text-sm text-stone-700">
        {team.team.name} · every CSV upload and bulk request{sandbox ? " you made in your sandbox" : ""}, newest first
      </p>
      <DashboardNav teamId={teamId} mode={mode} current="campaigns" owner={actor.role === "owner"} />
      {sandbox && <SandboxBanner />}
      {afterText && !after && (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-950">
          That page link is broken: showing the first page.
        </p>
      )}
      {page.rows.length === 0 ? (
        <div
          className="mt-6 rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center"
          data-testid="empty"
        >
          <h2 className="text-lg font-semibold">No campaigns yet</h2>
          <p className="mt-2 text-stone-700">
            A campaign is a batch of gifts sent together: upload a CSV, or send to many recipients with one API request.
          </p>
          {actor.role !== "viewer" && (
            <Link href={dashboardHref(teamId, mode, "/upload")} className="button-primary mt-4 inline-block">
              Upload a CSV
            </Link>
          )}
        </div>
      ) : (
        <>
          <div className="mt-6 hidden overflow-x-auto rounded-xl border border-stone-200 bg-white md:block">
            <table className="w-full text-left text-sm" data-testid="campaign-table">
              <caption className="sr-only">Campaigns</caption>
              <thead className="border-b border-stone-200 bg-stone-50 text-xs uppercase tracking-wide text-stone-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Campaign
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Created
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Gifts
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Redeemed
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Spend
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.rows.map((row) => (
                  <tr key={row.id} className="border-b border-stone-100 last:border-0" data-testid="campaign-row">
                    <td className="px-3 py-2">
                      <Link href={href(row.id)} className="font-medium underline">
                        {row.name}
                      </Link>
                      <span className="block text-xs text-stone-600">by {row.senderName}</span>
                    </td>
                    <td className="px-3 py-2">
                      <Instant at={row.createdAt} />
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{number(row.gifts)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{percent(row.redeemed, row.gifts)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{displayMoney(row.spendCents, row.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="mt-6 space-y-3 md:hidden">
            {page.rows.map((row) => (
              <CampaignCard key={row.id} row={row} href={href(row.id)} />
            ))}
          </ul>
        </>
      )}
      {next && (
        <p className="mt-4 text-right">
          <Link href={next} className="button-secondary" rel="next">
            Next page
          </Link>
        </p>
      )}
    </main>
  );
}

function CampaignCard({ row, href }: { row: CampaignRow; href: string }) {
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4 text-sm" data-testid="campaign-card">
      <Link href={href} className="font-medium underline">
        {row.name}
      </Link>
      <p className="text-xs text-stone-600">
        by {row.senderName} · <Instant at={row.createdAt} />
      </p>
      <dl className="mt-2 grid grid-cols-3 gap-2">
        <div>
          <dt className="text-xs text-stone-600">Gifts</dt>
          <dd className="font-semibold tabular-nums">{number(row.gifts)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">Redeemed</dt>
          <dd className="font-semibold tabular-nums">{percent(row.redeemed, row.gifts)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">Spend</dt>
          <dd className="font-semibold tabular-nums">{displayMoney(row.spendCents, row.currency)}</dd>
        </div>
      </dl>
    </li>
  );
}
