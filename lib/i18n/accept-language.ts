import { LOCALES, type Locale } from "./locales";

/** Accept-Language is client input: read at most this much of it, and this many of its entries. */
const MAX_HEADER = 1024;
const MAX_ENTRIES = 32;
// RFC 9110 §12.5.4: a language range (RFC 4647), then an optional weight of at most three decimals.
const ENTRY = /^([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)(?:;q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?))?$/i;

/**
 * The supported locales the header asks for, best first: by weight (q, 1 by default), then in
 * the header's order; `q=0` means "not this one". A region or script falls back to its
 * language (`es-MX` → es, `zh-Hant` → nothing). Malformed entries are skipped, never thrown on.
 */
export function acceptedLocales(header: string | null | undefined): Locale[] {
  if (typeof header !== "string" || header === "") return [];
  const entries = header.slice(0, MAX_HEADER).split(",", MAX_ENTRIES);
  const wanted: { locale: Locale; q: number; order: number }[] = [];
  const refused = new Set<Locale>();
  entries.forEach((raw, order) => {
    const match = ENTRY.exec(raw.replace(/\s+/g, ""));
    if (!match || match[1] === "*") return;
    const language = match[1].split("-")[0].toLowerCase();
    const locale = LOCALES.find((l) => l === language);
    if (!locale) return;
    const q = match[2] === undefined ? 1 : Number(match[2]);
    if (q === 0) refused.add(locale);
    else wanted.push({ locale, q, order });
  });
  const best = wanted.filter((w) => !refused.has(w.locale)).sort((a, b) => b.q - a.q || a.order - b.order);
  return [...new Set(best.map((w) => w.locale))];
}

/**
 * The regions the header names, best first (`de-AT, en-GB;q=0.8` → AT, GB): a hint of where the
 * reader lives, for a form's country. Bounded and forgiving like acceptedLocales.
 */
export function acceptedRegions(header: string | null | undefined): string[] {
  if (typeof header !== "string" || header === "") return [];
  const found: { region: string; q: number; order: number }[] = [];
  header
    .slice(0, MAX_HEADER)
    .split(",", MAX_ENTRIES)
    .forEach((raw, order) => {
      const match = ENTRY.exec(raw.replace(/\s+/g, ""));
      const region = match?.[1].split("-").find((part, i) => i > 0 && /^[A-Za-z]{2}$/.test(part));
      const q = match?.[2] === undefined ? 1 : Number(match[2]);
      if (region && q > 0) found.push({ region: region.toUpperCase(), q, order });
    });
  return [...new Set(found.sort((a, b) => b.q - a.q || a.order - b.order).map((f) => f.region))];
}
