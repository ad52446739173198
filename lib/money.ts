import { localPrice } from "@/lib/format/locale";

/** Money on the wire: a decimal string with two fraction digits ("25.00"). */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Every price and charge is in this currency (ISO 4217, upper case on the wire). */
export const CURRENCY = "USD";

/**
 * Money for the people who send gifts to read, as every page and sender email says it: Intl's
 * currency format in English ("$320,000.00", "-$5.00"), the same helper that formats a
 * recipient's page in their language (localPrice). The wire (API, CSV export) keeps
 * formatMoney's plain digits.
 */
export const displayMoney = (cents: number): string => localPrice(cents, CURRENCY, "en");
