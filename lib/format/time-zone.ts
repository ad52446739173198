import { timeZonesNames } from "@vvo/tzdb";

/**
 * IANA time zones with Intl: which names are zones, what a zone's clock shows at an instant, and
 * the instant a wall-clock time names there, across DST changes. The one home of zone
 * arithmetic: the gift's `time_zone` (reminders' quiet hours) and the dashboard's "send at" in
 * the sender's zone both use it. Names are today's IANA names (@vvo/tzdb's list), never the
 * older ones ICU still answers with (`Asia/Calcutta` for `Asia/Kolkata`, `Europe/Kiev`).
 */

/** A `datetime-local` value: a wall-clock time with no zone (seconds optional). */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
/** An IANA name ("Europe/London", "America/Argentina/Buenos_Aires", "UTC", "Etc/GMT+5"); never an offset. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;
const MAX_ZONE_LENGTH = 64;
const DAY_MS = 86_400_000;

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The runtime's clock for `zone`, or null when it doesn't know the zone. */
function clockOf(zone: string): Intl.DateTimeFormat | null {
  if (zone.length > MAX_ZONE_LENGTH || !ZONE_NAME.test(zone)) return null;
  const known = clocks.get(zone);
  if (known) return known;
  let clock: Intl.DateTimeFormat;
  try {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
  } catch {
    return null; // RangeError: not a time zone
  }
  if (clocks.size < 1_000) clocks.set(zone, clock);
  return clock;
}

/** Whether `zone` is an IANA time zone name the server knows (a forged value, an offset or a path is not). */
export const isTimeZone = (zone: string): boolean => clockOf(zone) !== null;

let renamed: Map<string, string> | undefined;

/** ICU's name of a zone → today's IANA name, where they differ (Asia/Calcutta → Asia/Kolkata): 19 zones. */
function todaysName(icuName: string): string {
  renamed ??= new Map(
    timeZonesNames.flatMap((name) => {
      const icu = clockOf(name)?.resolvedOptions().timeZone;
      return icu && icu !== name ? [[icu, name] as const] : [];
    }),
  );
  return renamed.get(icuName) ?? icuName;
}

/**
 * The zone's canonical spelling, today's IANA name (`europe/paris` → `Europe/Paris`,
 * `Asia/Calcutta` → `Asia/Kolkata`), or null if it is no IANA zone.
 */
export function canonicalTimeZone(name: string): string | null {
  const icu = clockOf(name)?.resolvedOptions().timeZone;
  return icu ? todaysName(icu) : null;
}

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function partsAt(clock: Intl.DateTimeFormat, instant: number): WallClock {
  const part = Object.fromEntries(
    clock
      .formatToParts(instant)
      .filter((p) => p.type !== "literal")
      .map((p) => [p.type, Number(p.value)]),
  );
  return {
    year: part.year,
    month: part.month,
    day: part.day,
    hour: part.hour,
    minute: part.minute,
    second: part.second,
  };
}

function knownClock(zone: string): Intl.DateTimeFormat {
  const clock = clockOf(zone);
  if (!clock) throw new RangeError(`Not a time zone: ${zone.slice(0, 64)}`);
  return clock;
}

/** What a clock in `zone` (a known zone) shows at `at`. */
export const wallClock = (at: Date, zone: string): WallClock => partsAt(knownClock(zone), at.getTime());

/** How far the clock is ahead of UTC at `instant` (ms, whole seconds). */
function offsetAt(clock: Intl.DateTimeFormat, instant: number): number {
  const at = Math.floor(instant / 1000) * 1000;
  const w = partsAt(clock, at);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - at;
}

/**
 * The instant a wall-clock time (as UTC milliseconds of its fields) names on `clock`. A time
 * that happens twice (the hour the clocks go back) is the first; a time that never happens (the
 * hour they skip) is moved forward by the skipped length (02:30 on a spring-forward night in New
 * York is 03:30 EDT), as JavaScript's Temporal does by default.
 */
function instantAt(clock: Intl.DateTimeFormat, wall: number): Date {
  // No zone changes its offset twice within two days: the offsets a day either side are the candidates.
  const before = offsetAt(clock, wall - DAY_MS);
  const after = offsetAt(clock, wall + DAY_MS);
  const candidates = [wall - before, wall - after].filter((t) => offsetAt(clock, t) === wall - t);
  return new Date(candidates.length > 0 ? Math.min(...candidates) : wall - before);
}

/** The instant a clock in `zone` (a known zone) shows this wall-clock time (day overflow allowed: day 32 is the next month's first). */
export function instantOf(zone: string, wall: Omit<WallClock, "second">): Date {
  return instantAt(knownClock(zone), Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute));
}

/**
 * The instant a `datetime-local` value names in `zone` (DST as instantAt decides). Null when
 * `local` is not a real `YYYY-MM-DDTHH:MM[:SS]` or the zone is unknown.
 */
export function instantInZone(local: string, zone: string): Date | null {
  const clock = clockOf(zone);
  const match = LOCAL_TIME.exec(local);
  if (!clock || !match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  const real = check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
  if (!real || hour > 23 || minute > 59 || second > 59) return null;
  return instantAt(clock, wall);
}

const READ_AS: Intl.DateTimeFormatOptions = {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
};
const readers = new Map<string, Intl.DateTimeFormat>();

/**
 * A formatter per zone and precision, made once: `Date.toLocaleString` with options builds a new
 * Intl.DateTimeFormat on every call, which was a tenth of the dashboard's server CPU (four
 * instants a row). An unknown zone throws RangeError, as toLocaleString did.
 */
function readerOf(zone: string, seconds: boolean): Intl.DateTimeFormat {
  const key = `${seconds ? "s" : "m"}${zone}`;
  const known = readers.get(key);
  if (known) return known;
  const reader = new Intl.DateTimeFormat("en-GB", {
    ...READ_AS,
    timeZone: zone,
    ...(seconds ? { second: "2-digit" as const } : {}),
  });
  if (readers.size < 1_000) readers.set(key, reader);
  return reader;
}

/** An instant as a person in `zone` reads it, the zone named: "Mon, 9 Mar 2026, 09:00 America/New_York". */
export function formatInZone(instant: Date, zone: string): string {
  return `${readerOf(zone, false).format(instant)} ${zone}`;
}

/** The same to the second, for a title or tooltip: "Mon, 9 Mar 2026, 09:00:07 America/New_York". */
export function formatInZoneToSecond(instant: Date, zone: string): string {
  return `${readerOf(zone, true).format(instant)} ${zone}`;
}

const dayReader = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** A calendar date (stored as UTC midnight) as the pages say it beside formatInZone's instants: "Sun, 30 Jun 2030". */
export const formatDay = (date: Date): string => dayReader.format(date);
