import { randomUUID } from "node:crypto";
import type { PrismaClient, Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { suppressAddress, suppressionScope } from "@/lib/outbox/suppressions";
import { recordGiftEvent } from "@/lib/gifts/events";
import { failBouncedGift, type GiftAction, type Stage } from "@/lib/gifts/stages";

/**
 * What the email provider reported about an email it accepted (Resend's webhooks, verified by
 * the route; or the local outbox's simulation). `id` is the provider's event id (svix-id): the
 * same event twice changes nothing the second time.
 */
export type ProviderEvent = {
  id: string;
  type: string;
  /** The email's id at the provider (`data.email_id`); for a simulation, null and `outboxId` set. */
  providerId: string | null;
  outboxId?: number;
  occurredAt: Date;
  bounce?: { type?: string; subType?: string; message?: string } | null;
};

export const HANDLED_EVENT_TYPES = [
  "email.delivered",
  "email.delivery_delayed",
  "email.bounced",
  "email.complained",
] as const;
type Handled = (typeof HANDLED_EVENT_TYPES)[number];
/** Whether Ribbon acts on events of this type; the others (sent, opened, clicked, contacts…) are acknowledged and forgotten. */
export const isHandled = (type: string): type is Handled => (HANDLED_EVENT_TYPES as readonly string[]).includes(type);

export type ProviderEventOutcome = "recorded" | "duplicate" | "unknown_email" | "ignored";

/** The status an outbox row keeps: a later, weightier word wins (a late "delayed" never hides a bounce). */
const WEIGHT: Record<string, number> = { delivery_delayed: 1, delivered: 2, bounced: 3, complained: 4 };

const SUBTYPE_WORDS: Record<string, string> = {
  NoEmail: "mailbox does not exist",
  General: "the receiving server refused it",
  Suppressed: "the address is on the provider's suppression list",
  OnAccountSuppressionList: "the address is on the account's suppression list",
  MailboxFull: "mailbox full",
  MessageTooLarge: "message too large",
  ContentRejected: "content rejected",
  AttachmentRejected: "attachment rejected",
};

/** A hard bounce: the address will never take mail (Resend passes SES's "Permanent"). */
export const isHardBounce = (bounce: ProviderEvent["bounce"]) => (bounce?.type ?? "").toLowerCase() === "permanent";

function bounceWords(bounce: ProviderEvent["bounce"]): string {
  const words = (bounce?.subType && SUBTYPE_WORDS[bounce.subType]) || bounce?.message || "no reason given";
  return words.replace(/[\u0000-\u001f\u007f]+/g, " ").slice(0, 200);
}

const KIND_WORDS: Record<string, string> = {
  gift: "The gift email",
  reminder: "A reminder",
  "redemption-confirmation": "The confirmation",
  "outcome-confirmation": "The confirmation",
};

type Effect = { status: string; detail: string; action: GiftAction; message: string };

function effectOf(type: Handled, kind: string, bounce: ProviderEvent["bounce"]): Effect {
  const what = KIND_WORDS[kind] ?? "An email";
  switch (type) {
    case "email.delivered":
      return { status: "delivered", detail: "", action: "email_delivered", message: `${what}: delivered to the inbox` };
    case "email.delivery_delayed":
      return {
        status: "delivery_delayed",
        detail: "",
        action: "email_delayed",
        message: `${what}: delivery delayed (the provider keeps trying)`,
      };
    case "email.complained":
      return {
        status: "complained",
        detail: "",
        action: "email_complained",
        message: `${what}: marked as spam by the recipient (no more reminders)`,
      };
    case "email.bounced": {
      const hard = isHardBounce(bounce);
      const words = bounceWords(bounce);
      return {
        status: "bounced",
        detail: `${hard ? "hard" : "soft"}: ${words}`,
        action: "email_bounced",
        message: `${what}: ${hard ? "bounced" : "soft bounce"}: ${words}`,
      };
    }
  }
}

type OutboxRow = {
  id: number;
  kind: string;
  to: string;
  giftId: string | null;
  deliveryStatus: string | null;
  deliveryDetail: string | null;
  deliveryEventAt: Date | null;
};

/**
 * Records one provider event, in one transaction: the event's id (a retry finds it and stops),
 * the email's outbox row (its delivery status, unless a later or weightier word is already there),
 * and, for an email about a gift whose row's word it changed, its timeline (`gift.email_*`: an
 * event that changes nothing there, a late or lighter one, adds no line). A hard bounce or a complaint
 * suppresses the address for the gift's team; a hard bounce of the gift email (to the gift's
 * current address) moves a `sent` gift to `failed` (`gift.failed`, reason in `delivery_issue`); a
 * complaint stops the gift's reminders. Events about other emails are answered and forgotten.
 */
export async function recordProviderEvent(
  db: PrismaClient,
  event: ProviderEvent,
  now = new Date(),
): Promise<ProviderEventOutcome> {
  return db.$transaction(async (tx) => {
    const providerKey = event.providerId ?? `outbox:${event.outboxId ?? ""}`;
    const inserted = await queryRows<{ id: string }>(
      tx,
      Prisma.sql`
      INSERT INTO "EmailProviderEvent" ("id", "type", "providerId", "occurredAt", "outcome", "receivedAt")
      VALUES (${event.id}, ${event.type.slice(0, 64)}, ${providerKey.slice(0, 200)}, ${event.occurredAt}::timestamp, 'recorded', ${now}::timestamp)
      ON CONFLICT ("id") DO NOTHING
      RETURNING "id"`,
    );
    if (inserted.length === 0) return "duplicate";
    const outcome = await apply(tx, event, now);
    if (outcome !== "recorded") await tx.emailProviderEvent.update({ where: { id: event.id }, data: { outcome } });
    return outcome;
  });
}

async function apply(tx: Tx, event: ProviderEvent, now: Date): Promise<ProviderEventOutcome> {
  if (!isHandled(event.type)) return "ignored";
  const where =
    event.outboxId !== undefined
      ? Prisma.sql`"id" = ${event.outboxId}::int`
      : Prisma.sql`"providerId" = ${event.providerId}`;
  const [row] = await queryRows<OutboxRow>(
    tx,
    Prisma.sql`
    SELECT "id", "kind", "to", "giftId", "deliveryStatus", "deliveryDetail", "deliveryEventAt" FROM "EmailOutbox"
    WHERE ${where} ORDER BY "id" LIMIT 1 FOR UPDATE`,
  );
  if (!row) return "unknown_email";
  const effect = effectOf(event.type, row.kind, event.bounce);
  const current = row.deliveryStatus ? (WEIGHT[row.deliveryStatus] ?? 0) : 0;
  const weight = WEIGHT[effect.status];
  const later = !row.deliveryEventAt || row.deliveryEventAt <= event.occurredAt;
  // The row's word changes only for a weightier event, or a later one of the same weight; the
  // gift's timeline gets a line only when it does (a late "delivered" after a bounce adds none,
  // nor does a second "delivered" under another event id).
  const wins = weight > current || (weight === current && later);
  const changed =
    wins && (effect.status !== row.deliveryStatus || (effect.detail || null) !== (row.deliveryDetail ?? null));
  if (wins) {
    await tx.emailOutbox.update({
      where: { id: row.id },
      data: { deliveryStatus: effect.status, deliveryDetail: effect.detail || null, deliveryEventAt: event.occurredAt },
    });
  }
  if (!row.giftId) return "recorded";
  const gift = await tx.gift.findUnique({
    where: { id: row.giftId },
    select: { id: true, teamId: true, senderId: true, livemode: true, stage: true, email: true, erasedAt: true },
  });
  if (!gift) return "recorded";
  const hard = event.type === "email.bounced" && isHardBounce(event.bounce);
  const complained = event.type === "email.complained";
  const sameAddress = !!gift.email && gift.email.toLowerCase() === row.to.toLowerCase();
  if ((hard || complained) && !gift.erasedAt) {
    await suppressAddress(
      tx,
      {
        ...suppressionScope(gift),
        email: row.to,
        reason: hard ? "bounced" : "complained",
        detail: effect.detail || null,
        giftId: gift.id,
      },
      event.occurredAt,
    );
  }
  if (complained && sameAddress) {
    await tx.gift.updateMany({
      where: { id: gift.id, remindersStoppedAt: null },
      data: { remindersStoppedAt: event.occurredAt, nextReminderAt: null },
    });
  }
  // The gift email to the gift's current address bounced for good: the gift failed (one event).
  if (hard && row.kind === "gift" && sameAddress) {
    const reason = `Bounced: ${bounceWords(event.bounce)}`;
    if (await failBouncedGift(tx, gift.id, reason, now)) return "recorded";
  }
  if (!changed) return "recorded";
  await recordGiftEvent(tx, {
    giftId: gift.id,
    stage: gift.stage as Stage,
    action: effect.action,
    message: effect.message,
    at: now,
  });
  return "recorded";
}

/** The provider's event each simulation stands for (the sandbox's simulate, the local outbox's buttons). */
const SIMULATED: Record<string, Pick<ProviderEvent, "type" | "bounce">> = {
  delivered: { type: "email.delivered" },
  delivery_delayed: { type: "email.delivery_delayed" },
  soft_bounce: {
    type: "email.bounced",
    bounce: { type: "Transient", subType: "MailboxFull", message: "mailbox full" },
  },
  bounced: {
    type: "email.bounced",
    bounce: { type: "Permanent", subType: "NoEmail", message: "550 5.1.1 user unknown" },
  },
  complained: { type: "email.complained" },
};
export const SIMULATABLE_EVENTS = Object.keys(SIMULATED);

/**
 * Simulates what the provider would report about one outbox row, through the same path as a real
 * event (no provider needed): the local outbox's buttons and the sandbox's `email_event`.
 */
export async function simulateProviderEvent(
  db: PrismaClient,
  outboxId: number,
  event: string,
  now = new Date(),
): Promise<ProviderEventOutcome> {
  const simulated = SIMULATED[event];
  if (!simulated) return "ignored";
  return recordProviderEvent(
    db,
    { id: `sim_${randomUUID()}`, providerId: null, outboxId, occurredAt: now, ...simulated },
    now,
  );
}
