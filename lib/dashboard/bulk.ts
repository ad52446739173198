import type { PrismaClient, Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TeamActor } from "@/lib/actor";
import {
  actOnGifts,
  bulkGiftIds,
  MAX_BULK_GIFTS,
  storedBulkOutcome,
  type BulkAction,
  type BulkOutcome,
} from "@/lib/gifts";
import { conflict } from "@/lib/errors";
import type { StoredKey } from "@/lib/idempotency";
import type { DashboardQuery } from "@/lib/gifts/dashboard-links";
import type { Stage } from "@/lib/gifts/stages";
import { sendQueuedEmailNow } from "@/lib/outbox";
import { visibleGifts } from "@/lib/gifts/queries";
import { teamCurrency } from "@/lib/gifts/conversion";
import { oncePerForm } from "./form-key";
import { dashboardWhere } from "./where";

export { MAX_BULK_GIFTS };

/** Stages a cancel still takes (lib/gifts/stages.ts): the preview's refund counts only these. */
const CANCELLABLE: readonly Stage[] = ["pending_approval", "scheduled", "sent", "opened", "failed"];

/** Emails a bulk resend sends within the request; the rest go with the `send-emails` job within the minute. */
const SENT_NOW = 25;

export type SelectionGift = {
  id: string;
  recipientName: string;
  email: string | null;
  stage: Stage;
  priceCents: number;
  currency: string;
  charged: boolean;
};

/**
 * The selection as the confirmation shows it: its gifts (the team's only), and what a cancel
 * would refund, in the team's currency: refunds are of charged gifts, all in it (a team's
 * currency is fixed once it has a charge).
 */
export type SelectionPreview = {
  gifts: SelectionGift[];
  missing: number;
  refundCents: number;
  currency: string;
  cancellable: number;
};

/**
 * The gifts the ids name that the person may see (others are counted as missing: a forged or
 * stale id names nothing), and the total a cancel would refund: the price of each charged gift
 * a cancel still takes, as cancelGift refunds it.
 */
export async function selectionPreview(db: Tx, actor: TeamActor, ids: string[]): Promise<SelectionPreview> {
  const wanted = bulkGiftIds(ids);
  const rows = await db.gift.findMany({
    where: { ...visibleGifts(actor, actor.team), id: { in: wanted } },
    select: {
      id: true,
      recipientName: true,
      email: true,
      stage: true,
      priceCents: true,
      currency: true,
      chargeId: true,
    },
    orderBy: { id: "asc" },
  });
  const gifts = rows.map(({ chargeId, ...row }) => ({ ...row, stage: row.stage as Stage, charged: chargeId !== null }));
  const cancellable = gifts.filter((g) => CANCELLABLE.includes(g.stage));
  return {
    gifts,
    missing: wanted.length - gifts.length,
    refundCents: cancellable.filter((g) => g.charged).reduce((sum, g) => sum + g.priceCents, 0),
    currency: await teamCurrency(db, actor.team.id),
    cancellable: cancellable.length,
  };
}

/**
 * The ids of the whole filtered view ("select all N"), at most MAX_BULK_GIFTS + 1: one more
 * than the limit says the view is too large to act on at once.
 */
export async function viewGiftIds(db: Tx, actor: TeamActor, query: DashboardQuery): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    Prisma.sql`SELECT g."id" FROM "Gift" g WHERE ${dashboardWhere(actor, query)}
               ORDER BY g."createdAt" DESC, g."id" DESC LIMIT ${MAX_BULK_GIFTS + 1}::int`,
  );
  return rows.map((r) => r.id);
}

const ACTION_CONTENT = (action: BulkAction) => (action.kind === "extend" ? `extend:${action.expiresOn}` : action.kind);

/** How long a second submission of a form waits for the first's outcome, and how often it looks. */
const FIRST_SUBMISSION_WAIT_MS = 60_000;
const FIRST_SUBMISSION_POLL_MS = 100;

/**
 * The outcome the first submission of a form stored with its key, once it is stored: the first
 * may still be acting on its gifts (a gift per transaction). Refused when it failed part-way
 * (its key forgotten: the form can be sent again) or takes longer than a minute.
 */
async function firstOutcome(db: PrismaClient, stored: StoredKey): Promise<BulkOutcome> {
  const until = Date.now() + FIRST_SUBMISSION_WAIT_MS;
  for (let row: { responseBody: string | null } | null = stored; ;) {
    if (!row) throw conflict("The first submission of this form stopped part-way: reload the page and try again.");
    const outcome = storedBulkOutcome(row.responseBody);
    if (outcome) return outcome;
    if (Date.now() > until)
      throw conflict("This form is still being acted on: reload the page in a minute to see what was done.");
    await new Promise((resolve) => setTimeout(resolve, FIRST_SUBMISSION_POLL_MS));
    row = await db.idempotencyKey.findUnique({ where: { id: stored.id }, select: { responseBody: true } });
  }
}

/**
 * A bulk action from the dashboard, once per form key (oncePerForm), through actOnGifts, the
 * domain's bulk (the same functions as each gift's API call, a gift per transaction): what was
 * done and what refused, per gift. A double submit or a replayed form answers what the first
 * did (waiting for it when it is still acting; nothing refunded twice); another tab has its own
 * key and finds the gifts the first changed already changed (refused, naming them). A resend's
 * first emails go right after. `currency`: the team's, which its refunds are in.
 */
export async function actOnGiftsOnce(
  db: PrismaClient,
  actor: TeamActor,
  input: { formKey: string; ids: string[]; action: BulkAction },
) {
  const ids = bulkGiftIds(input.ids);
  const result = await oncePerForm(db, actor, {
    formKey: input.formKey,
    content: `${actor.team.id}:bulk:${ACTION_CONTENT(input.action)}\n${ids.join("\n")}`,
    conflictMessage: "This form was already used for other gifts or another action. Reload the page.",
    replay: (stored) => firstOutcome(db, stored),
    run: (idempotency) => actOnGifts(db, actor, { ids, action: input.action, idempotency }),
  });
  for (const emailId of result.emailIds.slice(0, SENT_NOW)) await sendQueuedEmailNow(db, emailId);
  return { ...result, currency: await teamCurrency(db, actor.team.id) };
}
