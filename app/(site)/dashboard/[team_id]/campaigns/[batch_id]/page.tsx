import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActivityChart } from "@/components/dashboard/Charts";
import { DashboardNav } from "@/components/dashboard/DashboardNav";
import { Funnel } from "@/components/dashboard/Funnel";
import { Instant } from "@/components/dashboard/Instant";
import { SandboxBanner } from "@/components/dashboard/ModeSwitch";
import { ActionForm } from "@/components/teams/ActionForm";
import { activityPerDay, campaign, dashboardHref, modeOf, notOpened, REMIND_PER_CLICK } from "@/lib/dashboard";
import { HttpError } from "@/lib/errors";
import { formatElapsed } from "@/lib/format/elapsed";
import { displayMoney } from "@/lib/money";
import { loadTeam } from "../../load";
import { remindNotOpenedAction } from "../actions";

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ team_id: string; batch_id: string }>; searchParams: Promise<Search> };

export const metadata: Metadata = { title: "Campaign" };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const number = (n: number) => n.toLocaleString("en-US");
const count = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;
/** A count the remind action wrote into the URL it came back to (digits only; anything else is ignored). */
const counted = (search: Search, name: string) => {
  const value = first(search[name]);
  return value && /^\d{1,6}$/.test(value) ? Number(value) : null;
};

/**
 * One campaign (a batch): how it is doing (funnel, redemption rate, spend, median time to
 * redeem, activity per day), who hasn't opened (paged), and "Remind those who haven't opened".
 */
