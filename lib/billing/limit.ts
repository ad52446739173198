import type { FieldProblem } from "@/lib/errors";

const MAX_LIMIT_CENTS = 100_000_000; // $1,000,000.00

/** "500.00", "500", null (no limit) → cents; anything else is a problem at `pointer`. */
export function parseLimitCents(value: unknown, pointer: string, problems: FieldProblem[]): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^\d{1,7}(\.\d{1,2})?$/.test(text)) {
    problems.push({ detail: 'must be an amount like "500.00", or null for no limit', pointer, code: "invalid" });
    return undefined;
  }
  const [whole, fraction = ""] = text.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (cents > MAX_LIMIT_CENTS) {
    problems.push({ detail: "must be at most 1000000.00", pointer, code: "too_large" });
    return undefined;
  }
  return cents;
}
