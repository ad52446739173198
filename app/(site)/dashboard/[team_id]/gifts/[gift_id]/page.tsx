import type { Metadata } from "next";
import Link from "next/link";
import { CopyButton } from "@/components/account/CopyButton";
import { StageBadge } from "@/components/dashboard/StageBadge";
import { SandboxBanner } from "@/components/dashboard/ModeSwitch";
import { Timeline } from "@/components/dashboard/Timeline";
import { ActionForm } from "@/components/teams/ActionForm";
import { dashboardGift, dashboardHref, modeOf } from "@/lib/dashboard";
import { HttpError } from "@/lib/errors";
import { displayMoney } from "@/lib/money";
import { notFound } from "next/navigation";
import { loadTeam } from "../../load";
import {
  approveGiftAction,
  cancelGiftAction,
  correctEmailAction,
  editGiftAction,
  extendExpiryAction,
  rejectGiftAction,
  resendGiftAction,
} from "../../actions";
import { RejectionReason } from "@/components/dashboard/RejectionReason";
import { Instant } from "@/components/dashboard/Instant";
import { formatDay } from "@/lib/format/time-zone";

type Props = {
  params: Promise<{ team_id: string; gift_id: string }>;
  searchParams: Promise<{
    mode?: string | string[];
    cancelled?: string | string[];
    sent?: string | string[];
    approved?: string | string[];
    rejected?: string | string[];
    confirm?: string | string[];
  }>;
};

export const metadata: Metadata = { title: "Gift" };

const day = (date: Date | null) => (date ? formatDay(date) : "–");

