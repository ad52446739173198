import type { ReactNode } from "react";
import { direction, LANGUAGE_NAMES, LOCALES, type Locale } from "@/lib/i18n/locales";

type Props = {
  locale: Locale;
  /** The switcher's words in the page's language: its name ("Language", "Idioma"…) and its button ("Change"). */
  label: string;
  change: string;
  /** Remembers the chosen language (a server action); the page then shows itself again in it. */
  choose: (form: FormData) => Promise<void>;
  children: ReactNode;
};

/**
 * The frame of every untie page: its language and direction (the document's <html lang dir> says
 * the same, app/layout.tsx; `ar` lays out right to left: the pages use start/end, never
 * left/right), and the language switcher: a select of the languages, each named in its own
 * language, and one button. One row down to 320 px; works by keyboard and without JavaScript.
 */
export function LocaleRoot({ locale, label, change, choose, children }: Props) {
  return (
    <div lang={locale} dir={direction(locale)} data-testid="untie-root">
      <nav aria-label={label} className="mx-auto flex max-w-4xl justify-end px-4 pt-3 sm:px-6">
        <form action={choose} className="flex items-center gap-2 text-sm" data-testid="language-switcher">
          <label htmlFor="language" className="sr-only">
            {label}
          </label>
          <select
            key={locale}
            id="language"
            name="locale"
            defaultValue={locale}
            className="rounded-lg border border-stone-400 bg-white py-1 pe-7 ps-2 text-sm focus:outline-none focus:ring-2 focus:ring-rose-700"
          >
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
          <button
            type="submit"
            className="rounded-full px-3 py-1 font-semibold text-rose-800 underline underline-offset-4 hover:bg-stone-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-rose-800"
          >
            {change}
          </button>
        </form>
      </nav>
      {children}
    </div>
  );
}
