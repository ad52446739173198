import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { catalogueIn } from "./localized";
import { seedCharities, seedCollections, seedDesigns } from "./seed-data";
import { CATALOGUE_TRANSLATIONS } from "./translations";

// Every catalogue text a recipient reads, from the seed (not a list kept by hand): the locale's
// translation must exist, be non-empty, and keep the English's numbers, units and placeholders.

type Text = { where: string; english: string; kind: "name" | "description" };

const products = seedCollections.flatMap((c) => c.products);
const colors = [...new Set(products.flatMap((p) => (p.variants ?? []).flatMap((v) => (v.color ? [v.color] : []))))];
const designs = seedDesigns;

function textsIn(locale: Exclude<Locale, "en">): { text: Text; translated: string | undefined }[] {
  const t = CATALOGUE_TRANSLATIONS[locale];
  return [
    ...seedCollections.flatMap((c) => [
      {
        text: { where: `collection ${c.slug} name`, english: c.name, kind: "name" as const },
        translated: t.collections[c.slug]?.name,
      },
      {
        text: { where: `collection ${c.slug} description`, english: c.description, kind: "description" as const },
        translated: t.collections[c.slug]?.description,
      },
    ]),
    ...products.flatMap((p) => [
      {
        text: { where: `product ${p.slug} name`, english: p.name, kind: "name" as const },
        translated: t.products[p.slug]?.name,
      },
      {
        text: { where: `product ${p.slug} description`, english: p.description, kind: "description" as const },
        translated: t.products[p.slug]?.description,
      },
    ]),
    ...colors.map((c) => ({
      text: { where: `colour ${c}`, english: c, kind: "name" as const },
      translated: t.colors[c],
    })),
    ...seedCharities.flatMap((c) => [
      {
        text: { where: `charity ${c.slug} name`, english: c.name, kind: "name" as const },
        translated: t.charities[c.slug]?.name,
      },
      {
        text: { where: `charity ${c.slug} sentence`, english: c.sentence, kind: "description" as const },
        translated: t.charities[c.slug]?.sentence,
      },
    ]),
    ...designs.map((d) => ({
      text: { where: `design ${d.slug} name`, english: d.name, kind: "name" as const },
      translated: t.designs[d.slug]?.name,
    })),
  ];
}

const TRANSLATED = LOCALES.filter((l): l is Exclude<Locale, "en"> => l !== "en");

// A unit after a number, and how each locale may write it (Arabic has its own symbols).
const UNITS: Record<string, { any: string[]; ar?: string[] }> = {
  g: { any: ["g"], ar: ["غ", "غرام"] },
  ml: { any: ["ml"], ar: ["مل"] },
  mm: { any: ["mm"], ar: ["مم", "ملم"] },
  cm: { any: ["cm"], ar: ["سم"] },
  W: { any: ["W"], ar: ["واط"] },
  gsm: { any: ["gsm", "g/m²"], ar: ["غ/م²"] },
  "%": { any: ["%"], ar: ["%", "٪"] },
};
const QUANTITY = /(\d+(?:\.\d+)?)\s?(gsm|ml|mm|cm|g|W|%)(?![A-Za-z])/g;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** What of the English a translation must keep: every number, every quantity's unit, every {placeholder}. */
function lost(english: string, translated: string, locale: Locale): string[] {
  const missing: string[] = [];
  for (const n of english.match(/\d+(?:\.\d+)?/g) ?? [])
    if (!new RegExp(`(?<!\\d)${escape(n)}(?!\\d)`).test(translated)) missing.push(n);
  for (const [, n, unit] of english.matchAll(QUANTITY)) {
    const spellings = [...UNITS[unit].any, ...((locale === "ar" && UNITS[unit].ar) || [])];
    const written = new RegExp(`(?<!\\d)${escape(n)}[\\s\\u00a0\\u202f]?(?:${spellings.map(escape).join("|")})`);
    if (!written.test(translated)) missing.push(`${n} ${unit}`);
  }
  for (const p of english.match(/\{[^}]*\}/g) ?? []) if (!translated.includes(p)) missing.push(p);
  return missing;
}

