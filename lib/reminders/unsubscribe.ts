import type { PrismaClient } from "@/lib/db";
import { recordGiftEvent } from "@/lib/gifts/events";
import type { Stage } from "@/lib/gifts/stages";
import { emailLocale, type Locale } from "@/lib/i18n";
import { giftOfUnsubscribeToken } from "@/lib/untie";

export type UnsubscribeOutcome = "stopped" | "already" | "unknown";

/**
 * One-click unsubscribe (RFC 8058) from a gift's reminders: the link's gift stops getting them
 * (`remindersStoppedAt`, no next reminder, a queued one is kept as suppressed when its turn comes)
 * and its timeline says so once (`gift.unsubscribed`). No sign-in: the link's HMAC is the proof.
 * "unknown": a forged or mangled link, or a gift that no longer exists.
 */
export async function stopReminders(db: PrismaClient, token: string, now = new Date()): Promise<UnsubscribeOutcome> {
  const giftId = giftOfUnsubscribeToken(token);
  if (!giftId) return "unknown";
  return db.$transaction(async (tx) => {
    const { count } = await tx.gift.updateMany({
      where: { id: giftId, remindersStoppedAt: null },
      data: { remindersStoppedAt: now, nextReminderAt: null },
    });
    const gift = await tx.gift.findUnique({ where: { id: giftId }, select: { stage: true } });
    if (!gift) return "unknown";
    if (count === 0) return "already";
    await recordGiftEvent(tx, {
      giftId,
      stage: gift.stage as Stage,
      action: "unsubscribed",
      message: "The recipient stopped this gift's reminders",
      at: now,
    });
    return "stopped";
  });
}

/** The language of an unsubscribe link's gift (the recipient's, as its emails speak); English for a link that is not one. */
export async function unsubscribeLocale(db: PrismaClient, token: string): Promise<Locale> {
  const giftId = giftOfUnsubscribeToken(token);
  if (!giftId) return "en";
  const gift = await db.gift.findUnique({ where: { id: giftId }, select: { locale: true } });
  return emailLocale(gift?.locale);
}
