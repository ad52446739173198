/** Money on the wire: a decimal string with two fraction digits ("25.00"). */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Every price and charge is in this currency (ISO 4217, upper case on the wire). */
export const CURRENCY = "USD";
