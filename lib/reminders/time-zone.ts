/**
 * IANA time zones and wall-clock arithmetic with Intl only (no dependency): what a zone's clock
 * shows at an instant, and the instant a wall-clock time happens, correct across DST changes.
 */
const NAME = /^[A-Za-z][A-Za-z0-9_+\-]*(?:\/[A-Za-z0-9_+\-]+){0,2}$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's canonical spelling (`europe/paris` → `Europe/Paris`), or null if it is no IANA zone. */
export function canonicalTimeZone(name: string): string | null {
  if (name.length > 64 || !NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** What a clock in `zone` shows at `at`. */
export function wallClock(at: Date, zone: string): WallClock {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(at)
      .filter((p) => p.type !== "literal")
      .map((p) => [p.type, Number(p.value)]),
  );
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

/** The zone's offset from UTC at `at`, in ms (east positive). */
function offsetMs(at: Date, zone: string): number {
  const w = wallClock(at, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant a clock in `zone` shows this wall-clock time (day overflow allowed: day 32 is the
 * next month's first). A time skipped by a DST change resolves to the instant after the jump.
 */
export function instantOf(zone: string, wall: Omit<WallClock, "second">): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  let guess = asUtc - offsetMs(new Date(asUtc), zone);
  // A second pass settles the offset on the other side of a DST change.
  guess = asUtc - offsetMs(new Date(guess), zone);
  return new Date(guess);
}
