import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActivityChart } from "@/components/dashboard/Charts";
import { DashboardNav } from "@/components/dashboard/DashboardNav";
import { Funnel } from "@/components/dashboard/Funnel";
import { Instant } from "@/components/dashboard/Instant";
import { SandboxBanner } from "@/components/dashboard/ModeSwitch";
import { ActionForm } from "@/components/teams/ActionForm";
import { randomUUID } from "node:crypto";
import {
  activityPerDay,
  campaign,
  campaignReminders,
  dashboardHref,
  modeOf,
  notOpened,
  type CampaignReminders,
} from "@/lib/dashboard";
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
/** The count the remind action wrote into the URL it came back to (digits only; anything else is ignored). */
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
    const [waiting, activity, reminders] = await Promise.all([
      notOpened(db, actor, c.id, { after: after && after.length <= 80 ? after : undefined }),
      activityPerDay(db, actor, {
        mode,
        order: "newest",
        batch: c.id,
        from: c.firstSentOn ?? c.createdAt.toISOString().slice(0, 10),
        to: today,
      }),
      campaignReminders(db, actor, c.id),
    ]);
    data = { c, waiting, activity, reminders };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) notFound();
    throw error;
  }
  const { c, waiting, activity, reminders } = data;
  const queued = counted(search, "queued");
  const joined = first(search.joined) === "1";
  // A reminder still running: the button waits for it (a click would join it anyway).
  const running = reminders !== null && reminders.finishedAt === null;
  const confirming = first(search.confirm) === "remind" && c.remindable > 0 && actor.role !== "viewer" && !running;
  const board = `/dashboard/${encodeURIComponent(teamId)}?${sandbox ? "mode=sandbox&" : ""}batch=${encodeURIComponent(c.id)}`;
  const giftHref = (id: string) => dashboardHref(teamId, mode, `/gifts/${encodeURIComponent(id)}`);
  const rate = c.redemptionRate === null ? "–" : `${Math.round(c.redemptionRate * 100)}%`;
  const who = actor.role === "owner" ? "" : " you sent";

  return (
    <main className="page-width py-10">
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
      {queued !== null && (
        <p
          role="status"
          data-testid="reminders-queued"
          className="mt-4 rounded-lg bg-green-50 px-4 py-2 text-green-900"
        >
          {joined
            ? `This campaign's reminders were already being sent (${count(queued, "reminder", "reminders")}): nothing more was queued.`
            : queued > 0
              ? `${count(queued, "reminder is", "reminders are")} being sent. This page shows how far they got.`
              : "Nobody to remind now."}
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
            value={displayMoney(c.spendCents, c.currency)}
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
        {reminders && <ReminderProgress reminders={reminders} />}
        {actor.role !== "viewer" && c.remindable > 0 && !confirming && !running && (
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
              Remind {count(c.remindable, "recipient", "recipients")}?
            </h3>
            <p className="mt-1 text-sm text-amber-950">
              The gift email goes again to {count(c.remindable, "person", "people")}
              {who} who haven&apos;t opened it{sandbox ? " (sandbox: it stays in the outbox)" : ""}, in the background,
              about a hundred at a time: this page shows how far it got. Each gift&apos;s email goes again at most 3
              times a day and once every 10 minutes, as the API&apos;s resend; one who opens it meanwhile is left alone.
            </p>
            <ActionForm
              action={remindNotOpenedAction}
              submitLabel={`Yes, remind ${count(c.remindable, "recipient", "recipients")}`}
              variant="primary"
              testId="remind-confirm-form"
              className="mt-3 flex flex-wrap items-center gap-3"
            >
              <input type="hidden" name="team" value={teamId} />
              <input type="hidden" name="batch" value={c.id} />
              <input type="hidden" name="mode" value={mode} />
              <input type="hidden" name="form_key" value={randomUUID()} />
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

/** The campaign's latest reminder, from its row: still being sent (how far), or when it was done and how it went. */
function ReminderProgress({ reminders: r }: { reminders: CampaignReminders }) {
  const skipped = r.skipped
    ? ` · ${count(r.skipped, "skipped", "skipped")} (opened or resent meanwhile, or under the resend limit)`
    : "";
  return (
    <p className="mt-2 text-sm text-stone-800" data-testid="reminders-progress" role="status">
      {r.finishedAt === null ? (
        <>
          Sending reminders: {number(r.reminded)} of {number(r.queued)} sent{skipped}. Queued by {r.byName}{" "}
          <Instant at={r.createdAt} />.
        </>
      ) : (
        <>
          Last reminded <Instant at={r.finishedAt} /> by {r.byName}: {count(r.reminded, "reminder", "reminders")} sent
          {skipped}.{r.stopReason ? ` Stopped: ${r.stopReason}` : ""}
        </>
      )}
    </p>
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
