// A reminder cadence as a request gives it (a gift's own `reminders`, or a team's default): the
// gift's fields check it, so it lives with them; lib/reminders schedules and sends the reminders.
import { DAY_MS, parseDuration } from "@/lib/format/duration";

/** Most reminders one gift (or a team's default) may have. */
export const MAX_REMINDERS = 16;
/** The shortest and longest offset a reminder may have (after sending, or before expiry). */
export const MIN_REMINDER_MS = 60 * 60_000;
export const MAX_REMINDER_MS = 365 * DAY_MS;

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
