import { createTranslator } from "next-intl";
import ar from "./messages/ar.json";
import de from "./messages/de.json";
import en from "./messages/en.json";
import es from "./messages/es.json";
import fr from "./messages/fr.json";
import ja from "./messages/ja.json";
import type { Locale } from "./locales";

/** Every string of the recipient's pages and emails: one catalogue per locale, English the reference. */
export type Messages = typeof en;
export type Namespace = keyof Messages;

// The completeness test (catalogue.test.ts) holds every locale to English's keys and placeholders.
export const CATALOGUES: Record<Locale, Messages> = { en, es, fr, de, ja, ar };

/** The messages a client component needs (its namespaces only: the rest stays on the server). */
export const clientMessages = <N extends Namespace>(locale: Locale, namespaces: readonly N[]) =>
  Object.fromEntries(namespaces.map((n) => [n, CATALOGUES[locale][n]])) as Pick<Messages, N>;

const newTranslator = <N extends Namespace>(locale: Locale, namespace: N) =>
  createTranslator({ locale, messages: CATALOGUES[locale], namespace, timeZone: "UTC" });

export type Translator<N extends Namespace> = ReturnType<typeof newTranslator<N>>;

// One translator per locale and namespace for the process (6 × the catalogue's namespaces at most):
// a translator parses each message the first time it says it and keeps the parsed form, so a new
// one per render parsed the page's messages again on every request. It holds no request's data.
const translators = new Map<string, unknown>();

/** next-intl's translator for one namespace of one locale, for server components, emails and domain messages. */
export function translator<N extends Namespace>(locale: Locale, namespace: N): Translator<N> {
  const key = `${locale}\u0000${namespace}`;
  let t = translators.get(key) as Translator<N> | undefined;
  if (!t) translators.set(key, (t = newTranslator(locale, namespace)));
  return t;
}
