import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Tx } from "@/lib/db";

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

/**
 * The card image of a design with a logo slot and a logo (ids from the database, never
 * file names from the request), or null when either is unknown or the design has no slot.
 */
export async function cardImage(db: Tx, designId: string, logoId: number): Promise<string | null> {
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
  return composeCard(designSvg, logoSvg);
}

/** Where the composed card of a design and logo is served. */
export const cardImagePath = (designId: string, logoId: number) =>
  `/cards/${encodeURIComponent(designId)}/${logoId}.svg`;
