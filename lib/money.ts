import { convert, dinero, halfEven, toSnapshot, transformScale, type DineroCurrency } from "dinero.js/bigint";
import * as ISO_4217 from "dinero.js/bigint/currencies";
import { localPrice } from "@/lib/format/locale";
import type { Locale } from "@/lib/i18n/locales";

/**
 * Money, in one place: amounts are integers of a currency's minor units (cents, yen, fils) with
 * their ISO 4217 code beside them; the currency table (code → minor digits) is dinero.js's
 * ISO 4217 data; conversion and its rounding are dinero.js's, on bigints (never floats). The
 * rounding rule, everywhere: half to even (banker's rounding) to the target currency's minor
 * unit, once, at the end of a conversion. docs/international.md, "Money in any currency".
 */

/** Ribbon's first currency: a team's and a collection's unless they say otherwise. */
export const CURRENCY = "USD";

const TABLE: Record<string, DineroCurrency<bigint>> = Object.fromEntries(
  Object.values(ISO_4217).map((c) => [c.code, c as DineroCurrency<bigint>]),
);

/** An ISO 4217 code Ribbon knows (upper case), or null: "eur" → "EUR", "XYZ" → null. */
export function currencyCode(value: unknown): string | null {
  if (typeof value !== "string" || value.length !== 3) return null;
  const code = value.toUpperCase();
  return Object.hasOwn(TABLE, code) ? code : null;
}

function currencyOf(code: string): DineroCurrency<bigint> {
  const known = currencyCode(code);
  if (!known) throw new Error(`Unknown currency ${JSON.stringify(code)} (ISO 4217)`);
  return TABLE[known];
}

/** How many digits a currency's minor unit has: USD 2, JPY 0, KWD 3. */
export const minorDigits = (code: string): number => Number(currencyOf(code).exponent);

/**
 * Money on the wire: a decimal string with the currency's own minor digits ("25.00" in USD or
 * EUR, "2500" in JPY, "1.250" in KWD), always with a `currency` beside it. USD when no
 * currency is given, as every amount was before there were others.
 */
export function formatMoney(minor: number, currency: string = CURRENCY): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`formatMoney: ${minor} is not an integer of minor units`);
  const digits = minorDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const abs = String(Math.abs(minor)).padStart(digits + 1, "0");
  return digits === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/**
 * An amount people type, in a currency: a decimal string (or number) with at most the currency's
 * minor digits ("500", "500.5", "500.00" in USD; "5000" in JPY) → minor units; null for anything
 * else (signs, exponents, more digits than the currency has, more than 9 whole digits).
 */
export function parseMoney(value: unknown, currency: string = CURRENCY): number | null {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== "string") return null;
  const digits = minorDigits(currency);
  const m = /^(\d{1,9})(?:\.(\d+))?$/.exec(text);
  if (!m || (m[2] ?? "").length > digits) return null;
  return Number(m[1]) * 10 ** digits + Number((m[2] ?? "").padEnd(digits, "0") || "0");
}

/**
 * Money for the people who send gifts to read, as every page and sender email says it: Intl's
 * currency format in the reader's locale (English by default: "$320,000.00", "-$5.00",
 * "¥2,500"), the same helper that formats a recipient's page in their language (localPrice).
 * The wire (API, CSV export) keeps formatMoney's plain digits.
 */
export const displayMoney = (minor: number, currency: string = CURRENCY, locale: Locale = "en"): string =>
  localPrice(minor, currency, locale, minorDigits(currency));

/** An exchange rate as an exact decimal: `amount` × 10^-`scale` units of the target per unit of the source. */
export type Rate = { amount: bigint; scale: number };

const RATE = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

/** "1.0163" → { amount: 10163n, scale: 4 }; null for anything else (signs, exponents, zero, > 12 digits a side). */
export function parseRate(value: unknown): Rate | null {
  if (typeof value !== "string") return null;
  const m = RATE.exec(value.trim());
  if (!m) return null;
  const fraction = m[2] ?? "";
  const amount = BigInt(m[1] + fraction);
  if (amount <= 0n) return null;
  return { amount, scale: fraction.length };
}

