import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { HttpError } from "@/lib/errors";
import { CURRENCY, displayMoney, formatMoney } from "@/lib/money";
import { siteContext } from "@/lib/site/context";
import { teamOverview, type TeamOverview } from "@/lib/dashboard/team-overview";
import { ROLES } from "@/lib/teams";
import { ActionForm } from "@/components/teams/ActionForm";
import { BudgetSection } from "@/components/teams/BudgetSection";
import { CardSection } from "@/components/teams/CardSection";
import { describeCard } from "@/lib/billing";
import {
  changeRoleAction,
  inviteAction,
  leaveTeamAction,
  removeMemberAction,
  revokeInvitationAction,
  setBudgetAction,
  setCardAction,
  setRemindersAction,
  setSwapAction,
} from "./actions";
import { SwapSection } from "@/components/teams/SwapSection";
import { RemindersSection } from "@/components/teams/RemindersSection";
import { WebhooksSection, type WebhookEndpointRow } from "@/components/teams/WebhooksSection";
import { EVENT_TYPES, MAX_ENDPOINTS, teamWebhooks } from "@/lib/webhooks";
import { formatDay, formatInZone, formatInZoneToSecond } from "@/lib/format/time-zone";
import {
  createWebhookAction,
  deleteWebhookAction,
  replayWebhookAction,
  rotateWebhookSecretAction,
  setWebhookEnabledAction,
  updateWebhookAction,
} from "./webhook-actions";

type Props = { params: Promise<{ team_id: string }>; searchParams: Promise<{ created?: string; joined?: string }> };

/** The latest attempts shown per webhook endpoint (older ones: the API's attempts list). */
const ATTEMPTS_SHOWN = 5;

/** An instant as the pages say it ("Wed, 2 Dec 2026, 07:13 UTC"), for a `<time>`. */
const written = (at: Date) => ({ iso: at.toISOString(), text: formatInZone(at, "UTC") });

type Loaded = { userId: string; overview: TeamOverview; webhooks: WebhookEndpointRow[] };

/** The team as this signed-in user may see it; null when they are not signed in; 404 for anyone outside it. Once per request (title and page). */
const load = cache(async (teamId: string): Promise<Loaded | null> => {
  const { db, actor } = await siteContext();
  if (!actor) return null;
  let overview: TeamOverview;
  try {
    overview = await teamOverview(db, actor.user.id, teamId);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) notFound();
    throw error;
  }
  // The webhook endpoints and their latest attempts, for owners (who manage them): one statement,
  // the endpoints and attempts the API lists.
  const webhooks: WebhookEndpointRow[] =
    overview.role === "owner"
      ? (await teamWebhooks(db, overview.team, ATTEMPTS_SHOWN)).map(({ endpoint: e, attempts, moreAttempts }) => ({
          id: e.id,
          url: e.url,
          description: e.description,
          eventTypes: e.eventTypes,
          enabled: e.enabled,
          disabledReason: e.disabledReason,
          created: written(e.createdAt),
          previousSecretUntil:
            e.previousSecretExpiresAt && e.previousSecretExpiresAt > new Date()
              ? written(e.previousSecretExpiresAt)
              : null,
          attempts: attempts.map((a) => ({
            id: String(a.id),
            at: { iso: a.createdAt.toISOString(), text: formatInZoneToSecond(a.createdAt, "UTC") },
            eventType: a.delivery.eventType,
            attempt: a.attempt,
            succeeded: a.succeeded,
            result: a.responseStatus !== null ? `HTTP ${a.responseStatus}` : (a.error ?? "Not sent"),
            durationMs: a.durationMs,
            replay: a.delivery.replayId !== "",
          })),
          moreAttempts,
        }))
      : [];
  return { userId: actor.user.id, overview, webhooks };
});

/** A datetime-local value (UTC, to the minute) `ms` before now: the replay form's default and earliest. */
const minutesAgo = (ms: number) => new Date(Date.now() - ms).toISOString().slice(0, 16);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const loaded = await load((await params).team_id);
  return { title: `${loaded ? loaded.overview.team.name : "Team"}` };
}

const date = (d: Date) => formatDay(d);
const fieldClass = "mt-1 block rounded-lg border border-stone-400 px-3 py-2";

