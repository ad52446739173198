import type { FieldProblem } from "@/lib/errors";
import { formatMoney, minorDigits, parseMoney } from "@/lib/money";

const MAX_LIMIT_MINOR = 100_000_000; // $1,000,000.00; ¥100,000,000

/**
 * "500.00", "500", null (no limit) → minor units of the team's currency (USD: cents; JPY: yen,
 * no fraction); anything else is a problem at `pointer`.
 */
export function parseLimitCents(
  value: unknown,
  pointer: string,
  problems: FieldProblem[],
  currency = "USD",
): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const minor = parseMoney(value, currency);
  if (minor === null) {
    const example = formatMoney(500 * 10 ** minorDigits(currency), currency);
    problems.push({
      detail: `must be an amount ${currency === "USD" ? "" : `in ${currency} `}like "${example}", or null for no limit`,
      pointer,
      code: "invalid",
    });
    return undefined;
  }
  if (minor > MAX_LIMIT_MINOR) {
    problems.push({ detail: `must be at most ${formatMoney(MAX_LIMIT_MINOR, currency)}`, pointer, code: "too_large" });
    return undefined;
  }
  return minor;
}
