/** Money on the wire: a decimal string with two fraction digits ("25.00"). */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Every price and charge is in this currency (ISO 4217, upper case on the wire). */
export const CURRENCY = "USD";

/**
 * Money for people to read: formatMoney with thousands separators ("320,000.00"). Pages put the
 * currency sign in front; the wire (API, CSV export) keeps formatMoney's plain digits.
 */
export function displayMoney(cents: number): string {
  const [whole, fraction] = formatMoney(cents).split(".");
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ",")}.${fraction}`;
}
