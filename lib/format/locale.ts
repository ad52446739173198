import { isLocale, type Locale } from "@/lib/i18n/locales";

/**
 * Dates, prices and place names in the recipient's language (Intl). Dates are calendar days
 * stored at UTC midnight (`expiresOn`) or instants shown as their UTC day, so the zone is UTC.
 */

// Formatters are kept per locale (and currency) for the process: making one costs far more than
// formatting with it, and the recipient's page and the emails format on every render. Only the
// site's locales are kept, and at most 64 formatters, so whatever reaches here the map stays small.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function formatter<F extends Intl.DateTimeFormat | Intl.NumberFormat>(locale: Locale, key: string, make: () => F): F {
  if (!isLocale(locale)) return make();
  let f = formatters.get(key) as F | undefined;
  if (!f) {
    f = make();
    if (formatters.size < 64) formatters.set(key, f);
  }
  return f;
}

/** "15 January 2027", "15 de enero de 2027", "2027年1月15日", "١٥ يناير ٢٠٢٧". */
export const longDate = (date: Date, locale: Locale): string =>
  formatter(
    locale,
    `date ${locale}`,
    () => new Intl.DateTimeFormat(locale === "en" ? "en-GB" : locale, { dateStyle: "long", timeZone: "UTC" }),
  ).format(date);

/**
 * "$25.00", "25,00 $US", "25,00 $", "$25.00", "٢٥٫٠٠ US$": minor units of a currency, `digits`
 * of them to the major unit (lib/money.ts's `minorDigits`: 2 for USD, 0 for JPY).
 */
export const localPrice = (minor: number, currency: string, locale: Locale, digits = 2): string => {
  // A currency code that Intl refuses still throws here, as it did, and is never kept.
  return formatter(
    locale,
    `price ${locale} ${currency}`,
    () => new Intl.NumberFormat(locale, { style: "currency", currency }),
  ).format(minor / 10 ** digits);
};

/** "1,234", "1.234", "١٬٢٣٤". */
export const localNumber = (n: number, locale: Locale): string =>
  formatter(locale, `number ${locale}`, () => new Intl.NumberFormat(locale)).format(n);

/** A country's name in the locale ("Germany", "Alemania", "ドイツ"); the code when Intl doesn't know it. */
export function countryNameIn(code: string, locale: Locale): string {
  try {
    return regionNames(locale).of(code) ?? code;
  } catch {
    return code;
  }
}

// One formatter a locale: making one costs far more than naming a country with it (a form lists ~200).
const regionNamesByLocale = new Map<Locale, Intl.DisplayNames>();
function regionNames(locale: Locale): Intl.DisplayNames {
  let names = regionNamesByLocale.get(locale);
  if (!names)
    regionNamesByLocale.set(locale, (names = new Intl.DisplayNames([locale], { type: "region", fallback: "code" })));
  return names;
}
