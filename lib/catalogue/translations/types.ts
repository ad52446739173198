/**
 * The catalogue's words in one language other than English, keyed by the seed's slugs
 * (lib/catalogue/seed-data.ts, charities by their slug too) and, for variants, by the English
 * colour. Sizes (S, M, L/XL…) are the same in every language and are not listed.
 * `card` is the design's own artwork words, one entry per <text> line of its SVG, in order.
 */
export type CatalogueTranslation = {
  collections: Record<string, { name: string; description: string }>;
  products: Record<string, { name: string; description: string }>;
  colors: Record<string, string>;
  charities: Record<string, { name: string; sentence: string }>;
  designs: Record<string, { name: string; card: string[] }>;
};
