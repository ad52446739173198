import type { Locale } from "@/lib/i18n/locales";
import { ar } from "./ar";
import { de } from "./de";
import { es } from "./es";
import { fr } from "./fr";
import { ja } from "./ja";
import type { CatalogueTranslation } from "./types";

export type { CatalogueTranslation };

/**
 * The catalogue's words in every shipped language but English (the seed's own words,
 * lib/catalogue/seed-data.ts and charities there). Read them through `catalogueIn`
 * (lib/catalogue/localized.ts); translations.test.ts fails when one lacks a text.
 */
export const CATALOGUE_TRANSLATIONS: Record<Exclude<Locale, "en">, CatalogueTranslation> = { de, es, fr, ja, ar };
