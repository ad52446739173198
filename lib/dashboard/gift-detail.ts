import type { Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TeamActor } from "@/lib/actor";
import {
  canExtendExpiry,
  getGift,
  mayChangeGift,
  mayHoldUntieLink,
  REOPEN_WINDOW_DAYS,
  untieUrl,
  type GiftView,
} from "@/lib/gifts";
import { stagesBefore, type GiftAction } from "@/lib/gifts/stages";
import { displayMoney } from "@/lib/money";
import { addressLines, destination } from "@/lib/redemption/address";
import { addressSchema } from "@/lib/redemption/schema";

/** One thing that happened to a gift, for its timeline. */
export type TimelineEntry = {
  at: Date;
  kind: "stage" | "email" | "webhook" | "charge" | "refund";
  title: string;
  detail: string | null;
  /** How it went, where that is a question (an email's outbox status, a webhook's delivery status). */
  status: string | null;
};

export type DashboardGift = {
  gift: GiftView;
  /** The untie link to copy: the recipient's page, for gifts that can still be opened. */
  untieUrl: string | null;
  /** Owners see the address the gift ships to; everyone else where it goes (city, region, country). */
  address: { lines: string[]; full: boolean } | null;
  timeline: TimelineEntry[];
  canApprove: boolean;
  canCancel: boolean;
  /** "Resend email": an email gift already sent, not yet redeemed (resendGift checks again). */
  canResend: boolean;
  /** "Extend expiry": a gift with an expiry, not yet redeemed, or expired within the reopening window. */
  canExtend: boolean;
  /** "Edit": message and from line, while the gift is scheduled. */
  canEdit: boolean;
  /** Why the gift email did not arrive: a hard bounce moved the gift to failed ("Bounced: mailbox does not exist"). */
  bounced: string | null;
  /**
   * "Correct the address": what PATCH `email` allows (updateGift checks again): an email gift not
   * yet opened, or failed because its email bounced (then it goes out again to the new address).
   */
  canCorrectEmail: boolean;
};

/** Stages whose untie link the recipient can still use. */
const OPEN_STAGES: ReadonlySet<string> = new Set(["scheduled", "sent", "opened"]);
const CANCELLABLE: ReadonlySet<string> = new Set(stagesBefore("cancelled"));
const RESENDABLE: ReadonlySet<string> = new Set(["sent", "opened"]);
const CORRECTABLE: ReadonlySet<string> = new Set(["scheduled", "sent"]);

/** What each action of a gift's timeline is called (lib/gifts/stages.ts GIFT_ACTIONS). */
const ACTION_TITLES: Record<GiftAction, string> = {
  reminded: "Reminder sent",
  updated: "Edited",
  resent: "Email sent again",
  reopened: "Reopened",
  approved: "Approved",
  email_delivered: "Email delivered",
  email_delayed: "Email delayed",
  email_bounced: "Email bounced",
  email_complained: "Email marked as spam",
  unsubscribed: "Reminders unsubscribed",
};
const actionTitle = (action: string) => ACTION_TITLES[action as GiftAction] ?? `Gift ${action}`;

/**
 * An email's status on the timeline: what the provider last said of it (delivered, bounced,
 * complained, delayed: lib/delivery/provider-events.ts), else the outbox's own (pending, sent…).
 */
const emailStatus = (m: { status: string; deliveryStatus: string | null }) =>
  m.deliveryStatus === "delivery_delayed" ? "delayed" : (m.deliveryStatus ?? m.status);

/** Whether an expired gift is still within the days it can be reopened (updateGift decides again). */
function reopenable(gift: GiftView, now: Date): boolean {
  if (gift.stage !== "expired" || !gift.expiresOn) return false;
  return now.getTime() < gift.expiresOn.getTime() + (REOPEN_WINDOW_DAYS + 1) * 24 * 60 * 60 * 1000;
}

/**
 * A gift as its dashboard page shows it: the gift, the address as the actor's role may see
 * it, and a timeline of everything that happened to it (stage changes, emails with the
 * provider's last word on them or else their outbox status, webhook deliveries with their last response, the charge and any refund),
 * oldest first. 404 for a gift the actor can't see, exactly as the API answers.
 */
