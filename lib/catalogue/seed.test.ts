import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database/open";
import type { PrismaClient } from "@/lib/db";
import { openTestDatabase } from "@/lib/testing/test-database";
import { SANDBOX_TEAM_ID } from "@/lib/teams/constants";
import { seedCatalogue } from "./seed";
import { seedCharities, seedCollections, seedDesigns, seedLogos } from "./seed-data";
import { isCountryCode } from "@/lib/format/countries";

let database: Database;
let db: PrismaClient;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.prisma;
});
afterAll(async () => {
  await database?.close();
});

/** Every row of every table the seed writes (and of those it must leave alone), in a stable order. */
async function snapshot(db: PrismaClient) {
  return {
    teams: await db.team.findMany({ orderBy: { id: "asc" } }),
    memberships: await db.membership.findMany({ orderBy: [{ teamId: "asc" }, { userId: "asc" }] }),
    collections: await db.collection.findMany({ orderBy: { id: "asc" } }),
    products: await db.product.findMany({ orderBy: { id: "asc" } }),
    variants: await db.productVariant.findMany({ orderBy: { id: "asc" } }),
    designs: await db.design.findMany({ orderBy: { id: "asc" } }),
    logos: await db.logo.findMany({ orderBy: { id: "asc" } }),
    charities: await db.charity.findMany({ orderBy: { id: "asc" } }),
    users: await db.user.count(),
    paymentMethods: await db.paymentMethod.count(),
  };
}

describe("seedCatalogue", () => {
  it("creates the global catalogue and the sandbox team", async () => {
    expect(await db.collection.count()).toBe(0);
    await seedCatalogue(db);

    const collections = await db.collection.findMany({ include: { products: { include: { variants: true } } } });
    expect(collections.length).toBeGreaterThanOrEqual(6);
    expect(collections.map((c) => c.slug).sort()).toEqual(seedCollections.map((c) => c.slug).sort());
    for (const c of collections) {
      expect(c, c.slug).toMatchObject({ global: true, teamId: null });
      expect(c.priceCents, c.slug).toBeGreaterThan(0);
      expect(c.products.length, c.slug).toBeGreaterThanOrEqual(4);
      // Products keep the order of seed-data.ts.
      const seeded = seedCollections.find((s) => s.slug === c.slug)!;
      expect([...c.products].sort((a, b) => a.position - b.position).map((p) => p.slug)).toEqual(
        seeded.products.map((p) => p.slug),
      );
    }

    const variants = await db.productVariant.findMany({ include: { product: true } });
    const seededVariants = seedCollections.flatMap((c) =>
      c.products.flatMap((p) => (p.variants ?? []).map((v) => `${p.slug}:${v.name}`)),
    );
    expect(variants.length).toBeGreaterThan(0);
    expect(variants.map((v) => `${v.product.slug}:${v.name}`).sort()).toEqual(seededVariants.sort());
    const hoodieSizes = variants.filter((v) => v.product.slug === "organic-cotton-hoodie" && v.size).length;
    expect(hoodieSizes).toBeGreaterThan(0);

    const designs = await db.design.findMany();
    expect(designs.length).toBeGreaterThanOrEqual(6);
    expect(designs.map((d) => d.id).sort()).toEqual(seedDesigns.map((d) => d.slug).sort());
    expect(designs.every((d) => d.global && d.teamId === null)).toBe(true);
    expect(designs.some((d) => d.hasLogo)).toBe(true);

    const logos = await db.logo.findMany();
    expect(logos.length).toBeGreaterThanOrEqual(3);
    expect(logos.map((l) => l.slug).sort()).toEqual(seedLogos.map((l) => l.slug).sort());
    expect(logos.filter((l) => l.isDefault)).toHaveLength(1);
    expect(logos.every((l) => l.global && l.teamId === null)).toBe(true);

    const charities = await db.charity.findMany({ orderBy: { position: "asc" } });
    expect(charities.length).toBeGreaterThanOrEqual(3);
    expect(charities.map((c) => c.slug)).toEqual(seedCharities.map((c) => c.slug));
    for (const c of charities) expect(c.sentence, c.slug).toMatch(/^[A-Z][^.]*\.$/); // one sentence

    const sandbox = await db.team.findUnique({ where: { id: SANDBOX_TEAM_ID }, include: { memberships: true } });
    expect(sandbox).toMatchObject({ id: "sandbox", name: "Sandbox", memberships: [] });
    expect(await db.team.count()).toBe(1);
  });

  it("points every image at a file that exists in public/", async () => {
    const urls = [
      ...(await db.collection.findMany()).map((c) => c.imageUrl),
      ...(await db.product.findMany()).map((p) => p.imageUrl),
      ...(await db.design.findMany()).flatMap((d) => [d.imageUrl, d.thumbnailUrl]),
      ...(await db.logo.findMany()).map((l) => l.imageUrl),
      ...(await db.charity.findMany()).map((c) => c.logoUrl),
    ];
    const missing = urls.filter((url) => !url.startsWith("/") || !existsSync(path.join(process.cwd(), "public", url)));
    expect(missing).toEqual([]);
  });

  it("changes nothing when run again", async () => {
    const before = await snapshot(db);
    await seedCatalogue(db);
    expect(await snapshot(db)).toEqual(before);
  });

  it("puts edited catalogue rows back as seed-data.ts has them, without touching anything else", async () => {
    const before = await snapshot(db);
    const first = seedCollections[0];
    const user = await db.user.create({ data: { email: "someone@example.test", name: "Someone" } });
    await db.team.create({
      data: { id: "own-team", name: "Own team", memberships: { create: { userId: user.id, role: "owner" } } },
    });
    await db.team.update({ where: { id: SANDBOX_TEAM_ID }, data: { name: "Renamed sandbox" } });
    await db.collection.update({ where: { slug: first.slug }, data: { name: "Edited", priceCents: 1 } });
    await db.logo.updateMany({ data: { isDefault: true } });
    await db.charity.update({ where: { slug: seedCharities[0].slug }, data: { name: "Edited", position: 99 } });

    await seedCatalogue(db);

    const after = await snapshot(db);
    expect(after.collections).toEqual(before.collections);
    expect(after.products).toEqual(before.products);
    expect(after.variants).toEqual(before.variants);
    expect(after.designs).toEqual(before.designs);
    expect(after.logos).toEqual(before.logos);
    expect(after.charities).toEqual(before.charities);
    expect(after.logos.filter((l) => l.isDefault)).toHaveLength(1);
    // The seed creates the sandbox team but never overwrites it, nor other teams.
    expect(after.teams.map((t) => [t.id, t.name])).toEqual([
      ["own-team", "Own team"],
      ["sandbox", "Renamed sandbox"],
    ]);
    expect(after.memberships).toHaveLength(1);
    expect(after.users).toBe(1);
  });
});

describe("where the seeded products go", () => {
  it("each names ISO 3166-1 countries, at least one, none twice; the seed writes them", async () => {
    for (const p of seedCollections.flatMap((c) => c.products)) {
      expect(p.shipsTo.length, p.slug).toBeGreaterThan(0);
      expect(
        p.shipsTo.filter((code) => !isCountryCode(code)),
        p.slug,
      ).toEqual([]);
      expect(new Set(p.shipsTo).size, p.slug).toBe(p.shipsTo.length);
    }
    await seedCatalogue(db);
    const stored = await db.product.findUniqueOrThrow({ where: { slug: "potted-succulent" } });
    expect(stored.shipsTo).toEqual(["US", "CA"]);
  });
});
