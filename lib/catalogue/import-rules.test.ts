import { describe, expect, it } from "vitest";
import { IMPORT_RULES, PRICED_DELIVERED, nationalTax } from "@/lib/duties";
import { seedCollections } from "./seed-data";

// The duty and tax table follows the catalogue: read from where the seeded products go, so a
// country added to a zone without its import rule fails here, not in a quote.
describe("the import rules cover the catalogue", () => {
  const shipped = new Set(seedCollections.flatMap((c) => c.products.flatMap((p) => p.shipsTo)));

  it("every country a seeded product ships to is priced delivered or has its import rule", () => {
    const uncovered = [...shipped].filter((c) => !PRICED_DELIVERED.has(c) && !IMPORT_RULES[c]);
    expect(uncovered).toEqual([]);
  });

  it("every country with an import rule has a national tax rate in the shipped table, and a product going there", () => {
    for (const country of Object.keys(IMPORT_RULES)) {
      expect(nationalTax(country), country).not.toBeNull();
      expect(shipped.has(country), country).toBe(true);
    }
  });
});
