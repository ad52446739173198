import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seedCollections } from "./seed-data";
import { COLOR_HEX, recolor, variantArtPath, variantArtworks, variantPicture } from "./variant-art";

// Each seeded product with colour variants shows the chosen colour: its picture painted in it,
// kept under public/catalogue/products/variants/ (`npx tsx scripts/variant-art.ts` writes them).
const products = seedCollections.flatMap((c) => c.products);
const coloured = products.filter((p) => p.variants?.some((v) => v.color));
const file = (url: string) => path.join("public", url);

describe("the variants' pictures", () => {
  it("every product with colour variants names its picture's body colours, each found in its artwork", () => {
    expect(coloured.length).toBeGreaterThan(5);
    for (const p of coloured) {
      expect(p.tints, p.slug).toBeDefined();
      const svg = readFileSync(file(p.imageUrl), "utf8").toUpperCase();
      for (const tint of p.tints!) expect(svg, `${p.slug} ${tint}`).toContain(tint.toUpperCase());
      for (const v of p.variants!) expect(COLOR_HEX[v.color!], `${p.slug}: ${v.color}`).toMatch(/^#[0-9A-F]{6}$/);
      // One variant is the product's own colour: its picture is the product's.
      expect(
        p.variants!.map((v) => COLOR_HEX[v.color!]),
        p.slug,
      ).toContain(p.tints![0]);
    }
  });

  it("every other colour has its picture, exactly what recolouring the artwork makes (npx tsx scripts/variant-art.ts)", () => {
    const artworks = variantArtworks();
    expect(artworks.length).toBe(coloured.reduce((n, p) => n + new Set(p.variants!.map((v) => v.color)).size - 1, 0));
    for (const { product, color, path: url } of artworks) {
      expect(existsSync(file(url)), url).toBe(true);
      const original = readFileSync(file(product.imageUrl), "utf8");
      const art = readFileSync(file(url), "utf8");
      expect(art, url).toBe(recolor(original, product.tints!, COLOR_HEX[color]));
      expect(art).not.toBe(original);
      for (const tint of product.tints!) expect(art.toUpperCase(), `${url} ${tint}`).not.toContain(tint.toUpperCase());
    }
  });

  it("names the picture a variant shows: its colour's, the product's own for its own colour, none for a team's own product", () => {
    const mug = products.find((p) => p.slug === "insulated-travel-mug")!;
    expect(variantPicture(mug, { color: "Sage" })).toBe(variantArtPath(mug.slug, "Sage"));
    expect(variantPicture(mug, { color: "Coral" })).toBe(mug.imageUrl);
    expect(variantPicture(mug, { color: null })).toBe(mug.imageUrl);
    expect(variantPicture(mug, { color: "Ultraviolet" })).toBe(mug.imageUrl);
    expect(variantPicture({ slug: mug.slug, imageUrl: "/uploads/own.png" }, { color: "Sage" })).toBe(
      "/uploads/own.png",
    );
    expect(variantArtPath("organic-cotton-hoodie", "Heather Grey")).toBe(
      "/catalogue/products/variants/organic-cotton-hoodie--heather-grey.svg",
    );
  });
});