describe("the catalogue in every shipped locale", () => {
  it("lists the seed's texts (the test walks the seed, not a copy)", () => {
    expect(products.length).toBeGreaterThan(30);
    expect(colors).toContain("Heather Grey");
    expect(TRANSLATED).toEqual(LOCALES.filter((l) => l !== "en"));
  });

  for (const locale of TRANSLATED) {
    it(`${locale}: every text a recipient reads is translated`, () => {
      const untranslated = textsIn(locale)
        .filter(
          ({ text, translated }) => !translated?.trim() || (text.kind === "description" && translated === text.english),
        )
        .map(({ text }) => text.where);
      expect(untranslated).toEqual([]);
    });

    it(`${locale}: no translation drops a number, a unit or a placeholder of the English`, () => {
      const dropped = textsIn(locale).flatMap(({ text, translated }) =>
        translated ? lost(text.english, translated, locale).map((m) => `${text.where}: ${m}`) : [],
      );
      expect(dropped).toEqual([]);
    });

    it(`${locale}: translates nothing the seed lacks (a renamed slug leaves no orphan)`, () => {
      const t = CATALOGUE_TRANSLATIONS[locale];
      const orphans = [
        ...Object.keys(t.collections).filter((s) => !seedCollections.some((c) => c.slug === s)),
        ...Object.keys(t.products).filter((s) => !products.some((p) => p.slug === s)),
        ...Object.keys(t.colors).filter((c) => !colors.includes(c)),
        ...Object.keys(t.charities).filter((s) => !seedCharities.some((c) => c.slug === s)),
        ...Object.keys(t.designs).filter((s) => !designs.some((d) => d.slug === s)),
      ];
      expect(orphans).toEqual([]);
    });

    it(`${locale}: a design's card words have one line per <text> of its artwork`, () => {
      const mismatched = designs.flatMap((d) => {
        const svg = readFileSync(path.join("public", d.imageUrl), "utf8");
        const lines = svg.match(/<text\b/g)?.length ?? 0;
        const card = CATALOGUE_TRANSLATIONS[locale].designs[d.slug]?.card ?? [];
        return card.length === lines && card.every((l) => l.trim()) ? [] : [`${d.slug}: ${card.length} of ${lines}`];
      });
      expect(mismatched).toEqual([]);
    });
  }

  it("a unit the English writes must be kept", () => {
    expect(lost("250 g of beans, 600 ml", "Bohnen", "de")).toEqual(["250", "600", "250 g", "600 ml"]);
    expect(lost("A 70% bar", "70 % Kakao", "fr")).toEqual([]);
    expect(lost("250 g", "250 غ", "ar")).toEqual([]);
    expect(lost("250 g", "2500 g", "de")).toEqual(["250", "250 g"]);
  });
});

describe("catalogueIn", () => {
  const coffee = seedCollections[0];
  const beans = coffee.products[0];
  it("gives a seeded row's words in the locale and English as it is", () => {
    const row = { slug: beans.slug, name: beans.name, description: beans.description, id: 7 };
    expect(catalogueIn("de").product(row)).toEqual({
      ...row,
      name: CATALOGUE_TRANSLATIONS.de.products[beans.slug].name,
      description: CATALOGUE_TRANSLATIONS.de.products[beans.slug].description,
    });
    expect(catalogueIn("en").product(row)).toEqual(row);
    expect(catalogueIn("ar").collection({ slug: coffee.slug, name: coffee.name }).name).toBe(
      CATALOGUE_TRANSLATIONS.ar.collections[coffee.slug].name,
    );
  });

  it("falls back to the stored words field by field: a renamed row or a team's own item keeps its own", () => {
    const renamed = { slug: beans.slug, name: "Our house blend", description: beans.description };
    const out = catalogueIn("fr").product(renamed);
    expect(out.name).toBe("Our house blend");
    expect(out.description).toBe(CATALOGUE_TRANSLATIONS.fr.products[beans.slug].description);
    const own = { slug: "team-x-mug", name: "Team mug", description: "Ours." };
    expect(catalogueIn("ja").product(own)).toEqual(own);
  });

  it("names a variant's colour in the locale and keeps its size", () => {
    const ar = catalogueIn("ar");
    expect(ar.variant({ name: "M / Navy", size: "M", color: "Navy" }).name).toBe(
      `M / ${CATALOGUE_TRANSLATIONS.ar.colors.Navy}`,
    );
    expect(ar.variant({ name: "Sage", size: null, color: "Sage" }).name).toBe(CATALOGUE_TRANSLATIONS.ar.colors.Sage);
    expect(ar.variant({ name: "S/M", size: "S/M", color: null }).name).toBe("S/M");
    expect(ar.variant({ name: "Teal", size: null, color: "Teal" }).name).toBe("Teal");
  });

  it("translates charities and designs", () => {
    const water = seedCharities[0];
    const es = catalogueIn("es").charity({ ...water });
    expect(es.name).toBe(CATALOGUE_TRANSLATIONS.es.charities[water.slug].name);
    expect(es.sentence).toBe(CATALOGUE_TRANSLATIONS.es.charities[water.slug].sentence);
    expect(es.logoUrl).toBe(water.logoUrl);
    expect(catalogueIn("de").design({ id: "thank-you", name: "Thank You" }).name).toBe("Danke");
  });
});
