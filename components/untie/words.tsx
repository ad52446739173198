"use client";

import { createTranslator } from "next-intl";
import { createContext, useContext, type ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import type en from "@/lib/i18n/messages/en.json";

type Messages = typeof en;
type Namespace = keyof Messages;
type Words = { locale: Locale; messages: Partial<Messages> };

const WordsContext = createContext<Words | null>(null);

/**
 * The untie forms' language and messages (only their namespaces travel to the browser). In
 * place of next-intl's client provider, whose every render makes a new cache and so parsed each
 * message the forms say again on every request's server render.
 */
export function WordsProvider({ locale, messages, children }: Words & { children: ReactNode }) {
  return <WordsContext value={{ locale, messages }}>{children}</WordsContext>;
}

const newTranslator = <N extends Namespace>(locale: Locale, messages: Partial<Messages>, namespace?: N) =>
  createTranslator({ locale, messages: messages as Messages, namespace, timeZone: "UTC" });

// One translator per locale and namespace for the module's life (the server process, or the
// page in the browser): a translator keeps each message parsed once said. A locale's messages are
// the build's catalogue, the same on every request, so the first request's serve the rest.
const translators = new Map<string, unknown>();

function useWords(): Words {
  const words = useContext(WordsContext);
  if (!words) throw new Error("The untie forms need a WordsProvider above them.");
  return words;
}

/** next-intl's translator for one namespace (or, without one, every namespace the provider carries). */
export function useTranslations<N extends Namespace>(namespace?: N): ReturnType<typeof newTranslator<N>> {
  const { locale, messages } = useWords();
  const key = `${locale}\u0000${namespace ?? ""}`;
  let t = translators.get(key) as ReturnType<typeof newTranslator<N>> | undefined;
  if (!t) translators.set(key, (t = newTranslator(locale, messages, namespace)));
  return t;
}

export const useLocale = (): Locale => useWords().locale;
