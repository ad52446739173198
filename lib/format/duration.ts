/**
 * ISO 8601 durations in days, hours and minutes (`P3D`, `PT12H`, `P1DT6H30M`, `P2W`), with a
 * leading `-` where the caller allows one. Years and months are refused: their length depends
 * on the date, and a reminder or a test clock must mean one amount of time.
 */
const DURATION = /^(-)?P(?:(\d{1,4})W|(?:(\d{1,4})D)?(?:T(?:(\d{1,5})H)?(?:(\d{1,6})M)?)?)$/;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export type Duration = { negative: boolean; ms: number };

/** The duration `text` names, or null when it isn't one of the forms above (or is zero). */
export function parseDuration(text: string): Duration | null {
  const match = DURATION.exec(text);
  if (!match || text.endsWith("P") || text.endsWith("T")) return null;
  const [, minus, weeks, days, hours, minutes] = match;
  const ms =
    Number(weeks ?? 0) * 7 * DAY_MS +
    Number(days ?? 0) * DAY_MS +
    Number(hours ?? 0) * HOUR_MS +
    Number(minutes ?? 0) * MINUTE_MS;
  return ms > 0 ? { negative: minus === "-", ms } : null;
}

const WEEK_MS = 7 * DAY_MS;
const UNITS: [number, string][] = [
  [DAY_MS, "day"],
  [HOUR_MS, "hour"],
  [MINUTE_MS, "minute"],
];

/**
 * A reminder's duration as people say it: `P3D` → "3 days after sending", `-P2D` → "2 days
 * before expiry", `P1DT6H` → "1 day 6 hours after sending"; text that is no duration, as itself.
 */
export function describeReminder(text: string): string {
  const duration = parseDuration(text);
  if (!duration) return text;
  let left = duration.ms;
  const parts: string[] = [];
  // Whole weeks from two on read as weeks ("2 weeks"); a week is "7 days", as reminders are said.
  if (left >= 2 * WEEK_MS && left % WEEK_MS === 0) {
    parts.push(`${left / WEEK_MS} weeks`);
    left = 0;
  }
  for (const [size, unit] of UNITS) {
    const count = Math.floor(left / size);
    if (count === 0) continue;
    parts.push(`${count} ${unit}${count === 1 ? "" : "s"}`);
    left -= count * size;
  }
  return `${parts.join(" ")} ${duration.negative ? "before expiry" : "after sending"}`;
}
