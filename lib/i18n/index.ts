// The recipient's language: locales, how one is chosen, and the message catalogues (lib/i18n/messages).
export { DEFAULT_LOCALE, LANGUAGE_NAMES, LOCALE_COOKIE, LOCALES, direction, isLocale, type Locale } from "./locales";
export { acceptedLocales, acceptedRegions } from "./accept-language";
export { emailLocale, resolveLocale, type LocaleSources } from "./resolve";
export { CATALOGUES, clientMessages, translator, type Messages, type Namespace, type Translator } from "./catalogue";
