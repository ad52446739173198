import type { PrismaClient } from "@/lib/db";
import { deliverGift } from "@/lib/delivery/deliver-gift";
import { sendQueuedEmailNow } from "@/lib/outbox/queued-emails";
import { expireGifts } from "@/lib/delivery/sweep";
import { HttpError } from "@/lib/errors";
import { eventTypeOf, type EventType } from "@/lib/gifts/events";
import { getGift, type GiftView } from "@/lib/gifts";
import { isAwaitingChoice, stagesBefore } from "@/lib/gifts/stages";
import { expiryInstant, reminderSchedule } from "@/lib/reminders/cadence";
import { DAY_MS } from "@/lib/format/duration";
import { remindDueGifts } from "@/lib/reminders/remind";
import type { TeamRef } from "@/lib/teams";
import type { Caller } from "@/lib/tokens";

/** The longest one advance may move a clock. */
export const MAX_ADVANCE_MS = 90 * DAY_MS;
/**
 * Most gifts one batch advance moves. With reminders coalesced, one gift fires at most its send,
 * one reminder and its expiry in an advance: a batch advance is at most 3 × this many steps.
 */
export const MAX_BATCH_ADVANCE = 25;
/** Most steps (a send, a reminder, an expiry) one gift's advance takes; the rules need 3. */
const MAX_STEPS_PER_GIFT = 8;
/** How long an advance holds a gift's clock; another advance of the gift waits for it. */
const CLOCK_LEASE_MS = 60_000;
const WAIT_STEP_MS = 50;
const MAX_WAIT_MS = 20_000;

/** What fired on a gift's clock: its event type and the clock time it happened at. */
export type Fired = { gift: string; type: EventType; at: Date };

export const livemodeGift = (detail: string) => new HttpError(403, "Forbidden", detail, undefined, "livemode_gift");

type Due = { kind: "send" | "remind" | "expire"; at: Date };

/**
 * The next thing due on a gift by `to`, by the rules the jobs use, or null. Reminders are
 * coalesced as the live job coalesces overdue ones (lib/reminders/remind.ts): of the reminders
 * due by `to`, only the latest is sent, at its own time, and the ones before it are passed over.
 * An advance jumps the clock, as workers that were down do: 16 reminders in a P90D advance are
 * one email, not 16.
 */
async function nextDue(db: PrismaClient, giftId: string, to: Date): Promise<Due | null> {
  const g = await db.gift.findUniqueOrThrow({
    where: { id: giftId },
    select: {
      stage: true,
      deliveryMethod: true,
      scheduledAt: true,
      nextReminderAt: true,
      expiresOn: true,
      reminders: true,
      sentAt: true,
      timeZone: true,
    },
  });
  const due: Due[] = [];
  if (g.stage === "scheduled" && g.deliveryMethod === "email" && g.scheduledAt)
    due.push({ kind: "send", at: g.scheduledAt });
  if (isAwaitingChoice(g.stage) && g.nextReminderAt) {
    const latest = reminderSchedule(g)
      .filter((at) => at <= to)
      .at(-1);
    due.push({ kind: "remind", at: latest && latest > g.nextReminderAt ? latest : g.nextReminderAt });
  }
  if (g.expiresOn && stagesBefore("expired").includes(g.stage as never))
    due.push({ kind: "expire", at: expiryInstant(g.expiresOn) });
  // In time order; on one instant, as the day goes: the send, then a reminder, then the expiry.
  return due.sort((a, b) => a.at.getTime() - b.at.getTime())[0] ?? null;
}

