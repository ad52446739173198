import type { PrismaClient, Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { queueEmail } from "@/lib/outbox/queued-emails";
import { isSuppressed, suppressionScope } from "@/lib/outbox/suppressions";
import { longDate } from "@/lib/format/locale";
import { emailLocale } from "@/lib/i18n";
import { Prisma } from "@/lib/generated/prisma/client";
import { recordGiftEvent } from "@/lib/gifts/events";
import { AWAITING_CHOICE, type Stage } from "@/lib/gifts/stages";
import { outsideQuietHours, reminderSchedule } from "./cadence";

export type RemindOptions = {
  now?: Date;
  /** Most gifts looked at by one run. */
  limit?: number;
  /** Only this gift, whether or not it runs on a test clock (the sandbox's clock, lib/simulation). */
  giftId?: string;
  /** True once the runner is stopping: the run ends after its current batch. */
  stop?: () => boolean;
  /** Tests only: runs inside a claim's transaction after the claim, as a worker dying there would. */
  afterClaim?: (giftId: string) => Promise<void>;
};

export type RemindSummary = { looked: number; reminded: number; cleared: number };

type DueGift = {
  id: string;
  teamId: string;
  senderId: string;
  stage: Stage;
  livemode: boolean;
  email: string;
  recipientName: string;
  from: string;
  reminders: string[];
  sentAt: Date | null;
  expiresOn: Date | null;
  timeZone: string | null;
  remindersSent: number;
  locale: string | null;
};

const awaiting = Prisma.sql`${[...AWAITING_CHOICE]}::text[]`;
/** The scheduled jobs leave a gift on a test clock to its clock (lib/simulation/test-clock.ts). */
const scope = (giftId?: string) =>
  giftId === undefined ? Prisma.sql`AND "clockAt" IS NULL` : Prisma.sql`AND "id" = ${giftId}`;

/**
 * Sends the reminders that are due: for each gift whose `nextReminderAt` has come and which
 * still awaits a choice, one transaction claims the reminder (a conditional UPDATE of
 * `remindersSent`, the gift row locked and skipped by other workers), queues its email in the
 * outbox and records `gift.reminded`; all three commit together or not at all, so two workers
 * never send one reminder twice and a worker dying mid-claim leaves it to the next run. Gifts
 * past choosing have their `nextReminderAt` cleared (their reminders stopped). Safe to run from
 * any number of workers at once.
 */
export async function remindDueGifts(db: PrismaClient, options: RemindOptions = {}): Promise<RemindSummary> {
  const now = options.now ?? new Date();
  const limit = Math.max(1, Math.floor(options.limit ?? 100));
  const at = now.toISOString();
  const cleared = await queryRows<{ id: string }>(
    db,
    Prisma.sql`
    UPDATE "Gift" SET "nextReminderAt" = NULL
    WHERE "id" IN (
      SELECT "id" FROM "Gift"
      WHERE "nextReminderAt" <= ${at}::timestamp AND "stage" <> 'scheduled' AND NOT ("stage" = ANY(${awaiting}))
        ${options.giftId === undefined ? Prisma.empty : Prisma.sql`AND "id" = ${options.giftId}`}
      LIMIT ${limit}::int
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id"`,
  );
  const summary = { looked: 0, reminded: 0, cleared: cleared.length };
  // Batch after batch: each gift handled leaves the due set (its nextReminderAt moves on), so the
  // next batch is new work, until a short batch or one where every gift was another worker's.
  for (;;) {
    const due = await queryRows<{ id: string }>(
      db,
      Prisma.sql`
      SELECT "id" FROM "Gift"
      WHERE "nextReminderAt" <= ${at}::timestamp AND "stage" = ANY(${awaiting}) ${scope(options.giftId)}
      ORDER BY "nextReminderAt", "id"
      LIMIT ${limit}::int`,
    );
    let handled = 0;
    for (const { id } of due) {
      const outcome = await db.$transaction((tx) => remindOne(tx, id, now, options.afterClaim));
      if (outcome !== "skipped") handled++;
      if (outcome === "reminded") summary.reminded++;
    }
    summary.looked += due.length;
    if (due.length < limit || handled === 0 || options.stop?.()) return summary;
  }
}

/**
 * One gift's due reminder, in the caller's transaction: "reminded" if this call claimed and
 * queued it, "deferred" if it only noted when to look again, "skipped" if another worker holds
 * the gift or it is no longer due.
 */
async function remindOne(
  tx: Tx,
  giftId: string,
  now: Date,
  afterClaim: RemindOptions["afterClaim"],
): Promise<"reminded" | "deferred" | "skipped"> {
  const [gift] = await queryRows<DueGift>(
    tx,
    Prisma.sql`
    SELECT "id", "teamId", "senderId", "stage", "livemode", "email", "recipientName", "from", "reminders", "sentAt", "expiresOn", "timeZone", "remindersSent", "locale"
    FROM "Gift"
    WHERE "id" = ${giftId} AND "nextReminderAt" <= ${now.toISOString()}::timestamp AND "stage" = ANY(${awaiting}) AND "email" IS NOT NULL
    FOR UPDATE SKIP LOCKED`,
  );
  if (!gift) return "skipped"; // another worker holds it, or it was reminded or chosen meanwhile
  // The recipient stopped them (one-click unsubscribe), or the team suppressed the address
  // (a hard bounce, a complaint, an owner): no reminder, now or later.
  const stopped = await tx.gift.findUniqueOrThrow({ where: { id: gift.id }, select: { remindersStoppedAt: true } });
  if (stopped.remindersStoppedAt || (await isSuppressed(tx, suppressionScope(gift), gift.email))) {
    await tx.gift.updateMany({ where: { id: gift.id }, data: { nextReminderAt: null } });
    return "deferred";
  }
  const schedule = reminderSchedule(gift);
  const sent = gift.remindersSent;
  // Overdue reminders (workers were down) are not sent in a burst: only the latest due one goes.
  let last = sent - 1;
  while (last + 1 < schedule.length && schedule[last + 1] <= now) last++;
  const quietUntil = outsideQuietHours(now, gift.timeZone);
  const next = (index: number) => schedule[index] ?? null;
  if (last < sent || quietUntil > now) {
    // Nothing due yet (or a late run in the quiet hours): look again when it is.
    const later = quietUntil > now ? quietUntil : next(sent);
    await tx.gift.updateMany({ where: { id: gift.id, remindersSent: sent }, data: { nextReminderAt: later } });
    return "deferred";
  }
  const claimed = await tx.gift.updateMany({
    where: { id: gift.id, remindersSent: sent, stage: { in: [...AWAITING_CHOICE] } },
    data: { remindersSent: last + 1, nextReminderAt: next(last + 1) },
  });
  if (claimed.count === 0) return "skipped";
  await afterClaim?.(gift.id);
  const locale = emailLocale(gift.locale);
  await queueEmail(tx, {
    kind: "reminder",
    to: gift.email,
    giftId: gift.id,
    sandbox: !gift.livemode,
    props: {
      locale,
      recipientName: gift.recipientName,
      from: gift.from,
      chooseBy: gift.expiresOn ? longDate(gift.expiresOn, locale) : null,
    },
  });
  await recordGiftEvent(tx, {
    giftId: gift.id,
    stage: gift.stage,
    action: "reminded",
    message: `Reminder ${last + 1} of ${schedule.length}`,
    at: now,
  });
  return "reminded";
}