export default async function CampaignPage({ params, searchParams }: Props) {
  const { team_id: teamId, batch_id: batchId } = await params;
  const search = await searchParams;
  const mode = modeOf(first(search.mode));
  const sandbox = mode === "sandbox";
  const path = `/campaigns/${encodeURIComponent(batchId)}`;
  const here = dashboardHref(teamId, mode, path);
  const join = sandbox ? "&" : "?";
  const { db, actor } = await loadTeam(teamId, mode, here);
  const after = first(search.after);
  let data;
  try {
    const c = await campaign(db, actor, batchId);
    const today = new Date().toISOString().slice(0, 10);
    const [waiting, activity] = await Promise.all([
      notOpened(db, actor, c.id, { after: after && after.length <= 80 ? after : undefined }),
      activityPerDay(db, actor, {
        mode,
        order: "newest",
        batch: c.id,
        from: c.firstSentOn ?? c.createdAt.toISOString().slice(0, 10),
        to: today,
      }),
    ]);
    data = { c, waiting, activity };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) notFound();
    throw error;
  }
  const { c, waiting, activity } = data;
  const reminded = counted(search, "reminded");
  const skipped = counted(search, "skipped");
  const remaining = counted(search, "remaining");
  // One click reminds at most REMIND_PER_CLICK (each resend is its own transaction); the confirm says so.
  const thisClick = Math.min(c.remindable, REMIND_PER_CLICK);
  const confirming = first(search.confirm) === "remind" && c.remindable > 0 && actor.role !== "viewer";
  const board = `/dashboard/${encodeURIComponent(teamId)}?${sandbox ? "mode=sandbox&" : ""}batch=${encodeURIComponent(c.id)}`;
  const giftHref = (id: string) => dashboardHref(teamId, mode, `/gifts/${encodeURIComponent(id)}`);
  const rate = c.redemptionRate === null ? "–" : `${Math.round(c.redemptionRate * 100)}%`;
  const who = actor.role === "owner" ? "" : " you sent";

  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <p className="text-sm">
        <Link href={dashboardHref(teamId, mode, "/campaigns")} className="underline">
          Campaigns
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight break-words" data-testid="campaign-name">
        {c.name}
      </h1>
      <p className="text-sm text-stone-700">
        Created <Instant at={c.createdAt} /> by {c.senderName} ·{" "}
        <Link href={board} className="underline">
          See its gifts
        </Link>
      </p>
      <DashboardNav teamId={teamId} mode={mode} current="campaigns" owner={actor.role === "owner"} />
      {sandbox && <SandboxBanner />}
      {reminded !== null && (
        <p role="status" data-testid="reminded" className="mt-4 rounded-lg bg-green-50 px-4 py-2 text-green-900">
          Reminded {count(reminded, "recipient", "recipients")}: the gift email went to them again.
          {skipped ? ` ${count(skipped, "was", "were")} left alone (opened, or reminded meanwhile).` : ""}
          {remaining ? ` ${number(remaining)} more can be reminded: click Remind again.` : ""}
        </p>
      )}

      <section aria-labelledby="how" className="mt-6">
        <h2 id="how" className="sr-only">
          How it is doing
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="campaign-stats">
          <Stat label="Gifts" value={number(c.funnel.total)} testId="stat-gifts" />
          <Stat
            label="Redeemed"
            value={rate}
            detail={`${number(c.redeemed)} of ${number(c.funnel.total)}`}
            testId="stat-redeemed"
          />
          <Stat
            label="Spend"
            value={`$${displayMoney(c.spendCents)}`}
            detail={sandbox ? "sandbox: not charged" : "charged, less refunds"}
            testId="stat-spend"
          />
          <Stat
            label="Median time to redeem"
            value={c.medianSecondsToRedeem === null ? "–" : formatElapsed(c.medianSecondsToRedeem)}
            detail="from sent to redeemed"
            testId="stat-median"
          />
          <Stat
            label="Haven't opened"
            value={number(c.notOpened)}
            detail="sent, not opened yet"
            testId="stat-not-opened"
          />
        </dl>
      </section>

      <Funnel funnel={c.funnel} />
      <div className="mt-4">
        <ActivityChart days={activity} />
      </div>

      <section aria-labelledby="not-opened" className="mt-6 rounded-xl border border-stone-200 bg-white p-4">
        <h2 id="not-opened" className="text-lg font-semibold">
          Who hasn&apos;t opened
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          {count(c.notOpened, "gift was", "gifts were")} sent and not opened yet.
          {actor.role !== "viewer" &&
            (c.remindable > 0
              ? ` ${count(c.remindable, "recipient", "recipients")}${who} can be reminded now.`
              : " Nobody can be reminded now: the gift email goes again at most 3 times a day, once every 10 minutes, and only by email.")}
        </p>
        {actor.role !== "viewer" && c.remindable > 0 && !confirming && (
          <p className="mt-3">
            <Link
              href={`${here}${join}confirm=remind#remind`}
              className="button-primary px-4 py-2"
              data-testid="remind"
            >
              Remind those who haven&apos;t opened…
            </Link>
          </p>
        )}
        {confirming && (
          <div
            id="remind"
            role="region"
            aria-labelledby="remind-heading"
            className="mt-3 rounded-lg border-2 border-amber-400 bg-amber-50 p-4"
            data-testid="remind-confirm"
          >
            <h3 id="remind-heading" className="font-semibold text-amber-950">
              Remind {count(thisClick, "recipient", "recipients")}
              {thisClick < c.remindable ? ` (the first of ${number(c.remindable)})` : ""}?
            </h3>
            <p className="mt-1 text-sm text-amber-950">
              The gift email goes again to {count(thisClick, "person", "people")}
              {who} who haven&apos;t opened it{sandbox ? " (sandbox: it stays in the outbox)" : ""}. Each gift&apos;s
              email goes again at most 3 times a day and once every 10 minutes, as the API&apos;s resend
              {thisClick < c.remindable
                ? `. At most ${number(REMIND_PER_CLICK)} a click: click again for the next ${number(REMIND_PER_CLICK)}`
                : ""}
              .
            </p>
            <ActionForm
              action={remindNotOpenedAction}
              submitLabel={`Yes, remind ${count(thisClick, "recipient", "recipients")}`}
              variant="primary"
              testId="remind-confirm-form"
              className="mt-3 flex flex-wrap items-center gap-3"
            >
              <input type="hidden" name="team" value={teamId} />
              <input type="hidden" name="batch" value={c.id} />
              <input type="hidden" name="mode" value={mode} />
              <Link href={here} className="text-sm underline">
                Not now
              </Link>
            </ActionForm>
          </div>
        )}
        {waiting.rows.length > 0 && (
          <ul className="mt-4 divide-y divide-stone-100 text-sm" data-testid="not-opened-list">
            {waiting.rows.map((row) => (
              <li
                key={row.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
                data-testid="not-opened-row"
              >
                <span className="min-w-0 break-words">
                  <Link href={giftHref(row.id)} className="font-medium underline">
                    {row.recipientName || row.email || "(no name)"}
                  </Link>
                  {row.email && <span className="block text-stone-700 break-all">{row.email}</span>}
                  {row.deliveryMethod === "link" && (
                    <span className="block text-stone-700">Link gift: no email to resend</span>
                  )}
                </span>
                <span className="text-xs text-stone-700">
                  Sent <Instant at={row.sentAt} />
                  {row.lastRemindedAt && (
                    <>
                      {" "}
                      · reminded <Instant at={row.lastRemindedAt} />
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
        {(after || waiting.next) && (
          <p className="mt-3 flex justify-between text-sm">
            {after ? (
              <Link href={here} className="underline">
                First page
              </Link>
            ) : (
              <span />
            )}
            {waiting.next && (
              <Link
                href={`${here}${join}after=${encodeURIComponent(waiting.next)}#not-opened`}
                className="button-secondary"
                rel="next"
              >
                Next page
              </Link>
            )}
          </p>
        )}
      </section>
    </main>
  );
}

function Stat({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-3" data-testid={testId}>
      <dt className="text-xs text-stone-700">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
      {detail && <dd className="text-xs text-stone-700">{detail}</dd>}
    </div>
  );
}