/** Takes the gift's clock (waiting while another advance holds it) and moves it; returns from and to. */
async function takeClock(db: PrismaClient, giftId: string, ms: number): Promise<{ from: Date; to: Date }> {
  const started = Date.now();
  for (;;) {
    const real = new Date();
    const from = await db.gift.findUniqueOrThrow({ where: { id: giftId }, select: { clockAt: true } });
    const start = from.clockAt ?? real;
    const to = new Date(start.getTime() + ms);
    const taken = await db.gift.updateMany({
      where: {
        id: giftId,
        clockAt: from.clockAt,
        OR: [{ clockLeaseUntil: null }, { clockLeaseUntil: { lt: real } }],
      },
      data: { clockAt: to, clockLeaseUntil: new Date(real.getTime() + CLOCK_LEASE_MS) },
    });
    if (taken.count === 1) return { from: start, to };
    if (Date.now() - started > MAX_WAIT_MS)
      throw new HttpError(
        409,
        "Conflict",
        "Another advance of this gift's clock is still running.",
        undefined,
        "clock_busy",
      );
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

/**
 * Advances one sandbox gift's clock by `ms` and fires, in time order, whatever became due: the
 * scheduled send, the latest reminder due (the ones before it passed over, as the live job does
 * for overdue reminders), the expiry. Each is done by the very function its job calls
 * (deliverGift, remindDueGifts, expireGifts) with the clock's time as `now`, so it happens
 * as live (sandbox emails stay in the outbox, suppressed, rendered when viewed). Returns what fired.
 */
export async function advanceGiftClock(db: PrismaClient, giftId: string, ms: number): Promise<Fired[]> {
  const { from, to } = await takeClock(db, giftId, ms);
  const last = await db.giftEvent.findFirst({ where: { giftId }, orderBy: { id: "desc" }, select: { id: true } });
  try {
    // Each step fires one thing or moves the gift on; the bound only guards against a rule that doesn't.
    for (let step = 0; step < MAX_STEPS_PER_GIFT; step++) {
      const due = await nextDue(db, giftId, to);
      if (!due || due.at > to) break;
      const now = due.at < from ? from : due.at;
      if (due.kind === "send") await deliverGift(db, giftId, { now });
      else if (due.kind === "remind") await remindDueGifts(db, { now, giftId });
      else await expireGifts(db, now, giftId);
      // Live, the send-emails job takes a queued email within seconds: here, before the clock moves on.
      const queued = await db.emailOutbox.findMany({ where: { giftId, status: "pending" }, select: { id: true } });
      for (const { id } of queued) await sendQueuedEmailNow(db, id);
    }
  } finally {
    await db.gift.updateMany({ where: { id: giftId }, data: { clockLeaseUntil: null } });
  }
  const events = await db.giftEvent.findMany({
    where: { giftId, id: { gt: last?.id ?? 0 } },
    orderBy: { id: "asc" },
    select: { stage: true, action: true, createdAt: true },
  });
  return events.map((e) => ({ gift: giftId, type: eventTypeOf(e), at: e.createdAt }));
}

/**
 * `POST /gifts/:id/simulate {"advance": "P7D"[, "batch": true]}`: advances the clock of a
 * sandbox gift, or of every gift of its batch, and answers with the gift and what fired.
 */
export async function advanceSandboxClock(
  db: PrismaClient,
  caller: Caller,
  team: TeamRef,
  giftId: string,
  input: { ms: number; batch: boolean },
): Promise<{ gift: GiftView; fired: Fired[] }> {
  if (caller.mode !== "sandbox")
    throw livemodeGift("Only sandbox gifts have a test clock: use your sandbox token on team sandbox.");
  const gift = await getGift(db, caller, team, giftId);
  if (gift.livemode) throw livemodeGift("Only sandbox gifts have a test clock.");
  let ids = [gift.id];
  if (input.batch) {
    if (!gift.batch)
      throw new HttpError(409, "Conflict", "This gift was created alone, not in a batch.", undefined, "not_in_batch");
    const members = await db.gift.findMany({
      where: { batchId: gift.batch.id, livemode: false, senderId: caller.user.id },
      select: { id: true },
      orderBy: { id: "asc" },
      take: MAX_BATCH_ADVANCE + 1,
    });
    if (members.length > MAX_BATCH_ADVANCE)
      throw new HttpError(
        409,
        "Conflict",
        `A batch advance moves at most ${MAX_BATCH_ADVANCE} gifts; advance this batch's gifts one by one.`,
        undefined,
        "batch_too_large",
      );
    ids = members.map((m) => m.id);
  }
  const fired: Fired[] = [];
  for (const id of ids) fired.push(...(await advanceGiftClock(db, id, input.ms)));
  fired.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { gift: await getGift(db, caller, team, gift.id), fired };
}
