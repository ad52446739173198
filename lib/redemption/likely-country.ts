import { acceptedRegions, type Locale } from "@/lib/i18n";
import { SHIP_TO_COUNTRIES } from "./address-format";

// A language spoken mostly in one country we ship to; English and Arabic name none.
const COUNTRY_OF_LOCALE: Partial<Record<Locale, string>> = { es: "ES", fr: "FR", de: "DE", ja: "JP" };

/**
 * The country the address form starts on: the first region the browser's Accept-Language names
 * that we ship to, else the page language's own country, else none ("Choose a country…").
 * Only a starting point: the recipient changes it like any field.
 */
export function likelyCountry(locale: Locale, acceptLanguage: string | null | undefined): string {
  const ships = (code: string | undefined) => code !== undefined && SHIP_TO_COUNTRIES.some((c) => c.code === code);
  return (
    acceptedRegions(acceptLanguage).find(ships) ?? (ships(COUNTRY_OF_LOCALE[locale]) ? COUNTRY_OF_LOCALE[locale]! : "")
  );
}
