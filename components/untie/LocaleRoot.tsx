import type { ReactNode } from "react";
import { direction, LANGUAGE_NAMES, LOCALES, type Locale } from "@/lib/i18n/locales";

type Props = {
  locale: Locale;
  /** The switcher's name ("Language", "Idioma"…), in the page's language. */
  label: string;
  /** Remembers the chosen language (a server action); the page then shows itself again in it. */
  choose: (form: FormData) => Promise<void>;
  children: ReactNode;
};

/**
 * The root of every untie page: its language and direction (`ar` lays out right to left:
 * the pages use start/end, never left/right), and the language switcher, a form of one button
 * per language, each named in its own language. Works by keyboard and without JavaScript.
 */
export function LocaleRoot({ locale, label, choose, children }: Props) {
  return (
    <div lang={locale} dir={direction(locale)} data-testid="untie-root">
      <nav aria-label={label} className="mx-auto flex max-w-4xl justify-end px-4 pt-4 sm:px-6">
        <form action={choose} className="flex flex-wrap justify-end gap-1 text-sm" data-testid="language-switcher">
          {LOCALES.map((l) => (
            <button
              key={l}
              type="submit"
              name="locale"
              value={l}
              lang={l}
              aria-pressed={l === locale}
              className="rounded-full px-3 py-1 text-stone-700 underline-offset-4 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-rose-800 aria-pressed:bg-rose-800 aria-pressed:font-semibold aria-pressed:text-white"
            >
              {LANGUAGE_NAMES[l]}
            </button>
          ))}
        </form>
      </nav>
      {children}
    </div>
  );
}
