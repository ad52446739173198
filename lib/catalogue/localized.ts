import type { Locale } from "@/lib/i18n/locales";
import { seedCharities, seedCollections, seedDesigns } from "./seed-data";
import { CATALOGUE_TRANSLATIONS } from "./translations";
import { designImagePath, hasArtIn } from "./card-image";

// What each translation was written for: the seed's English, by slug.
const SEEDED = {
  collections: new Map(seedCollections.map((c) => [c.slug, c])),
  products: new Map(seedCollections.flatMap((c) => c.products).map((p) => [p.slug, p])),
  charities: new Map(seedCharities.map((c) => [c.slug, c])),
  designs: new Map(seedDesigns.map((d) => [d.slug, d])),
};

/**
 * A stored text in the locale: the translation when there is one and the row still says the
 * English it was written for (a row renamed since, or a team's own item, keeps its words);
 * else the text as stored (English, the fallback of every field).
 */
const inLocale = (stored: string, seeded: string | undefined, translated: string | undefined) =>
  translated && stored === seeded ? translated : stored;

type Named = { slug: string; name: string };

/**
 * The catalogue's words in a locale, for what the recipient reads: the untie page and the
 * recipient's emails. Each function takes a row as read (by slug; a design by its id, which is
 * its slug) and returns it with its name, description, sentence or variant name in the locale,
 * English field by field where a translation is missing. The API and the dashboard never use
 * it: there, names are the sender's identifiers.
 */
export function catalogueIn(locale: Locale) {
  const words = locale === "en" ? undefined : CATALOGUE_TRANSLATIONS[locale];
  return {
    collection<T extends Named & { description?: string }>(c: T): T {
      const seeded = SEEDED.collections.get(c.slug);
      const translated = words?.collections[c.slug];
      return {
        ...c,
        name: inLocale(c.name, seeded?.name, translated?.name),
        ...(c.description !== undefined && {
          description: inLocale(c.description, seeded?.description, translated?.description),
        }),
      };
    },
    product<T extends Named & { description?: string }>(p: T): T {
      const seeded = SEEDED.products.get(p.slug);
      const translated = words?.products[p.slug];
      return {
        ...p,
        name: inLocale(p.name, seeded?.name, translated?.name),
        ...(p.description !== undefined && {
          description: inLocale(p.description, seeded?.description, translated?.description),
        }),
      };
    },
    /** A variant's name ("M / Navy", "Navy"): its colour in the locale, its size as it is. */
    variant<T extends { name: string; size?: string | null; color?: string | null }>(v: T): T {
      const color = v.color ? words?.colors[v.color] : undefined;
      if (!color) return v;
      if (v.name === v.color) return { ...v, name: color };
      if (v.size && v.name === `${v.size} / ${v.color}`) return { ...v, name: `${v.size} / ${color}` };
      return v;
    },
    charity<T extends Named & { sentence?: string }>(c: T): T {
      const seeded = SEEDED.charities.get(c.slug);
      const translated = words?.charities[c.slug];
      return {
        ...c,
        name: inLocale(c.name, seeded?.name, translated?.name),
        ...(c.sentence !== undefined && { sentence: inLocale(c.sentence, seeded?.sentence, translated?.sentence) }),
      };
    },
    /** A design's name, and its artwork (with an `imageUrl`) at the URL that serves it with its words in the locale. */
    design<T extends { id: string; name: string; imageUrl?: string }>(d: T): T {
      const translated = words?.designs[d.id];
      const art = d.imageUrl !== undefined && hasArtIn({ id: d.id, imageUrl: d.imageUrl }, locale);
      return {
        ...d,
        name: inLocale(d.name, SEEDED.designs.get(d.id)?.name, translated?.name),
        ...(art && { imageUrl: designImagePath(d.id, locale) }),
      };
    },
  };
}

export type CatalogueText = ReturnType<typeof catalogueIn>;
