import type { Locale } from "@/lib/i18n/locales";

/**
 * Dates, prices and place names in the recipient's language (Intl). Dates are calendar days
 * stored at UTC midnight (`expiresOn`) or instants shown as their UTC day, so the zone is UTC.
 */

/** "15 January 2027", "15 de enero de 2027", "2027年1月15日", "١٥ يناير ٢٠٢٧". */
export const longDate = (date: Date, locale: Locale): string =>
  new Intl.DateTimeFormat(locale === "en" ? "en-GB" : locale, { dateStyle: "long", timeZone: "UTC" }).format(date);

/** "$25.00", "25,00 $US", "25,00 $", "$25.00", "٢٥٫٠٠ US$": cents of a currency. */
export const localPrice = (cents: number, currency: string, locale: Locale): string =>
  new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 100);

/** "1,234", "1.234", "١٬٢٣٤". */
export const localNumber = (n: number, locale: Locale): string => new Intl.NumberFormat(locale).format(n);

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
