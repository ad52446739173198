import { addYear } from "@/lib/format/calendar-date";
import type { PrismaClient, Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { queryRows } from "@/lib/database/sql";
import type { TeamActor } from "@/lib/actor";
import { conflict, conflictAt, ValidationError, type FieldProblem } from "@/lib/errors";
import { reserveIdempotencyKey, type IdempotencyReservation } from "@/lib/idempotency";
import { queueGiftEmailAgain } from "./gift-email-again";
import { alreadyCode, requireGiftChanger } from "./changer";
import { recordGiftEvent } from "./events";
import { getGift, loadGifts } from "./queries";
import { changedStage, REOPENABLE, reopenGift, resendBouncedGift, type Stage } from "./stages";
import { requireEmailAgainAllowed, SENT_AGAIN_TO_NEW_ADDRESS } from "./resend";
import { untieTokenHash } from "@/lib/untie";
import { isSuppressed, suppressionScope } from "@/lib/outbox/suppressions";
import { suppressedMessage } from "./create";
import { REOPEN_WINDOW_DAYS, type GiftChanges } from "./update-schema";
import type { GiftView } from "./view";

const UNTIL_OPENED: readonly Stage[] = ["scheduled", "sent"];
const EXTENDABLE: readonly Stage[] = ["scheduled", "sent", "opened"];

export type GiftUpdate = { changes: GiftChanges; now?: Date; idempotency?: IdempotencyReservation };
/** The gift as changed, and the queued gift email to send right after the commit (a corrected address of a sent gift). */
export type UpdatedGift = { gift: GiftView; emailId: number | null };

/**
 * `PATCH /gifts/:id`: changes what the gift's stage still allows, in one transaction with one
 * `updated` event (or, for an expired gift whose expiry is extended, one `reopened` stage move).
 * - message, from, subject, design, scheduled time: while `scheduled` and no worker holds its
 *   email (a delivery in flight, or waiting for its retry: 409 `being_sent`);
 * - email: while not yet opened (`scheduled` or `sent`), or `failed` because its email hard-bounced
 *   (then back to `sent`). Never an address the team suppressed (422 `suppressed`, the words of a
 *   create). A new untie secret replaces the old one (the old link finds nothing); a gift already
 *   sent (or bounced) gets its email again, at the new address;
 * - expires_on: later only, before redeemed; an expired gift within REOPEN_WINDOW_DAYS goes back
 *   to the stage it expired from. Nothing is charged or refunded (expiry never refunds).
 * Each write is conditional on the state the decision read (stage, lease, untie version): when a
 * send, an open or the expiry job moved the gift meanwhile, the decision is taken again on the
 * new state, so the answer is either the change applied or the refusal the new state calls for.
 */
export async function updateGift(
  db: PrismaClient,
  actor: TeamActor,
  id: string,
  input: GiftUpdate,
): Promise<UpdatedGift> {
  const now = input.now ?? new Date();
  return db.$transaction(async (tx) => {
    // First: a concurrent request with the same key waits here, then replays this one's answer.
    if (input.idempotency) await reserveIdempotencyKey(tx, input.idempotency, [id]);
    return updateGiftIn(tx, actor, id, { ...input, now });
  });
}

/**
 * updateGift inside the caller's transaction (a bulk extend runs one per gift in one
 * transaction). Refusals are thrown before anything is written for this gift.
 */
export async function updateGiftIn(tx: Tx, actor: TeamActor, id: string, input: GiftUpdate): Promise<UpdatedGift> {
  const now = input.now ?? new Date();
  // A corrected address may send the gift email again: lock the row first, so this request and
  // a resend (or another correction) are counted one after the other against their one limit.
  if (input.changes.email !== undefined) await lockGiftRow(tx, actor, id);
  for (let attempt = 1; ; attempt++) {
    const gift = await getGift(tx, actor, actor.team, id);
    requireGiftChanger(actor, gift, "change gifts");
    const plan = await planChanges(tx, actor, gift, input.changes, now);
    const emailId = await applyPlan(tx, gift, plan, now);
    if (emailId !== false) return { gift: await getGift(tx, actor, actor.team, id), emailId };
    if (attempt === 3)
      throw conflict(`Gift "${gift.id}" kept changing while this request tried to change it. Try again.`);
  }
}

/** Holds the gift's row until the transaction ends (nothing when the id names no gift: getGift answers 404). */
async function lockGiftRow(tx: Tx, actor: TeamActor, id: string) {
  if (id.includes("\u0000")) return;
  await queryRows(
    tx,
    Prisma.sql`SELECT "id" FROM "Gift" WHERE "id" = ${id} AND "teamId" = ${actor.team.id} FOR UPDATE`,
  );
}

type Plan = {
  data: Prisma.GiftUncheckedUpdateManyInput;
  /** The state the plan was decided on: the write applies only while it still holds. */
  where: Prisma.GiftWhereInput;
  reopenTo: Stage | null;
  /** A bounced gift's corrected address: back to `sent` (lib/gifts/stages.ts resendBouncedGift). */
  unbounce: boolean;
  /** A sent gift's corrected address: the gift email goes there now. */
  emailAgain: boolean;
  summary: string[];
};

const FIELD_NAMES: Record<string, string> = {
  message: "message",
  from: "from",
  subject: "subject",
  designId: "design_id",
  scheduledAt: "scheduled_at",
  email: "email",
  expiresOn: "expires_on",
};
const SCHEDULED_ONLY_KEYS = ["message", "from", "subject", "designId", "scheduledAt"] as const;

const day = (date: Date) => date.toISOString().slice(0, 10);
const dateOf = (ymd: string) => new Date(`${ymd}T00:00:00Z`);
function addDays(ymd: string, days: number): string {
  const d = dateOf(ymd);
  d.setUTCDate(d.getUTCDate() + days);
  return day(d);
}

/**
 * Whether an expiry can still move later: PATCH takes a later date before one year from today
 * (`expires_too_late` otherwise), so an expiry already on the last such day has nowhere to go.
 */
export function canExtendExpiry(expiresOn: Date, now: Date): boolean {
  return addDays(day(expiresOn), 1) < addYear(day(now));
}

/** The stage an expired gift expired from: its last stage change before `expired`. */
function stageBeforeExpiry(gift: GiftView): Stage | undefined {
  return gift.events.filter((e) => changedStage(e) && e.stage !== "expired").at(-1)?.stage as Stage | undefined;
}

async function planChanges(tx: Tx, actor: TeamActor, gift: GiftView, asked: GiftChanges, now: Date): Promise<Plan> {
  const changes = { ...asked };
  // The same address again is no correction (no new link, no second email).
  if (changes.email !== undefined && changes.email.toLowerCase() === gift.email?.toLowerCase()) delete changes.email;
  const stage = gift.stage as Stage;
  const today = day(now);
  const isLink = gift.deliveryMethod === "link";
  const scheduledOnly = SCHEDULED_ONLY_KEYS.filter((k) => changes[k] !== undefined);
  const pointer = (key: string) => `/gift/${FIELD_NAMES[key]}`;

  // 409: what the gift's stage (or a worker holding it) refuses. The first one found answers.
  if (scheduledOnly.length > 0 && stage !== "scheduled") {
    throw conflictAt(
      pointer(scheduledOnly[0]),
      `Gift "${gift.id}" is ${stage}: its ${scheduledOnly.map((k) => FIELD_NAMES[k]).join(", ")} can only be changed while it is scheduled.`,
      alreadyCode(stage),
    );
  }
  // A gift whose email hard-bounced (failed, with its delivery issue) takes a corrected address too.
  const bounced = stage === "failed" && !!gift.deliveryIssue;
  if (changes.email !== undefined && !isLink && !UNTIL_OPENED.includes(stage) && !bounced) {
    throw conflictAt(
      pointer("email"),
      `Gift "${gift.id}" is ${stage}: its email can only be corrected before the recipient opens it.`,
      alreadyCode(stage),
    );
  }
  let reopenTo: Stage | null = null;
  if (changes.expiresOn !== undefined && !EXTENDABLE.includes(stage)) {
    if (stage !== "expired") {
      throw conflictAt(
        pointer("expiresOn"),
        `Gift "${gift.id}" is ${stage}: only a gift not yet redeemed (or expired less than ${REOPEN_WINDOW_DAYS} days ago) can get a later expiry.`,
        alreadyCode(stage),
      );
    }
    const deadline = addDays(day(gift.expiresOn ?? now), REOPEN_WINDOW_DAYS);
    if (today > deadline) {
      throw conflictAt(
        pointer("expiresOn"),
        `Gift "${gift.id}" expired more than ${REOPEN_WINDOW_DAYS} days ago (it could be reopened until ${deadline}).`,
        "expired_too_long_ago",
      );
    }
    const before = stageBeforeExpiry(gift);
    // A gift that expired waiting for approval was never approved nor paid for: it stays expired.
    if (before === "pending_approval") {
      throw conflictAt(
        pointer("expiresOn"),
        `Gift "${gift.id}" expired while waiting for approval: it was never approved nor charged, so it can't be reopened. Create it again.`,
        "never_approved",
      );
    }
    reopenTo = REOPENABLE.find((s) => s === before) ?? "scheduled";
  }
  // A sent gift's corrected address sends the gift email again: the same limit as a resend.
  if (changes.email !== undefined && (stage === "sent" || bounced) && !isLink) requireEmailAgainAllowed(gift, now);
  const held = stage === "scheduled" && (scheduledOnly.length > 0 || changes.email !== undefined);
  if (held) {
    const { deliveryLeaseUntil } = await tx.gift.findUniqueOrThrow({
      where: { id: gift.id },
      select: { deliveryLeaseUntil: true },
    });
    if (deliveryLeaseUntil && deliveryLeaseUntil > now) {
      throw conflictAt(
        pointer(scheduledOnly[0] ?? "email"),
        `Gift "${gift.id}"'s email is being sent right now, or waits until ${deliveryLeaseUntil.toISOString()} to be tried again: try again after that.`,
        "being_sent",
        { retry_at: deliveryLeaseUntil.toISOString() },
      );
    }
  }

  // 422: values this gift can't take. All of them together.
  const problems: FieldProblem[] = [];
  if (isLink && changes.scheduledAt !== undefined)
    problems.push({
      detail: "A link gift is never emailed: it has no send time",
      pointer: pointer("scheduledAt"),
      code: "link_gift",
    });
  if (isLink && changes.email !== undefined)
    problems.push({
      detail: "A link gift has no email: share its untie-url instead",
      pointer: pointer("email"),
      code: "link_gift",
    });
  // A corrected address the team suppressed would never be emailed: refused as a new gift to it is.
  if (!isLink && changes.email !== undefined && (await isSuppressed(tx, suppressionScope(actor), changes.email)))
    problems.push({ detail: suppressedMessage(changes.email), pointer: pointer("email"), code: "suppressed" });
  let designId: string | null | undefined = changes.designId;
  if (typeof designId === "string") {
    const design = await tx.design.findFirst({
      where: { id: designId.toLowerCase(), OR: [{ global: true }, { teamId: actor.team.id }] },
      select: { id: true },
    });
    if (!design)
      problems.push({ detail: `Design "${designId}" was not found`, pointer: pointer("designId"), code: "not_found" });
    designId = design?.id;
  }
  if (changes.expiresOn !== undefined) {
    const current = gift.expiresOn ? day(gift.expiresOn) : null;
    if (current === null || changes.expiresOn <= current) {
      problems.push({
        detail: current
          ? `Expires on must be later than the gift's expiry (${current})`
          : "The gift never expires: there is nothing to extend",
        pointer: pointer("expiresOn"),
        code: "must_be_later",
      });
    } else if (changes.expiresOn < today) {
      problems.push({
        detail: `Expires on can't be in the past (today is ${today})`,
        pointer: pointer("expiresOn"),
        code: "in_the_past",
      });
    } else if (changes.expiresOn >= addYear(today)) {
      problems.push({
        detail: `Expires on must be less than 1 year from today (before ${addYear(today)})`,
        pointer: pointer("expiresOn"),
        code: "expires_too_late",
      });
    }
  }
  const expiry = changes.expiresOn ?? (gift.expiresOn ? day(gift.expiresOn) : null);
  if (changes.scheduledAt !== undefined && !isLink && expiry !== null && day(changes.scheduledAt) > expiry) {
    problems.push({
      detail: `Scheduled at can't be after the gift's expiry (${expiry})`,
      pointer: pointer("scheduledAt"),
      code: "after_expiry",
    });
  }
  if (problems.length > 0) throw new ValidationError(problems);

  const data: Prisma.GiftUncheckedUpdateManyInput = {};
  const summary: string[] = [];
  const where: Prisma.GiftWhereInput = { id: gift.id, stage };
  if (scheduledOnly.length > 0) {
    if (changes.message !== undefined) data.message = changes.message;
    if (changes.from !== undefined) data.from = changes.from;
    if (changes.subject !== undefined) data.subject = changes.subject;
    if (designId !== undefined) data.designId = designId;
    if (changes.scheduledAt !== undefined) data.scheduledAt = changes.scheduledAt;
    summary.push(`Changed ${scheduledOnly.map((k) => FIELD_NAMES[k]).join(", ")}`);
  }
  const emailAgain = changes.email !== undefined && (stage === "sent" || bounced);
  if (changes.email !== undefined) {
    const version = gift.untieVersion + 1;
    Object.assign(data, {
      email: changes.email,
      untieVersion: version,
      untieTokenHash: untieTokenHash(gift.id, version),
    });
    where.untieVersion = gift.untieVersion;
    summary.push(
      emailAgain
        ? `Corrected the email: a new untie link, and ${SENT_AGAIN_TO_NEW_ADDRESS}`
        : "Corrected the email: a new untie link",
    );
  }
  if (held) where.OR = [{ deliveryLeaseUntil: null }, { deliveryLeaseUntil: { lte: now } }];
  if (changes.expiresOn !== undefined) {
    data.expiresOn = dateOf(changes.expiresOn);
    summary.push(
      reopenTo ? `Reopened: expires on ${changes.expiresOn}` : `Extended the expiry to ${changes.expiresOn}`,
    );
  }
  return { data, where, reopenTo, unbounce: bounced && changes.email !== undefined, emailAgain, summary };
}

/** The plan's writes, if the gift is still as the plan read it: the queued email's id (or null), false when it is not. */
async function applyPlan(tx: Tx, gift: GiftView, plan: Plan, now: Date): Promise<number | null | false> {
  if (plan.summary.length === 0) return null; // nothing to change (the same address again): no write, no event
  const message = plan.summary.join("; ");
  if (plan.reopenTo) {
    return (await reopenGift(tx, gift.id, plan.reopenTo, { at: now, message, data: plan.data })) ? null : false;
  }
  if (plan.unbounce) {
    const moved = await resendBouncedGift(tx, gift.id, { at: now, message, data: plan.data, where: plan.where });
    if (!moved) return false;
  } else {
    const { count } = await tx.gift.updateMany({ where: plan.where, data: plan.data });
    if (count === 0) return false;
    await recordGiftEvent(tx, { giftId: gift.id, stage: gift.stage as Stage, action: "updated", message, at: now });
  }
  if (!plan.emailAgain) return null;
  const [changed] = await loadGifts(tx, [gift.id]);
  const { id } = await queueGiftEmailAgain(tx, { ...changed, email: changed.email! }, now);
  return id;
}