/** A rate as its decimal string, trailing zeros kept to its scale: { 10163n, 4 } → "1.0163". */
export function rateString(rate: Rate): string {
  const digits = rate.amount.toString().padStart(rate.scale + 1, "0");
  return rate.scale === 0 ? digits : `${digits.slice(0, -rate.scale)}.${digits.slice(-rate.scale)}`;
}

/** The one rate that changes nothing (a currency to itself). */
export const UNIT_RATE: Rate = { amount: 1n, scale: 0 };

/** The digits a cross rate keeps (half to even): 10, more than any published reference rate has. */
export const CROSS_RATE_SCALE = 10;

/** Integer division rounded half to even (d > 0). */
function divideHalfEven(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  const twice = 2n * r;
  if (twice > d || (twice === d && q % 2n !== 0n)) return q + 1n;
  return q;
}

/**
 * A cross rate through a common base: from → to when both are quoted against it (the ECB quotes
 * every currency per euro, so USD → JPY = JPY per EUR ÷ USD per EUR), to CROSS_RATE_SCALE digits,
 * half to even. A rate against the base itself is UNIT_RATE.
 */
export function crossRate(fromPerBase: Rate, toPerBase: Rate): Rate {
  if (fromPerBase.amount === toPerBase.amount && fromPerBase.scale === toPerBase.scale) return UNIT_RATE;
  // (to.amount / 10^to.scale) / (from.amount / 10^from.scale) × 10^S
  const n = toPerBase.amount * 10n ** BigInt(fromPerBase.scale + CROSS_RATE_SCALE);
  const d = fromPerBase.amount * 10n ** BigInt(toPerBase.scale);
  return { amount: divideHalfEven(n, d), scale: CROSS_RATE_SCALE };
}

/**
 * Minor units of one currency in another at `rate` (dinero.js's convert), rounded half to even
 * to the target's minor unit: 4000 USD cents at 0.9839614248 → 3936 EUR cents.
 */
export function convertMinor(minor: number, from: string, to: string, rate: Rate): number {
  if (!Number.isSafeInteger(minor)) throw new Error(`convertMinor: ${minor} is not an integer of minor units`);
  const source = currencyOf(from);
  const target = currencyOf(to);
  if (source.code === target.code && rate === UNIT_RATE) return minor;
  const converted = convert(dinero({ amount: BigInt(minor), currency: source }), target, {
    [target.code]: { amount: rate.amount, scale: BigInt(rate.scale) },
  });
  const amount = toSnapshot(transformScale(converted, target.exponent, halfEven)).amount;
  const result = Number(amount);
  if (!Number.isSafeInteger(result)) throw new Error(`convertMinor: ${amount} ${to} is out of range`);
  return result;
}

/** `minor` × `rate` in the same currency, half to even to its minor unit: a duty or a tax on an amount. */
export function applyRate(minor: number, rate: Rate): number {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new Error(`applyRate: ${minor} is not a non-negative integer`);
  return Number(divideHalfEven(BigInt(minor) * rate.amount, 10n ** BigInt(rate.scale)));
}

/**
 * A tax levied on a base that includes the tax itself ("por dentro", as Brazil's ICMS):
 * `minor` × r / (1 − r), half to even. A rate of 1 or more has no such tax.
 */
export function applyRateInclusive(minor: number, rate: Rate): number {
  if (!Number.isSafeInteger(minor) || minor < 0)
    throw new Error(`applyRateInclusive: ${minor} is not a non-negative integer`);
  const one = 10n ** BigInt(rate.scale);
  if (rate.amount >= one) throw new Error(`applyRateInclusive: ${rateString(rate)} is not below 1`);
  return Number(divideHalfEven(BigInt(minor) * rate.amount, one - rate.amount));
}
