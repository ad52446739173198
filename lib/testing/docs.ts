import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.join(import.meta.dirname, "..", "..");

/** A file of the repository's docs (README.md, docs/*.md), as text. */
export const readDoc = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** The text of a markdown section: from its heading to the next heading of the same or a higher level. */
export function docSection(text: string, heading: string): string {
  const level = heading.match(/^#+/)?.[0].length ?? 0;
  const start = text.split("\n").findIndex((line) => line.trim() === heading);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const lines = text.split("\n").slice(start + 1);
  const end = lines.findIndex((line) => /^#+ /.test(line) && (line.match(/^#+/)?.[0].length ?? 99) <= level);
  return lines.slice(0, end < 0 ? undefined : end).join("\n");
}

/** The `code` names in the first column of a section's markdown tables (the header row excluded). */
export function firstColumnCodes(section: string): string[] {
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...line.split("|")[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]));
}
