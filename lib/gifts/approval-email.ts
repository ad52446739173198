import type { TeamActor } from "@/lib/actor";
import type { Queryable } from "@/lib/database/sql";
import { queueEmail } from "@/lib/outbox/queued-emails";
import { longDate } from "@/lib/format/locale";
import { displayMoney } from "@/lib/money";
import { ownerEmails } from "@/lib/teams";
import { absoluteUrl } from "@/lib/urls";
import { APPROVAL_WINDOW_DAYS } from "./approvals";
import { dashboardHref, dashboardSearch } from "./dashboard-links";
import { oneLine } from "@/lib/format/one-line";

/** What one live create left waiting for an owner's approval. */
export type WaitingGifts = {
  /** Who created them, on which team. */
  actor: TeamActor;
  /** Every gift the create made (all of them wait), in order. */
  giftIds: string[];
  batch: { id: string; name: string } | null;
  /** What they cost together, charged gift by gift as each is approved. */
  totalCents: number;
  /** Why they wait: what `holdForApproval` returned. */
  reason: string;
  /** Their creation time: they expire APPROVAL_WINDOW_DAYS after it (`expireUnapprovedGifts`). */
  now: Date;
};

/**
 * Where an owner approves them, on APP_URL (never the request's host): the gift's own page for
 * one gift, else the team's live gift list filtered to `pending_approval` (and to the batch,
 * when the gifts have one).
 */
export function approvalUrl(teamId: string, giftIds: string[], batchId: string | null): string {
  if (giftIds.length === 1)
    return absoluteUrl(dashboardHref(teamId, "live", `/gifts/${encodeURIComponent(giftIds[0])}`));
  return absoluteUrl(
    `${dashboardHref(teamId, "live")}${dashboardSearch({ stage: "pending_approval", batch: batchId ?? undefined })}`,
  );
}

const utcMinute = (at: Date) => `${longDate(at, "en")}, ${at.toISOString().slice(11, 16)} UTC`;

/**
 * In the create's transaction, once its gifts are written in `pending_approval`: one
 * `gift-approval` email to each owner of the team, however many gifts the create made (a bulk
 * create of 500 is one email per owner). Queued with the gifts, so a create rolled back queues
 * nothing. The email needs no gift to render (no untie link), so it names none: one gift of a
 * batch would be the wrong one to file it under. Returns how many were queued.
 */
export async function queueApprovalEmails(tx: Queryable, gifts: WaitingGifts): Promise<number> {
  const { actor, giftIds, batch, now } = gifts;
  const owners = await ownerEmails(tx, actor.team.id);
  const name = actor.user.name?.trim();
  const props = {
    count: giftIds.length,
    teamName: actor.team.name,
    creator: oneLine(name ? `${name} (${actor.user.email})` : actor.user.email),
    batchName: batch?.name ?? null,
    total: displayMoney(gifts.totalCents),
    reason: gifts.reason,
    expiresAt: utcMinute(new Date(now.getTime() + APPROVAL_WINDOW_DAYS * 24 * 60 * 60 * 1000)),
    windowDays: APPROVAL_WINDOW_DAYS,
    url: approvalUrl(actor.team.id, giftIds, batch?.id ?? null),
  };
  // One after the other: a transaction's statements share one connection.
  for (const to of owners) await queueEmail(tx, { kind: "gift-approval", to, props }, now);
  return owners.length;
}
