/** The languages the recipient's pages and emails speak. English is the fallback for everything. */
export const LOCALES = ["en", "es", "fr", "de", "ja", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** Each language by its own name, for the switcher (a reader looks for their own language's name). */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  ja: "日本語",
  ar: "العربية",
};

export const direction = (locale: Locale): "ltr" | "rtl" => (locale === "ar" ? "rtl" : "ltr");

/** The recipient's own choice on the untie page (lib/i18n/resolve.ts): a preference of the browser, never the gift's. */
export const LOCALE_COOKIE = "ribbon_locale";
