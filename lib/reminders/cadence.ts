import { DAY_MS, parseDuration } from "./duration";
import { instantOf, wallClock } from "@/lib/format/time-zone";

/** Most reminders one gift (or a team's default) may have. */
export const MAX_REMINDERS = 16;
/** The shortest and longest offset a reminder may have (after sending, or before expiry). */
export const MIN_REMINDER_MS = 60 * 60_000;
export const MAX_REMINDER_MS = 365 * DAY_MS;
/** No reminder is sent from this hour until QUIET_UNTIL_HOUR in the recipient's zone. */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;

export type CadenceProblem = { detail: string; code: string; index?: number };

/**
 * A list of reminders as a request gives it: `["P3D", "P7D", "-P2D"]` (ISO 8601 durations after
 * the gift email was sent; a leading `-` counts back from the expiry). Returns the list as given
 * (trimmed) or every problem, each at its element. An empty list means no reminders.
 */
export function checkCadence(value: unknown, label = "Reminders"): { cadence?: string[]; problems: CadenceProblem[] } {
  if (!Array.isArray(value))
    return {
      problems: [
        { detail: `${label} must be an array of ISO 8601 durations like "P3D" or "-P2D"`, code: "not_an_array" },
      ],
    };
  if (value.length > MAX_REMINDERS)
    return {
      problems: [{ detail: `${label} has too many entries (maximum is ${MAX_REMINDERS})`, code: "too_many_reminders" }],
    };
  const problems: CadenceProblem[] = [];
  const seen = new Set<string>();
  const cadence: string[] = [];
  value.forEach((item, index) => {
    const text = typeof item === "string" ? item.trim().toUpperCase() : null;
    const duration = text !== null && text.length <= 20 ? parseDuration(text) : null;
    if (!duration) {
      problems.push({
        detail: `${label} entries must be ISO 8601 durations in weeks, days, hours or minutes ("P3D", "PT12H", "-P2D" for 2 days before expiry)`,
        code: "invalid_duration",
        index,
      });
      return;
    }
    if (duration.ms < MIN_REMINDER_MS || duration.ms > MAX_REMINDER_MS) {
      problems.push({ detail: `${label} entries must be between 1 hour and 365 days`, code: "out_of_range", index });
      return;
    }
    const key = `${duration.negative ? "-" : "+"}${duration.ms}`;
    if (seen.has(key)) {
      problems.push({ detail: `${label} has the same reminder twice`, code: "duplicate_reminder", index });
      return;
    }
    seen.add(key);
    cadence.push(text!);
  });
  return problems.length > 0 ? { problems } : { cadence, problems };
}

/** Whether the cadence counts back from an expiry (a gift without one can't have such a reminder). */
export const countsFromExpiry = (entry: string) => entry.startsWith("-");

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
