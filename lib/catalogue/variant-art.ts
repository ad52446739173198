import { seedCollections, type SeedProduct } from "./seed-data";

/**
 * Each colour a seeded variant is named after, as the artwork paints it. A product's own colour
 * (its picture's body, `SeedProduct.tints[0]`) is the same hex, so that variant keeps the picture.
 */
export const COLOR_HEX: Readonly<Record<string, string>> = {
  Black: "#2A2B31",
  Blush: "#F4A6A0",
  Charcoal: "#4A4E69",
  Coral: "#E8505B",
  Forest: "#2E6B55",
  Glacier: "#9CCFE0",
  Grey: "#A7ABB8",
  "Heather Grey": "#9EA2AF",
  Lavender: "#A79BD6",
  Midnight: "#2B3157",
  Natural: "#EFE2C8",
  Navy: "#2F3E66",
  Oatmeal: "#E8D8BF",
  Ocean: "#2E7DA6",
  Sage: "#8DB596",
  Sunset: "#F08A4B",
  Terracotta: "#C8643C",
  White: "#F2F2EF",
};

type Hsl = { h: number; s: number; l: number };

function hsl(hex: string): Hsl {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: h / 6, s, l };
}

function hex({ h, s, l }: Hsl): string {
  const hue = (p: number, q: number, t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channels = s === 0 ? [l, l, l] : [hue(p, q, h + 1 / 3), hue(p, q, h), hue(p, q, h - 1 / 3)];
  return `#${channels
    .map((c) =>
      Math.round(c * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")
    .toUpperCase()}`;
}

/**
 * The artwork in another colour: each of the body's `tints` (its main colour first, then its
 * shades) painted in `color`, each shade as much lighter or darker than the main as it was.
 */
export function recolor(svg: string, tints: readonly string[], color: string): string {
  const main = hsl(tints[0]);
  const target = hsl(color);
  let out = svg;
  for (const tint of tints) {
    const shade = hsl(tint);
    const painted = hex({ h: target.h, s: target.s, l: Math.min(0.97, Math.max(0.03, target.l + shade.l - main.l)) });
    out = out.replace(new RegExp(tint, "gi"), painted);
  }
  return out;
}

const kebab = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** Where a seeded product's picture in a colour is kept (public/catalogue/products/variants/). */
export const variantArtPath = (slug: string, color: string) =>
  `/catalogue/products/variants/${slug}--${kebab(color)}.svg`;

const SEEDED = new Map<string, SeedProduct>(seedCollections.flatMap((c) => c.products.map((p) => [p.slug, p])));

/** Whether the seed product has a picture of its own in `color`: a known colour other than its own. */
const repainted = (p: SeedProduct, color: string | null): color is string =>
  Boolean(p.tints && color && COLOR_HEX[color] && COLOR_HEX[color] !== p.tints[0]);

/**
 * The picture of a product in a variant's colour: its own artwork for its own colour, the recoloured
 * one for another, the product's picture when the variant has no colour or the product isn't the
 * seed's artwork (a team's own product).
 */
export function variantPicture(product: { slug: string; imageUrl: string }, variant: { color: string | null }): string {
  const seeded = SEEDED.get(product.slug);
  if (!seeded || seeded.imageUrl !== product.imageUrl || !repainted(seeded, variant.color)) return product.imageUrl;
  return variantArtPath(product.slug, variant.color);
}

/** Every recoloured picture the seed needs: its path and the seed artwork it is made from. */
export const variantArtworks = () =>
  [...SEEDED.values()].flatMap((p) =>
    [...new Set((p.variants ?? []).map((v) => v.color ?? null))]
      .filter((color): color is string => repainted(p, color))
      .map((color) => ({ product: p, color, path: variantArtPath(p.slug, color) })),
  );
