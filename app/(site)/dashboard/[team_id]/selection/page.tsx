import type { Metadata } from "next";
import Link from "next/link";
import { randomUUID } from "node:crypto";
import { BulkConfirmForm } from "@/components/dashboard/BulkConfirmForm";
import { SandboxBanner } from "@/components/dashboard/ModeSwitch";
import { StageBadge } from "@/components/dashboard/StageBadge";
import {
  dashboardSearch,
  MAX_BULK_GIFTS,
  readDashboardQuery,
  selectionPreview,
  viewGiftIds,
  type SelectionPreview,
} from "@/lib/dashboard";
import { displayMoney } from "@/lib/money";
import { bulkGiftsAction } from "../actions";
import { loadTeam } from "../load";

type Props = {
  params: Promise<{ team_id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const metadata: Metadata = { title: "Act on gifts" };

const ACTIONS = {
  cancel: { title: "Cancel", done: "cancelled" },
  resend: { title: "Resend the gift email of", done: "resent" },
  extend: { title: "Extend the expiry of", done: "extended" },
} as const;
type ActionKind = keyof typeof ACTIONS;

/** Gifts shown by name on the confirmation; the rest are counted. */
const LISTED = 100;

const all = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The selection's one confirmation (the board's selection form is a GET to here): the gifts
 * ticked, or the whole filtered view (at most MAX_BULK_GIFTS), what the action will do (a
 * cancel's total refund first), and the button that does it, each gift on its own, once.
 */
export default async function SelectionPage({ params, searchParams }: Props) {
  const { team_id: teamId } = await params;
  const search = await searchParams;
  const { query } = readDashboardQuery(search);
  const base = `/dashboard/${encodeURIComponent(teamId)}`;
  const viewHref = `${base}${dashboardSearch({ ...query, after: undefined })}`;
  const { db, actor, team } = await loadTeam(teamId, query.mode, viewHref);
  const kindParam = first(search.action);
  const kind: ActionKind | null = kindParam && Object.hasOwn(ACTIONS, kindParam) ? (kindParam as ActionKind) : null;
  const wholeView = first(search.scope) === "view";
  const picked = wholeView ? await viewGiftIds(db, actor, query) : all(search.gift).slice(0, MAX_BULK_GIFTS + 1);

  let problem: string | null = null;
  let preview: SelectionPreview | null = null;
  if (!kind) problem = "Pick what to do with the gifts: cancel, resend or extend.";
  else if (actor.role === "viewer") problem = "Viewers can see the team's gifts but not change them.";
  else if (picked.length === 0)
    problem = wholeView ? "This view has no gifts." : "Tick at least one gift, or pick all the gifts in the view.";
  else if (picked.length > MAX_BULK_GIFTS)
    problem = `At most ${MAX_BULK_GIFTS.toLocaleString("en-US")} gifts at a time: ${wholeView ? "narrow the view with its filters" : "tick fewer"}.`;
  else {
    try {
      preview = await selectionPreview(db, actor, picked);
      if (preview.gifts.length === 0) problem = "None of the selected gifts is on this team.";
    } catch {
      problem = "That selection names something that is not a gift.";
    }
  }
  const sandbox = query.mode === "sandbox";
  const count = preview?.gifts.length ?? 0;
  const gifts = count === 1 ? "gift" : "gifts";
  const today = new Date().toISOString().slice(0, 10);

  return (
    <main className="page-width page-narrow py-10">
      <p className="text-sm">
        <Link href={viewHref} className="underline">
          Back to {team.team.name}&apos;s gifts
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">
        {kind && preview && !problem ? `${ACTIONS[kind].title} ${count} ${gifts}` : "Act on gifts"}
      </h1>
      {sandbox && <SandboxBanner />}
      {problem || !kind || !preview ? (
        <p
          role="alert"
          data-testid="selection-problem"
          className="mt-4 rounded-lg bg-amber-50 px-4 py-2 text-amber-950"
        >
          {problem}
        </p>
      ) : (
        <>
          {kind === "cancel" && (
            <p className="mt-4 rounded-lg bg-stone-100 px-4 py-3" data-testid="refund-total">
              {preview.refundCents > 0 ? (
                <>
                  <strong>{displayMoney(preview.refundCents, preview.currency)}</strong> will be refunded to the
                  team&apos;s card (each charged gift&apos;s price).
                </>
              ) : (
                "Nothing will be refunded: none of these gifts was charged."
              )}{" "}
              {preview.cancellable < count &&
                `${count - preview.cancellable} of them can't be cancelled any more: they will be left as they are.`}
            </p>
          )}
          {kind === "resend" && (
            <p className="mt-4">
              The gift email goes again to each recipient (sent or opened email gifts only, at most a few times a day).
            </p>
          )}
          {preview.missing > 0 && (
            <p className="mt-2 text-sm text-stone-700">
              {preview.missing} of the selected ids name no gift of this team: they are left out.
            </p>
          )}
          <p className="mt-2 text-sm text-stone-700">
            Each gift on its own: the others go ahead when one can&apos;t be {ACTIONS[kind].done}, and this page then
            says which and why.
          </p>
          <BulkConfirmForm
            action={bulkGiftsAction}
            submitLabel={
              kind === "cancel"
                ? `Cancel ${count} ${gifts}${preview.refundCents > 0 ? ` and refund ${displayMoney(preview.refundCents, preview.currency)}` : ""}`
                : kind === "resend"
                  ? `Resend ${count} ${gifts}`
                  : `Extend ${count} ${gifts}`
            }
            names={Object.fromEntries(preview.gifts.map((g) => [g.id, g.recipientName || g.email || g.id]))}
          >
            <input type="hidden" name="team" value={team.team.id} />
            <input type="hidden" name="mode" value={query.mode} />
            <input type="hidden" name="action" value={kind} />
            <input type="hidden" name="form_key" value={randomUUID()} />
            {preview.gifts.map((g) => (
              <input key={g.id} type="hidden" name="gift" value={g.id} />
            ))}
            {kind === "extend" && (
              <label className="block text-sm font-medium">
                New expiry date
                <input
                  type="date"
                  name="expires_on"
                  required
                  min={today}
                  className="mt-1 block rounded-lg border border-stone-400 px-3 py-2"
                />
              </label>
            )}
          </BulkConfirmForm>
          <h2 className="mt-8 text-lg font-semibold">The {gifts}</h2>
          <ul
            className="mt-2 divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white"
            data-testid="selection"
          >
            {preview.gifts.slice(0, LISTED).map((g) => (
              <li key={g.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span>
                  {g.recipientName || g.email || "(no name)"}
                  {g.email && g.recipientName && <span className="block text-stone-600">{g.email}</span>}
                </span>
                <span className="flex items-center gap-3">
                  <StageBadge stage={g.stage} />
                  <span className="tabular-nums">{displayMoney(g.priceCents, g.currency)}</span>
                </span>
              </li>
            ))}
          </ul>
          {count > LISTED && <p className="mt-2 text-sm text-stone-700">and {count - LISTED} more</p>}
        </>
      )}
    </main>
  );
}
