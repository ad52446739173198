const UNITS: [unit: string, ms: number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

function amount(ms: number): string {
  for (const [unit, size] of UNITS) {
    const n = Math.floor(ms / size);
    if (n >= 1) return `${n} ${unit}${n === 1 ? "" : "s"}`;
  }
  return "";
}

/**
 * "3 minutes ago", "in 23 hours": whole units, rounded down (a token that expires in 23 h 59 min
 * says "in 23 hours", never more time than it has). Under a minute: "just now" / "in less than a minute".
 */
export function relativeTime(date: Date, now: Date): string {
  const diff = date.getTime() - now.getTime();
  const text = amount(Math.abs(diff));
  if (diff > 0) return text ? `in ${text}` : "in less than a minute";
  return text ? `${text} ago` : "just now";
}

/** The exact instant for a tooltip: "2026-11-24 01:02 UTC". */
export function utcMinute(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
