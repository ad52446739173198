import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COLUMNS, ERASURE_TABLES, erasedColumns } from "./columns";

/** Every model of prisma/schema.prisma and its scalar columns (a field whose type is another model is a relation). */
function schemaColumns(): Record<string, string[]> {
  const schema = readFileSync(path.join(process.cwd(), "prisma/schema.prisma"), "utf8");
  const models = [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)].map((m) => ({ name: m[1], body: m[2] }));
  const names = new Set(models.map((m) => m.name));
  const out: Record<string, string[]> = {};
  for (const { name, body } of models) {
    out[name] = body
      .split("\n")
      .map((line) => line.replace(/\/\/.*$/, "").trim())
      .filter((line) => line && !line.startsWith("@@"))
      .map((line) => line.split(/\s+/))
      .filter(([, type]) => type && !names.has(type.replace(/[?[\]]/g, "")))
      .map(([field]) => field);
  }
  return out;
}

describe("the column registry (lib/privacy/columns.ts)", () => {
  const schema = schemaColumns();

  it("reads the schema: every model, with its columns", () => {
    expect(Object.keys(schema).length).toBeGreaterThan(35);
    expect(schema.Gift).toEqual(expect.arrayContaining(["email", "address", "deliveryIssue"]));
    expect(schema.Gift).not.toContain("team"); // a relation, not a column
  });

  it("classifies every column of every model, and no column that is gone", () => {
    const unclassified = Object.entries(schema).flatMap(([model, columns]) =>
      columns.filter((c) => !COLUMNS[model]?.[c]).map((c) => `${model}.${c}`),
    );
    const gone = Object.entries(COLUMNS).flatMap(([model, columns]) =>
      Object.keys(columns)
        .filter((c) => !schema[model]?.includes(c))
        .map((c) => `${model}.${c}`),
    );
    expect(unclassified, "columns prisma/schema.prisma has and lib/privacy/columns.ts does not classify").toEqual([]);
    expect(gone, "columns lib/privacy/columns.ts classifies that prisma/schema.prisma no longer has").toEqual([]);
  });

  it("says how erasure treats every recipient and free-text column; only those have an erasure", () => {
    for (const [model, columns] of Object.entries(COLUMNS))
      for (const [name, c] of Object.entries(columns)) {
        if (c.holds === "recipient" || c.holds === "free-text") expect("erase" in c, `${model}.${name}`).toBe(true);
        if ("erase" in c && c.erase === "keep") expect(c.why, `${model}.${name} is kept: say why`).toBeTruthy();
      }
  });

  it("every table with a column to erase is one erasure works through, and the other way round", () => {
    const toErase = Object.keys(COLUMNS).filter((model) => erasedColumns(model).length > 0);
    expect(ERASURE_TABLES.map((t) => t.table).sort()).toEqual(toErase.sort());
    for (const t of ERASURE_TABLES) {
      expect(t.ofGifts || t.ofTeam, t.table).toBeTruthy();
      expect(COLUMNS[t.table][t.key.column], `${t.table}'s key`).toBeDefined();
    }
  });
});