/** One gift: who, what, where it is, everything that happened to it, and what can still be done. */
export default async function GiftPage({ params, searchParams }: Props) {
  const { team_id: teamId, gift_id: giftId } = await params;
  const query = await searchParams;
  const mode = modeOf(query.mode);
  const list = dashboardHref(teamId, mode);
  const here = dashboardHref(teamId, mode, `/gifts/${encodeURIComponent(giftId)}`);
  const { db, actor } = await loadTeam(teamId, mode, here);
  let page;
  try {
    page = await dashboardGift(db, actor, giftId);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) notFound();
    throw error;
  }
  const { gift } = page;
  const confirmingCancel = query.confirm === "cancel";
  const emailWaits = gift.stage === "scheduled" || gift.stage === "pending_approval";
  const refund =
    gift.chargeId === null
      ? "Nothing was charged for it, so nothing is refunded."
      : `Cancelling refunds ${displayMoney(gift.priceCents, gift.currency)} to the team's card.`;
  const hidden = (
    <>
      <input type="hidden" name="team" value={teamId} />
      <input type="hidden" name="gift" value={gift.id} />
      <input type="hidden" name="mode" value={mode} />
    </>
  );

  return (
    <main className="page-width py-10">
      <p className="text-sm">
        <Link href={list} className="underline">
          ← All gifts
        </Link>
      </p>
      {mode === "sandbox" && <SandboxBanner />}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-semibold tracking-tight">{gift.recipientName || gift.email || "Gift"}</h1>
        <StageBadge stage={gift.stage} deliveryMethod={gift.deliveryMethod} />
      </div>
      {query.sent === "1" && (
        <p role="status" data-testid="sent" className="mt-4 rounded-lg bg-green-50 px-4 py-2 text-green-900">
          Gift created.{" "}
          {gift.deliveryMethod === "link" ? (
            "Copy its untie link below and share it."
          ) : (
            <>
              Ribbon emails {gift.email}{" "}
              {gift.scheduledAt ? (
                <>
                  on <Instant at={gift.scheduledAt} />
                </>
              ) : (
                "shortly"
              )}
              .
            </>
          )}
        </p>
      )}
      {query.approved === "1" && (
        <p role="status" data-testid="approved" className="mt-4 rounded-lg bg-green-50 px-4 py-2 text-green-900">
          Gift approved: {displayMoney(gift.priceCents, gift.currency)} charged, and it goes out as scheduled.
        </p>
      )}
      {query.rejected === "1" && gift.stage === "rejected" && (
        <p role="status" data-testid="rejected" className="mt-4 rounded-lg bg-green-50 px-4 py-2 text-green-900">
          Gift rejected. Nothing was charged.
        </p>
      )}
      {query.cancelled === "1" && gift.stage === "cancelled" && (
        <p role="status" data-testid="cancelled" className="mt-4 rounded-lg bg-green-50 px-4 py-2 text-green-900">
          Gift cancelled.{" "}
          {gift.chargeId === null
            ? "Nothing was charged for it, so nothing is refunded."
            : `${displayMoney(gift.priceCents, gift.currency)} is refunded to the team's card.`}
        </p>
      )}
      {page.bounced && (
        <section
          aria-labelledby="bounced-heading"
          data-testid="bounced"
          className="mt-4 rounded-lg border-2 border-red-300 bg-red-50 px-4 py-3 text-red-950"
        >
          <h2 id="bounced-heading" className="font-semibold">
            The gift email bounced: {page.bounced.replace(/^Bounced:\s*/i, "")}
          </h2>
          <p className="mt-1 text-sm">
            {gift.email} can&apos;t take mail, so Ribbon stopped emailing it for this team (it is on the{" "}
            <Link href={dashboardHref(teamId, mode, "/suppressions")} className="underline">
              suppression list
            </Link>
            ).{" "}
            {page.canCorrectEmail ? (
              <>
                <a href="#correct-email" className="underline">
                  Correct the address
                </a>{" "}
                and the gift email goes to the new one, with a new untie link, at no charge.
              </>
            ) : (
              "The gift's sender or an owner can correct the address."
            )}{" "}
            Nothing is refunded for a bounce; cancelling the gift refunds it in full.
          </p>
        </section>
      )}
      <p className="text-sm text-stone-700">
        <code>{gift.id}</code>
        {gift.batch && (
          <>
            {" "}
            · Batch:{" "}
            <Link
              href={dashboardHref(teamId, mode, `/campaigns/${encodeURIComponent(gift.batch.id)}`)}
              className="underline"
              data-testid="gift-campaign"
            >
              {gift.batch.name}
            </Link>
          </>
        )}
      </p>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="details" className="rounded-xl border border-stone-200 bg-white p-5">
          <h2 id="details" className="text-lg font-semibold">
            Details
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone-600">To</dt>
            <dd>{gift.deliveryMethod === "link" ? "A link you share" : gift.email}</dd>
            <dt className="text-stone-600">From</dt>
            <dd>{gift.from || "–"}</dd>
            <dt className="text-stone-600">Sent by</dt>
            <dd>{gift.sender.name ?? gift.sender.email}</dd>
            <dt className="text-stone-600">Collection</dt>
            <dd>{gift.collection.name}</dd>
            <dt className="text-stone-600">Design</dt>
            <dd>{gift.design?.name ?? "Default"}</dd>
            <dt className="text-stone-600">Price</dt>
            <dd className="tabular-nums">{displayMoney(gift.priceCents, gift.currency)}</dd>
            <dt className="text-stone-600">Created</dt>
            <dd className="tabular-nums">
              <Instant at={gift.createdAt} />
            </dd>
            {gift.deliveryMethod === "email" && emailWaits && (
              <>
                <dt className="text-stone-600">Email goes out</dt>
                <dd className="tabular-nums" data-testid="email-goes-out">
                  {gift.scheduledAt ? <Instant at={gift.scheduledAt} /> : "Within a few minutes"}
                  {gift.stage === "pending_approval" && " (once an owner approves it)"}
                </dd>
              </>
            )}
            {gift.sentAt && (
              <>
                <dt className="text-stone-600">Sent</dt>
                <dd className="tabular-nums">
                  <Instant at={gift.sentAt} />
                </dd>
              </>
            )}
            <dt className="text-stone-600">Expires</dt>
            <dd className="tabular-nums">{day(gift.expiresOn)}</dd>
          </dl>
          <h3 className="mt-4 text-sm font-semibold">Message</h3>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm text-stone-800">{gift.message}</p>
        </section>

        <section aria-labelledby="choice" className="rounded-xl border border-stone-200 bg-white p-5">
          <h2 id="choice" className="text-lg font-semibold">
            The recipient&apos;s choice
          </h2>
          {gift.selectedProduct ? (
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-stone-600">Chose</dt>
              <dd>
                {gift.selectedProduct.name}
                {gift.variant && ` (${gift.variant.name})`}
              </dd>
              {page.address && (
                <>
                  <dt className="text-stone-600">{page.address.full ? "Ships to" : "Ships to (city)"}</dt>
                  <dd data-testid="address">
                    {page.address.lines.map((line) => (
                      <span key={line} className="block">
                        {line}
                      </span>
                    ))}
                  </dd>
                </>
              )}
              {gift.trackingUrl && (
                <>
                  <dt className="text-stone-600">Tracking</dt>
                  <dd>
                    <a href={gift.trackingUrl} className="underline" rel="noreferrer">
                      {gift.carrier} {gift.trackingNumber}
                    </a>
                  </dd>
                </>
              )}
              {gift.thankYouNote && (
                <>
                  <dt className="text-stone-600">Their note</dt>
                  <dd className="whitespace-pre-wrap break-words">{gift.thankYouNote}</dd>
                </>
              )}
            </dl>
          ) : (
            <p className="mt-3 text-sm text-stone-700">Nothing chosen yet.</p>
          )}

          {(page.untieUrl || page.canCancel || page.canApprove) && (
            <div className="mt-6 space-y-4 border-t border-stone-200 pt-4">
              {page.canApprove && (
                <div data-testid="approval">
                  <p className="text-sm font-semibold">Waiting for an owner&apos;s approval</p>
                  <p className="mt-1 text-sm text-stone-700">
                    Approving charges {displayMoney(gift.priceCents, gift.currency)} to the team&apos;s card and sends
                    it as scheduled. Unapproved gifts expire 7 days after they were created.
                  </p>
                  {gift.batch && (
                    <p className="mt-1 text-sm">
                      <Link
                        href={`/dashboard/${encodeURIComponent(teamId)}?batch=${encodeURIComponent(gift.batch.id)}`}
                        className="underline"
                      >
                        Approve or reject all of “{gift.batch.name}” at once
                      </Link>
                    </p>
                  )}
                  <ActionForm action={approveGiftAction} submitLabel="Approve" testId="approve-gift">
                    <input type="hidden" name="team" value={teamId} />
                    <input type="hidden" name="gift" value={gift.id} />
                    <input type="hidden" name="mode" value={mode} />
                  </ActionForm>
                  <ActionForm action={rejectGiftAction} submitLabel="Reject" testId="reject-gift">
                    <input type="hidden" name="team" value={teamId} />
                    <input type="hidden" name="gift" value={gift.id} />
                    <input type="hidden" name="mode" value={mode} />
                    <RejectionReason />
                  </ActionForm>
                </div>
              )}
              {page.untieUrl && (
                <div>
                  <p className="text-sm font-semibold">Untie link</p>
                  <p id="untie-link" className="mt-1 break-all font-mono text-xs text-stone-700">
                    {page.untieUrl}
                  </p>
                  <CopyButton value={page.untieUrl} label="Copy the untie link" targetId="untie-link" />
                </div>
              )}
              {page.canCancel && !confirmingCancel && (
                <div data-testid="cancel-gift">
                  <Link
                    href={`${here}${mode === "sandbox" ? "&" : "?"}confirm=cancel#cancel`}
                    className="text-sm font-semibold text-red-800 underline underline-offset-2 hover:text-red-950"
                  >
                    Cancel this gift…
                  </Link>
                  <p className="mt-2 text-sm text-stone-700">{refund}</p>
                </div>
              )}
              {page.canCancel && confirmingCancel && (
                <div
                  id="cancel"
                  role="region"
                  aria-labelledby="cancel-heading"
                  className="rounded-lg border-2 border-red-300 bg-red-50 p-4"
                  data-testid="cancel-confirm"
                >
                  <h3 id="cancel-heading" className="font-semibold text-red-950">
                    Cancel this gift?
                  </h3>
                  <p className="mt-1 text-sm text-red-950">
                    {refund} {gift.recipientName || "The recipient"} can no longer open or choose it
                    {gift.stage === "scheduled" ? ", and the email is not sent" : ""}. This can&apos;t be undone.
                  </p>
                  <ActionForm
                    action={cancelGiftAction}
                    submitLabel={
                      gift.chargeId === null
                        ? "Yes, cancel the gift"
                        : `Yes, cancel and refund ${displayMoney(gift.priceCents, gift.currency)}`
                    }
                    testId="cancel-gift-confirm"
                    variant="danger"
                    className="mt-3 flex flex-wrap items-center gap-3"
                  >
                    {hidden}
                    <Link href={here} className="text-sm underline">
                      Keep the gift
                    </Link>
                  </ActionForm>
                </div>
              )}
            </div>
          )}
        </section>
      </div>

      {(page.canEdit || page.canExtend || page.canResend || page.canCorrectEmail) && (
        <section aria-labelledby="change" className="mt-6 rounded-xl border border-stone-200 bg-white p-5">
          <h2 id="change" className="text-lg font-semibold">
            Change this gift
          </h2>
          <div className="mt-3 space-y-6">
            {page.canEdit && (
              <ActionForm
                action={editGiftAction}
                submitLabel="Save message"
                testId="edit-gift"
                className="flex flex-col items-start gap-2"
              >
                {hidden}
                <label htmlFor="edit-message" className="text-sm font-semibold">
                  Message
                </label>
                <textarea
                  id="edit-message"
                  name="message"
                  required
                  maxLength={2000}
                  rows={4}
                  defaultValue={gift.message}
                  className="w-full rounded border border-stone-400 p-2 text-sm"
                />
                <label htmlFor="edit-from" className="text-sm font-semibold">
                  From
                </label>
                <input
                  id="edit-from"
                  name="from"
                  required
                  maxLength={200}
                  defaultValue={gift.from}
                  className="w-full rounded border border-stone-400 p-2 text-sm"
                />
                <p className="text-sm text-stone-700">Until the email goes out, the card shows what you save here.</p>
              </ActionForm>
            )}
            {page.canCorrectEmail && (
              <ActionForm
                action={correctEmailAction}
                submitLabel={page.bounced ? "Correct the address and send" : "Correct the address"}
                testId="correct-email"
              >
                {hidden}
                <div className="flex flex-col gap-1" id="correct-email">
                  <label htmlFor="correct-email-input" className="text-sm font-semibold">
                    {page.bounced ? "Correct the address" : "Recipient's email"}
                  </label>
                  <input
                    id="correct-email-input"
                    name="email"
                    type="email"
                    required
                    maxLength={254}
                    autoComplete="off"
                    defaultValue={page.bounced ? "" : (gift.email ?? "")}
                    aria-describedby="correct-email-help"
                    className="w-72 max-w-full rounded border border-stone-400 p-2 text-sm"
                  />
                </div>
                <p id="correct-email-help" className="basis-full text-sm text-stone-700">
                  {gift.stage === "scheduled"
                    ? "The email goes to the new address at its send time. The untie link changes."
                    : "The gift email goes to the new address now, with a new untie link (the old one stops working)."}
                </p>
              </ActionForm>
            )}
            {page.canExtend && (
              <ActionForm action={extendExpiryAction} submitLabel="Extend expiry" testId="extend-expiry">
                {hidden}
                <div className="flex flex-col gap-1">
                  <label htmlFor="extend-date" className="text-sm font-semibold">
                    New expiry date
                  </label>
                  <input
                    id="extend-date"
                    name="expires_on"
                    type="date"
                    required
                    min={gift.expiresOn?.toISOString().slice(0, 10)}
                    className="rounded border border-stone-400 p-2 text-sm"
                  />
                </div>
                <p className="basis-full text-sm text-stone-700">
                  {gift.stage === "expired"
                    ? "The gift expired: a later date reopens it, and its link works again."
                    : "A later date, less than a year from today. Nothing is charged."}
                </p>
              </ActionForm>
            )}
            {page.canResend && (
              <ActionForm action={resendGiftAction} submitLabel="Resend email" testId="resend-gift">
                {hidden}
                <p className="basis-full text-sm text-stone-700">
                  Sends the gift email to {gift.email} again: up to 3 times a day, once every 10 minutes.
                </p>
              </ActionForm>
            )}
          </div>
        </section>
      )}

      <section aria-labelledby="history" className="mt-6 rounded-xl border border-stone-200 bg-white p-5">
        <h2 id="history" className="text-lg font-semibold">
          What happened
        </h2>
        <Timeline entries={page.timeline} />
      </section>
    </main>
  );
}
