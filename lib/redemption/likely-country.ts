import { acceptedRegions, type Locale } from "@/lib/i18n";
import { isCountryCode } from "@/lib/format/countries";

// A language spoken mostly in one country; English and Arabic name none.
const COUNTRY_OF_LOCALE: Partial<Record<Locale, string>> = { es: "ES", fr: "FR", de: "DE", ja: "JP" };

/**
 * The country the untie page starts on when the sender named none: the first region the
 * browser's Accept-Language names (`pt-BR` → BR, any ISO 3166-1 country), else the page
 * language's own country, else none ("Choose a country…"). Only a starting point: the recipient
 * changes it like any field.
 */
export function likelyCountry(locale: Locale, acceptLanguage: string | null | undefined): string {
  return acceptedRegions(acceptLanguage).find(isCountryCode) ?? COUNTRY_OF_LOCALE[locale] ?? "";
}
