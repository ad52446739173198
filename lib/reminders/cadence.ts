import { DAY_MS, parseDuration } from "@/lib/format/duration";
import { instantOf, wallClock } from "@/lib/format/time-zone";

// A cadence as a request gives it is checked by lib/gifts/reminder-cadence.ts (the gift's fields use it).

/** No reminder is sent from this hour until QUIET_UNTIL_HOUR in the recipient's zone. */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;

/** The instant a gift expires: the end (UTC) of its `expiresOn` day (lib/delivery expireGifts). */
export const expiryInstant = (expiresOn: Date) => new Date(expiresOn.getTime() + DAY_MS);

/**
 * `at`, or 08:00 local if `at` falls in the quiet hours (21:00–08:00) of `zone`: the same
 * morning when it is after midnight, the next morning when before. DST-correct (Intl).
 */
export function outsideQuietHours(at: Date, zone: string | null): Date {
  if (!zone) return at;
  const local = wallClock(at, zone);
  if (local.hour >= QUIET_UNTIL_HOUR && local.hour < QUIET_FROM_HOUR) return at;
  const day = local.hour >= QUIET_FROM_HOUR ? local.day + 1 : local.day;
  return instantOf(zone, { year: local.year, month: local.month, day, hour: QUIET_UNTIL_HOUR, minute: 0 });
}

export type ReminderGift = {
  reminders: string[];
  sentAt: Date | null;
  expiresOn: Date | null;
  timeZone: string | null;
};

/**
 * When each reminder of a sent gift goes out, in order: every entry of its cadence measured from
 * the send (or back from the expiry), moved out of the quiet hours, keeping only those after the
 * send and before the expiry; two landing on one instant are one reminder. Empty before sending.
 */
export function reminderSchedule(gift: ReminderGift): Date[] {
  if (!gift.sentAt) return [];
  const sent = gift.sentAt.getTime();
  const expiry = gift.expiresOn ? expiryInstant(gift.expiresOn).getTime() : Infinity;
  const times = new Set<number>();
  for (const entry of gift.reminders) {
    const duration = parseDuration(entry);
    if (!duration) continue;
    if (duration.negative && expiry === Infinity) continue;
    const at = duration.negative ? expiry - duration.ms : sent + duration.ms;
    const when = outsideQuietHours(new Date(at), gift.timeZone).getTime();
    if (when > sent && when < expiry) times.add(when);
  }
  return [...times].sort((a, b) => a - b).map((t) => new Date(t));
}
