// Writes the seeded products' pictures in their variants' colours (public/catalogue/products/variants/),
// from each product's artwork and its tints (lib/catalogue/variant-art.ts). `--check` writes nothing
// and fails when a file differs from what it would write (lib/catalogue/variant-art.test.ts runs the same).
//   npx tsx scripts/variant-art.ts [--check]
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { COLOR_HEX, recolor, variantArtworks } from "../lib/catalogue/variant-art";

const check = process.argv.includes("--check");
const publicFile = (url: string) => path.join("public", url);
let stale = 0;
for (const { product, color, path: url } of variantArtworks()) {
  const art = recolor(readFileSync(publicFile(product.imageUrl), "utf8"), product.tints!, COLOR_HEX[color]);
  const file = publicFile(url);
  if (check) {
    if (!existsSync(file) || readFileSync(file, "utf8") !== art) {
      console.error(`stale: ${file}`);
      stale += 1;
    }
    continue;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, art);
  console.log(`wrote ${file}`);
}
if (stale > 0) process.exit(1);