export default async function TeamPage({ params, searchParams }: Props) {
  const { team_id: teamId } = await params;
  const { created, joined } = await searchParams;
  const loaded = await load(teamId);
  if (!loaded) redirect(`/signin?callbackUrl=${encodeURIComponent(`/teams/${encodeURIComponent(teamId)}`)}`);
  const { userId, overview, webhooks } = loaded;
  const { team, role, members, invitations, budget, reminders } = overview;
  const swap = {
    chosen: overview.swap.chosen,
    collections: overview.swap.collections.map((c) => ({ id: c.id, name: c.name, price: formatMoney(c.priceCents) })),
  };
  const owner = role === "owner";
  const hidden = <input type="hidden" name="team" value={team.id} />;

  return (
    <main className="page-width page-narrow py-10">
      <p className="text-sm">
        <Link href="/account" className="text-red-800 underline">
          Your account
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">{team.name}</h1>
      <p className="mt-2 text-stone-700">
        Team id (in API paths such as <code>/api/v1/teams/{team.id}/gifts</code>):{" "}
        <code data-testid="team-id">{team.id}</code>. You are {owner ? "an owner" : `a ${role}`}.
      </p>
      <nav aria-label="This team" className="mt-4 flex flex-wrap gap-3">
        <Link href={`/dashboard/${encodeURIComponent(team.id)}`} className="button-secondary px-4 py-2">
          The team&apos;s gifts
        </Link>
        {role !== "viewer" && (
          <Link href={`/dashboard/${encodeURIComponent(team.id)}/send`} className="button-primary px-4 py-2">
            Send a gift
          </Link>
        )}
      </nav>
      {created && (
        <p role="status" className="mt-4 rounded bg-green-50 px-3 py-2 text-green-900">
          Team created. Put a{" "}
          <a href="#card" className="underline">
            card on file
          </a>{" "}
          to send live gifts (until then, the sandbox sends the same gifts free), and invite the people you work with.
        </p>
      )}
      {joined && (
        <p role="status" className="mt-4 rounded bg-green-50 px-3 py-2 text-green-900">
          You joined {team.name}. Your live token now works with this team.
        </p>
      )}

      <section className="mt-10" aria-labelledby="members">
        <h2 id="members" className="text-xl font-semibold">
          Members
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          Members send gifts and manage their own tokens; viewers see the team&apos;s gifts and send none; owners also
          manage members, the card and webhooks.
        </p>
        <ul className="mt-4 divide-y divide-stone-200" data-testid="members">
          {members.map((m) => (
            <li key={m.userId} className="py-3" data-testid="member">
              <div className="flex flex-wrap items-baseline gap-x-3">
                <span className="font-medium">{m.name ?? m.email}</span>
                {m.name && <span className="text-sm text-stone-700">{m.email}</span>}
                <span className="rounded-full bg-stone-200 px-2 text-sm" data-testid="member-role">
                  {m.role}
                </span>
                {m.userId === userId && <span className="text-sm text-stone-700">(you)</span>}
                <span className="text-sm text-stone-700">since {date(m.since)}</span>
              </div>
              {owner && m.userId !== userId && (
                <div className="mt-2 flex flex-wrap gap-4">
                  {ROLES.filter((role) => role !== m.role).map((role) => (
                    <ActionForm key={role} action={changeRoleAction} submitLabel={`Make ${role}`}>
                      {hidden}
                      <input type="hidden" name="user" value={m.userId} />
                      <input type="hidden" name="role" value={role} />
                    </ActionForm>
                  ))}
                  <ActionForm
                    action={removeMemberAction}
                    submitLabel={`Remove ${m.name ?? m.email}`}
                    testId="remove-member"
                  >
                    {hidden}
                    <input type="hidden" name="user" value={m.userId} />
                  </ActionForm>
                </div>
              )}
            </li>
          ))}
        </ul>
        <div className="mt-4">
          <ActionForm action={leaveTeamAction} submitLabel="Leave this team">
            {hidden}
          </ActionForm>
        </div>
      </section>

      {owner && (
        <section className="mt-10" aria-labelledby="invite">
          <h2 id="invite" className="text-xl font-semibold">
            Invite someone
          </h2>
          <p className="mt-1 text-sm text-stone-700">
            They get an email with a link that works for a week; they sign in with that address and accept.
          </p>
          <ActionForm
            action={inviteAction}
            submitLabel="Send invitation"
            variant="primary"
            className="mt-4 flex flex-wrap items-end gap-3"
            testId="invite-form"
          >
            {hidden}
            <label className="block">
              <span className="text-sm font-medium">Email</span>
              <input
                name="email"
                type="email"
                required
                maxLength={254}
                autoComplete="off"
                className={`${fieldClass} w-72`}
              />
            </label>
            <label className="block">
              <span className="text-sm font-medium">Role</span>
              <select name="role" defaultValue="member" className={fieldClass}>
                <option value="member">member</option>
                <option value="viewer">viewer (sees gifts, sends none)</option>
                <option value="owner">owner</option>
              </select>
            </label>
          </ActionForm>

          <h3 className="mt-8 text-lg font-semibold">Pending invitations</h3>
          {invitations.length === 0 ? (
            <p className="mt-2 text-sm text-stone-700">None.</p>
          ) : (
            <ul className="mt-2 divide-y divide-stone-200" data-testid="invitations">
              {invitations.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center gap-x-3 py-2">
                  <span className="font-medium">{i.email}</span>
                  <span className="text-sm">as {i.role}</span>
                  <span className={i.expired ? "text-sm text-red-800" : "text-sm text-stone-700"}>
                    {i.expired ? `expired ${date(i.expiresAt)}` : `until ${date(i.expiresAt)}`}, by {i.invitedBy}
                  </span>
                  <ActionForm action={revokeInvitationAction} submitLabel={`Withdraw invitation to ${i.email}`}>
                    {hidden}
                    <input type="hidden" name="invitation" value={i.id} />
                  </ActionForm>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <CardSection
        teamId={team.id}
        owner={owner}
        card={overview.card && { text: describeCard(overview.card), declines: overview.card.declines }}
        charges={overview.charges.map((c) => ({
          id: c.id,
          date: date(c.createdAt),
          description: c.description,
          amount: displayMoney(c.amountCents, c.currency || CURRENCY),
          refund: c.kind === "refund",
        }))}
        setCard={setCardAction}
      />

      <BudgetSection
        teamId={team.id}
        owner={owner}
        budget={{
          period: budget.period,
          monthlyLimit:
            budget.monthlyLimitCents === null ? null : formatMoney(budget.monthlyLimitCents, budget.currency),
          perGiftLimit:
            budget.perGiftLimitCents === null ? null : formatMoney(budget.perGiftLimitCents, budget.currency),
          spent: formatMoney(budget.spentCents, budget.currency),
          approvalAbovePrice:
            budget.approvalAbovePriceCents === null
              ? null
              : formatMoney(budget.approvalAbovePriceCents, budget.currency),
          approvalAboveBatchSize: budget.approvalAboveBatchSize,
          remaining:
            budget.monthlyLimitCents === null
              ? null
              : formatMoney(Math.max(0, budget.monthlyLimitCents - budget.spentCents), budget.currency),
        }}
        setBudget={setBudgetAction}
      />

      <RemindersSection
        teamId={team.id}
        owner={owner}
        cadence={reminders.cadence}
        quietHours={reminders.quietHours}
        setReminders={setRemindersAction}
      />

      <SwapSection
        teamId={team.id}
        owner={owner}
        collections={swap.collections}
        chosen={swap.chosen}
        setSwap={setSwapAction}
      />

      <WebhooksSection
        teamId={team.id}
        owner={owner}
        endpoints={webhooks}
        eventTypes={EVENT_TYPES}
        maxEndpoints={MAX_ENDPOINTS}
        replay={{ since: minutesAgo(24 * 60 * 60_000), earliest: minutesAgo(30 * 24 * 60 * 60_000 - 60_000) }}
        actions={{
          create: createWebhookAction,
          update: updateWebhookAction,
          setEnabled: setWebhookEnabledAction,
          rotate: rotateWebhookSecretAction,
          remove: deleteWebhookAction,
          replay: replayWebhookAction,
        }}
      />
    </main>
  );
}
