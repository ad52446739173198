import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Tx } from "@/lib/db";
import type { Locale } from "@/lib/i18n/locales";
import { seedDesigns } from "./seed-data";
import { CATALOGUE_TRANSLATIONS } from "./translations";

// Designs with a logo keep a 180×60 slot at (210, 24) of their 600×400 artwork (seed-data.ts).
const SLOT = { x: 210, y: 24, width: 180, height: 60 };

/** An SVG file's root element placed at a position and size inside another SVG. */
function nested(svg: string, box: { x: number; y: number; width: number; height: number }): string {
  const body = svg.replace(/<\?xml[^>]*>\s*/, "");
  return body.replace(/^<svg\b([^>]*)>/, (_match, attributes: string) => {
    const kept = attributes.replace(/\s(?:x|y|width|height)="[^"]*"/g, "");
    return `<svg${kept} x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" preserveAspectRatio="xMidYMid meet">`;
  });
}

/** The design's artwork with the logo in its slot, as one SVG (email clients can't overlay images). */
export function composeCard(designSvg: string, logoSvg: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400" width="600" height="400">${nested(designSvg, { x: 0, y: 0, width: 600, height: 400 })}${nested(logoSvg, SLOT)}</svg>`;
}

/** Catalogue artwork is served from public/; its URLs are site paths like /catalogue/designs/x.svg. */
const publicFile = (url: string) =>
  path.join(/*turbopackIgnore: true*/ process.cwd(), "public", path.normalize(url).replace(/^(\.\.[/\\])+/, ""));

const escapeXml = (text: string) => text.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!);

// Room for a line across the 600-wide artwork, and a rough width of a glyph in ems (no font
// metrics on the server): CJK full width, Latin and Arabic about half (bold a little more).
const LINE_ROOM = 560;
const emWidth = (text: string, bold: boolean) =>
  [...text].reduce((sum, c) => sum + (/[\u3000-\u9fff\uff00-\uffef]/.test(c) ? 1 : bold ? 0.6 : 0.52), 0);

/**
 * A design's artwork with its words in a locale: each <text> line in turn gets the locale's line
 * (`card` in lib/catalogue/translations), made smaller when it would run past the card's edges;
 * Arabic is laid out right to left and no script is slanted but Latin. The title too. Artwork
 * without the locale's words is returned as it is.
 */
export function designInLocale(svg: string, designId: string, locale: Locale): string {
  const words = locale === "en" ? undefined : CATALOGUE_TRANSLATIONS[locale].designs[designId];
  if (!words) return svg;
  let line = 0;
  const lines = svg.replace(/<text\b([^>]*)>[^<]*<\/text>/g, (whole, attributes: string) => {
    const text = words.card[line++];
    if (text === undefined) return whole;
    const size = Number(/\sfont-size="(\d+(?:\.\d+)?)"/.exec(attributes)?.[1] ?? 16);
    const bold = /\sfont-weight="(?:bold|[6-9]00)"/.test(attributes);
    const fits = Math.min(size, Math.floor((LINE_ROOM / emWidth(text, bold)) * 10) / 10);
    let kept = attributes.replace(/\sfont-size="[^"]*"/, ` font-size="${fits}"`);
    if (locale === "ar" || locale === "ja") kept = kept.replace(/\sfont-style="italic"/, "");
    if (locale === "ar") kept += ' direction="rtl"';
    return `<text${kept}>${escapeXml(text)}</text>`;
  });
  return lines.replace(/<title>[^<]*<\/title>/, `<title>${escapeXml(words.name)}</title>`);
}

/** The seed's design behind an id, when its row still shows the seed's artwork (a team's own design never is). */
const seededArt = (designId: string, imageUrl: string) =>
  seedDesigns.some((d) => d.slug === designId && d.imageUrl === imageUrl);

/** Whether a design's artwork has words in the locale: then the recipient sees it at `designImagePath`. */
export const hasArtIn = (design: { id: string; imageUrl: string }, locale: Locale) =>
  locale !== "en" &&
  seededArt(design.id, design.imageUrl) &&
  Boolean(CATALOGUE_TRANSLATIONS[locale].designs[design.id]);

/** A design's artwork alone, its words in a locale (the untie page overlays the logo itself); null for an unknown one. */
export async function designImage(db: Tx, designId: string, locale: Locale): Promise<string | null> {
  const design = await db.design.findUnique({ where: { id: designId } });
  if (!design?.imageUrl.startsWith("/catalogue/")) return null;
  const svg = await readFile(publicFile(design.imageUrl), "utf8");
  return seededArt(design.id, design.imageUrl) ? designInLocale(svg, design.id, locale) : svg;
}

/**
 * The card image of a design with a logo slot and a logo (ids from the database, never
 * file names from the request), or null when either is unknown or the design has no slot.
 */
export async function cardImage(
  db: Tx,
  designId: string,
  logoId: number,
  locale: Locale = "en",
): Promise<string | null> {
  const [design, logo] = await Promise.all([
    db.design.findUnique({ where: { id: designId } }),
    db.logo.findUnique({ where: { id: logoId } }),
  ]);
  if (
    !design?.hasLogo ||
    !logo ||
    !design.imageUrl.startsWith("/catalogue/") ||
    !logo.imageUrl.startsWith("/catalogue/")
  )
    return null;
  const [designSvg, logoSvg] = await Promise.all([
    readFile(publicFile(design.imageUrl), "utf8"),
    readFile(publicFile(logo.imageUrl), "utf8"),
  ]);
  const words = seededArt(design.id, design.imageUrl) ? designInLocale(designSvg, design.id, locale) : designSvg;
  return composeCard(words, logoSvg);
}

/** Where the composed card of a design and logo is served, its words in a locale (`/cards/thank-you/3.ja.svg`). */
export const cardImagePath = (designId: string, logoId: number, locale: Locale = "en") =>
  `/cards/${encodeURIComponent(designId)}/${logoId}${locale === "en" ? "" : `.${locale}`}.svg`;

/** Where a design's artwork alone is served in a locale (`/cards/thank-you/ja.svg`). */
export const designImagePath = (designId: string, locale: Locale) =>
  `/cards/${encodeURIComponent(designId)}/${locale}.svg`;
