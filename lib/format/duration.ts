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
