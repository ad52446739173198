import ISO_CODES from "i18n-iso-countries/codes.json";
import type { Locale } from "@/lib/i18n/locales";
import { countryNameIn } from "./locale";

/**
 * The countries and territories Ribbon knows: ISO 3166-1 alpha-2 codes as the
 * `i18n-iso-countries` package lists them (its codes.json: the officially assigned elements,
 * plus XK for Kosovo, which the EU and Intl also use). The one list: products' `shipsTo`, the
 * gift's `recipient_country`, the untie page's country choices and the address's country are
 * all checked here. Names come from Intl (`countryNameIn` in ./locale), never from a list of ours.
 */
export const COUNTRY_CODES: readonly string[] = (ISO_CODES as string[][]).map(([alpha2]) => alpha2).sort();

const KNOWN = new Set(COUNTRY_CODES);

/** An ISO 3166-1 alpha-2 code as Ribbon stores it: two capital letters, one of COUNTRY_CODES. */
export const isCountryCode = (value: unknown): value is string => typeof value === "string" && KNOWN.has(value);

/** A code as a person may type it ("br", " BR "): the stored form, or null when it is no country. */
export function countryCodeOf(value: string): string | null {
  const code = value.trim().toUpperCase();
  return isCountryCode(code) ? code : null;
}

const choicesByLocale = new Map<Locale, { code: string; name: string }[]>();
/** Every country named in the locale (Intl.DisplayNames) and ordered as the locale sorts names: a select's options. */
export function countryChoicesIn(locale: Locale): { code: string; name: string }[] {
  let choices = choicesByLocale.get(locale);
  if (!choices) {
    const collator = new Intl.Collator(locale);
    choices = COUNTRY_CODES.map((code) => ({ code, name: countryNameIn(code, locale) })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
    choicesByLocale.set(locale, choices);
  }
  return choices;
}