export async function dashboardGift(db: Tx, actor: TeamActor, id: string): Promise<DashboardGift> {
  const gift = await getGift(db, actor, actor.team, id);
  const [events, emails, webhooks, money] = [
    gift.events.map((e): TimelineEntry => ({
      at: e.createdAt,
      kind: "stage",
      title: e.action ? actionTitle(e.action) : `Stage: ${e.stage}`,
      detail: e.message,
      status: null,
    })),
    await queryRows<{
      kind: string;
      to: string;
      status: string;
      createdAt: Date;
      lastError: string | null;
      deliveryStatus: string | null;
      deliveryDetail: string | null;
    }>(
      db,
      Prisma.sql`SELECT "kind", "to", "status", "createdAt", "lastError", "deliveryStatus", "deliveryDetail" FROM "EmailOutbox" WHERE "giftId" = ${gift.id} ORDER BY "id"`,
    ),
    await queryRows<{
      eventType: string;
      url: string;
      status: string;
      attempts: number;
      createdAt: Date;
      responseStatus: number | null;
      error: string | null;
    }>(
      db,
      Prisma.sql`
      SELECT d."eventType", w."url", d."status", d."attempts", d."createdAt", a."responseStatus", a."error"
      FROM "WebhookDelivery" d
      JOIN "GiftEvent" e ON e."id" = d."eventId"
      JOIN "WebhookEndpoint" w ON w."id" = d."endpointId"
      LEFT JOIN LATERAL (SELECT "responseStatus", "error" FROM "WebhookAttempt" WHERE "deliveryId" = d."id" ORDER BY "id" DESC LIMIT 1) a ON true
      WHERE e."giftId" = ${gift.id}
      ORDER BY d."id"`,
    ),
    await queryRows<{
      kind: string;
      amountCents: number;
      currency: string;
      description: string;
      createdAt: Date;
      gifts: number;
    }>(
      db,
      Prisma.sql`
      SELECT c."kind", c."amountCents", c."currency", c."description", c."createdAt",
             (SELECT count(*)::int FROM "Gift" WHERE "chargeId" = c."id") AS "gifts"
      FROM "Charge" c
      WHERE c."id" = ${gift.chargeId ?? -1}::int OR (c."giftId" = ${gift.id} AND c."kind" = 'refund')
      ORDER BY c."id"`,
    ),
  ];
  const amount = (n: number, currency: string) => displayMoney(Math.abs(n), currency);
  const timeline: TimelineEntry[] = [
    ...events,
    ...emails.map((m): TimelineEntry => ({
      at: m.createdAt,
      kind: "email",
      title: `Email: ${m.kind} to ${m.to}`,
      detail: m.deliveryDetail ?? m.lastError,
      status: emailStatus(m),
    })),
    ...webhooks.map((w): TimelineEntry => ({
      at: w.createdAt,
      kind: "webhook",
      title: `Webhook ${w.eventType} to ${w.url}`,
      detail:
        w.responseStatus !== null
          ? `HTTP ${w.responseStatus} after ${w.attempts} ${w.attempts === 1 ? "attempt" : "attempts"}`
          : w.error,
      status: w.status,
    })),
    ...money.map((c): TimelineEntry => ({
      at: c.createdAt,
      kind: c.kind === "refund" ? "refund" : "charge",
      title:
        c.kind === "refund"
          ? `Refunded ${amount(c.amountCents, c.currency)}`
          : `Charged ${amount(gift.priceCents, gift.currency)}${c.gifts > 1 ? ` (its share of ${amount(c.amountCents, c.currency)} for ${c.gifts} gifts)` : ""}`,
      detail: c.description,
      status: null,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());

  const parsed = gift.address ? addressSchema.safeParse(gift.address) : null;
  const address = parsed?.success
    ? actor.role === "owner"
      ? { lines: addressLines(parsed.data), full: true }
      : { lines: [destination(parsed.data)], full: false }
    : null;
  const mayChange = mayChangeGift(actor, gift);
  const bounced = gift.stage === "failed" && gift.deliveryIssue ? gift.deliveryIssue : null;
  return {
    gift,
    // The link is a bearer credential: only for those who may act on the gift (mayHoldUntieLink).
    untieUrl:
      mayHoldUntieLink(actor, gift) && OPEN_STAGES.has(gift.stage) ? untieUrl(gift.id, gift.untieVersion) : null,
    address,
    timeline,
    // What approveGift and rejectGift allow (they check again): owners, gifts waiting for approval.
    canApprove: gift.stage === "pending_approval" && actor.role === "owner",
    // What cancelGift, updateGift and resendGift allow (they check again): owners any gift, members their own.
    canCancel: mayChange && CANCELLABLE.has(gift.stage),
    canResend: mayChange && gift.deliveryMethod === "email" && RESENDABLE.has(gift.stage),
    // An expiry already on the latest day PATCH takes has no later day to offer.
    canExtend:
      mayChange &&
      gift.expiresOn !== null &&
      canExtendExpiry(gift.expiresOn, new Date()) &&
      (OPEN_STAGES.has(gift.stage) || reopenable(gift, new Date())),
    canEdit: mayChange && gift.stage === "scheduled",
    bounced,
    canCorrectEmail: mayChange && gift.deliveryMethod === "email" && (CORRECTABLE.has(gift.stage) || bounced !== null),
  };
}
