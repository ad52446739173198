import { acceptedLocales } from "./accept-language";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

export type LocaleSources = {
  /** The language the recipient picked on the page (the cookie): their word beats every guess. */
  chosen?: string | null;
  /** The gift's `locale`, set by the sender. */
  gift?: string | null;
  /** The browser's Accept-Language header. */
  acceptLanguage?: string | null;
};

/** The untie page's language: the recipient's own choice, else the gift's, else the browser's, else English. */
export function resolveLocale({ chosen, gift, acceptLanguage }: LocaleSources): Locale {
  if (isLocale(chosen)) return chosen;
  if (isLocale(gift)) return gift;
  return acceptedLocales(acceptLanguage)[0] ?? DEFAULT_LOCALE;
}

/** An email's language: the gift's, else English (there is no browser to ask). */
export const emailLocale = (gift: string | null | undefined): Locale => (isLocale(gift) ? gift : DEFAULT_LOCALE);
