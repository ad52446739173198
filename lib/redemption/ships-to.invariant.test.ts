import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database/open";
import { openTestDatabase } from "@/lib/testing/test-database";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { untieToken } from "@/lib/untie";
import { ValidationError } from "@/lib/errors";
import { COUNTRY_CODES } from "@/lib/format/countries";
import { findGiftByUntieToken } from "@/lib/gifts/open-gift";
import { reaches } from "@/lib/catalogue/ships-to";
import { seedCollections } from "@/lib/catalogue/seed-data";
import { simulateGift } from "@/lib/simulation/simulate-gift";
import type { Caller } from "@/lib/tokens";
import { donateGift, redeemGift } from "@/lib/redemption";
import { offerFor, pageCountry } from "./offer";

/*
 * The invariant of issue 46: no product is redeemable where it doesn't ship. Not per endpoint:
 * (1) every place in the code that writes a gift's chosen product is found from the source and
 * must be one this file drives; (2) the database refuses any write of a choice whose product
 * doesn't ship to the address, whoever writes it; (3) each path, driven with every seeded product
 * and countries it does and doesn't reach, offers and accepts only what reaches the country.
 */

const ROOT = path.join(import.meta.dirname, "..", "..");

/** Every source file outside tests and generated code that writes `selectedProductId` (Prisma data or SQL). */
function writersOfTheChoice(): string[] {
  return ["lib", "app"]
    .flatMap((dir) => (readdirSync(path.join(ROOT, dir), { recursive: true }) as string[]).map((f) => `${dir}/${f}`))
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|__tests__|^lib\/(generated|testing)\//.test(f))
    .filter((f) => {
      const source = readFileSync(path.join(ROOT, f), "utf8");
      // A data key (`selectedProductId: x`) or a column in an INSERT/UPDATE ("selectedProductId" =).
      return /selectedProductId:(?!\s*true\b)/.test(source) || /"selectedProductId"\s*=/.test(source);
    })
    .sort();
}

// The addresses the tests redeem to: valid for each country's own rules (lib/redemption/address-format.ts).
const ADDRESSES: Record<string, Record<string, string>> = {
  US: { city: "Springfield", region: "IL", postalCode: "62701" },
  DE: { city: "Berlin", region: "", postalCode: "10115" },
  BR: { city: "São Paulo", region: "SP", postalCode: "01310-100" },
  AT: { city: "Wien", region: "", postalCode: "1010" },
  NZ: { city: "Wellington", region: "", postalCode: "6011" },
};
const addressIn = (country: string) => ({
  fullName: "Kim Lee",
  line1: "1 Main Street",
  ...ADDRESSES[country],
  country,
  email: "kim@example.test",
});

let database: Database;
let owner: { teamId: string; senderId: string };

beforeAll(async () => {
  database = await openTestDatabase();
  const account = await createAccount(database.prisma);
  owner = { teamId: account.team.id, senderId: account.user.id };
  await insertGift(database.prisma, owner); // seeds the catalogue
});
afterAll(() => database?.close());

const linkGift = (data: Record<string, unknown> = {}) =>
  insertGift(database.prisma, { ...owner, deliveryMethod: "link", email: null, scheduledAt: null, ...data });

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e,
  );

describe("no product is redeemable where it doesn't ship", () => {
  it("knows every path that writes a chosen product (found in the source, not listed by hand)", () => {
    // create.ts writes none (null); redeem.ts is the recipient's choice (the untie page's form, its
    // swap, a forged post); simulate-gift.ts is the sandbox's simulated redemption. A new writer
    // fails here until this file drives it.
    const writers = ["lib/gifts/create.ts", "lib/redemption/redeem.ts", "lib/simulation/simulate-gift.ts"];
    // Files that name the field without writing it, each with the reason.
    const readers = {
      "lib/gifts/list-gifts.ts": "maps a row it read to the gift's view",
      "lib/privacy/columns.ts": "classifies the column for erasure",
    };
    expect(writersOfTheChoice()).toEqual([...writers, ...Object.keys(readers)].sort());
  });

  it("the database refuses a choice whose product doesn't ship to the address, whatever writes it", async () => {
    const db = database.prisma;
    const nowhere = await db.product.findFirstOrThrow({ where: { slug: "potted-succulent" } });
    expect(nowhere.shipsTo).toEqual(["US", "CA"]);
    const gift = await linkGift({ stage: "opened" });
    const write = (country: string) =>
      db.gift.update({
        where: { id: gift.id },
        data: { selectedProductId: nowhere.id, address: addressIn(country) },
      });
    expect(String(await refusal(write("DE")))).toMatch(/not_deliverable: product \d+ does not ship to DE/);
    // An address without a country is no exception.
    const noCountry = db.gift.update({
      where: { id: gift.id },
      data: { selectedProductId: nowhere.id, address: { fullName: "Kim" } },
    });
    expect(String(await refusal(noCountry))).toMatch(/does not ship to no country/);
    expect((await db.gift.findUniqueOrThrow({ where: { id: gift.id } })).selectedProductId).toBeNull();
    // Where it ships, the same write goes through; a later scrub of the address (erasure) is no new choice.
    await write("US");
    await db.gift.update({ where: { id: gift.id }, data: { address: { erased: true } } });
  });

  it("the untie page offers, for every country, only what reaches it, and never a dead end", async () => {
    const db = database.prisma;
    // A team whose swap collections are two seeded ones: the page's fallback.
    await db.team.update({
      where: { id: owner.teamId },
      data: {
        swapCollectionIds: (
          await db.collection.findMany({ where: { slug: { in: ["desk-upgrade", "sweet-treats"] } } })
        ).map((c) => c.id),
      },
    });
    for (const seeded of seedCollections) {
      const collection = await db.collection.findUniqueOrThrow({ where: { slug: seeded.slug } });
      const gift = await linkGift({ collectionId: collection.id });
      const page = (await findGiftByUntieToken(db, untieToken(gift.id)))!;
      const wrong: string[] = [];
      for (const country of COUNTRY_CODES) {
        const offer = offerFor(page.collection.products, page.swapProducts, country);
        for (const p of [...offer.products, ...offer.swapProducts])
          if (!reaches(p, country)) wrong.push(`${seeded.slug} offers ${p.slug} in ${country}`);
        // Whatever its own collection reaches is offered; the fallback exactly when none of it does.
        if (offer.products.length !== page.collection.products.filter((p) => reaches(p, country)).length)
          wrong.push(`${seeded.slug} hides a product that reaches ${country}`);
        if (offer.fallback !== (offer.products.length === 0)) wrong.push(`${seeded.slug} fallback in ${country}`);
        if (offer.nothing !== (offer.products.length === 0 && offer.swapProducts.length === 0))
          wrong.push(`${seeded.slug} dead end in ${country}`);
      }
      expect(wrong).toEqual([]);
    }
    // Sweet Treats (food) can't go to Brazil; the team's Desk Upgrade swap can: the swap is the offer.
    const sweets = await db.collection.findUniqueOrThrow({ where: { slug: "sweet-treats" } });
    const gift = await linkGift({ collectionId: sweets.id, priceCents: 100_000 });
    const page = (await findGiftByUntieToken(db, untieToken(gift.id)))!;
    const br = offerFor(page.collection.products, page.swapProducts, "BR");
    expect(br).toMatchObject({ products: [], fallback: true, nothing: false });
    expect(br.swapProducts.map((p) => p.slug)).not.toContain("potted-succulent");
    expect(br.swapProducts.length).toBeGreaterThan(0);
    // North Korea: nothing of either reaches it; the donation is offered (nothing ships for it).
    expect(offerFor(page.collection.products, page.swapProducts, "KP")).toMatchObject({ nothing: true });
  });

  it("the page's country: the recipient's ?country=, else the sender's, else the browser's; forged values ignored", () => {
    const base = { named: null, locale: "en" as const, acceptLanguage: "pt-BR,pt;q=0.9" };
    expect(pageCountry({ ...base, asked: undefined })).toBe("BR");
    expect(pageCountry({ ...base, asked: "de" })).toBe("DE");
    expect(pageCountry({ ...base, named: "JP", asked: undefined })).toBe("JP");
    expect(pageCountry({ ...base, named: "JP", asked: "AT" })).toBe("AT");
    for (const forged of [["BR", "DE"], "ZZ", "<script>", "B".repeat(100_000), "", 42, "__proto__"])
      expect(pageCountry({ ...base, named: "JP", asked: forged })).toBe("JP");
  });

  it("the recipient's redemption (form, swap or forged post) accepts a product exactly where it ships", async () => {
    const db = database.prisma;
    const products = await db.product.findMany({
      where: { collection: { slug: { in: ["coffee-lovers", "desk-upgrade", "wellness-and-calm"] } } },
      include: { variants: true, collection: true },
    });
    // Refusals change nothing, so one gift per product takes them all, then one acceptance.
    for (const product of products) {
      const redeem = (giftId: string, country: string) =>
        refusal(
          redeemGift(db, {
            secret: untieToken(giftId),
            productId: String(product.id),
            variantId: product.variants[0] ? String(product.variants[0].id) : null,
            address: addressIn(country),
          }),
        );
      const gift = await linkGift({ collectionId: product.collectionId });
      const [reached, ...others] = Object.keys(ADDRESSES).filter((c) => reaches(product, c));
      for (const country of Object.keys(ADDRESSES).filter((c) => !reaches(product, c))) {
        const error = await redeem(gift.id, country);
        expect(error, `${product.slug} to ${country}`).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).problems).toEqual([
          { pointer: "productId", detail: expect.stringMatching(/can't be delivered to /) },
        ]);
      }
      // Nothing written by the refusals: the gift is still open, and takes a country the product reaches.
      expect((await db.gift.findUniqueOrThrow({ where: { id: gift.id } })).stage).toBe("scheduled");
      expect(reached, product.slug).toBeDefined();
      expect(await redeem(gift.id, others[0] ?? reached), `${product.slug} to ${others[0] ?? reached}`).toBeNull();
    }
  });

  it("a swap product is held to its own shipsTo; the recipient's words name the country", async () => {
    const db = database.prisma;
    const candle = await db.product.findFirstOrThrow({ where: { slug: "lavender-soy-candle" } });
    expect(candle.shipsTo).not.toContain("BR");
    const wellness = await db.collection.findUniqueOrThrow({ where: { slug: "wellness-and-calm" } });
    await db.team.update({ where: { id: owner.teamId }, data: { swapCollectionIds: [wellness.id] } });
    const sweets = await db.collection.findUniqueOrThrow({ where: { slug: "sweet-treats" } });
    const gift = await linkGift({ collectionId: sweets.id, priceCents: 100_000 });
    const error = await refusal(
      redeemGift(db, { secret: untieToken(gift.id), productId: candle.id, address: addressIn("BR") }, { locale: "es" }),
    );
    expect((error as ValidationError).problems[0].detail).toMatch(/no se puede enviar a Brasil/);
    // The same swap product to a country it reaches goes through.
    await redeemGift(db, { secret: untieToken(gift.id), productId: candle.id, address: addressIn("DE") });
  });

  it("a donation reaches every country: the fallback always works", async () => {
    const gift = await linkGift();
    const charity = await database.prisma.charity.findFirstOrThrow();
    await donateGift(database.prisma, { secret: untieToken(gift.id), charity: charity.slug });
  });

  it("the sandbox's simulated redemption picks a product that ships to its sample address, else none", async () => {
    const db = database.prisma;
    const account = await createAccount(db);
    const caller = { user: account.user, mode: "sandbox", via: "token" } as unknown as Caller;
    const sandbox = { id: "sandbox" } as never;
    const only = await db.collection.create({
      data: {
        slug: `nowhere-near-${Date.now()}`,
        name: "Far away",
        description: "",
        imageUrl: "/x.svg",
        priceCents: 100,
        teamId: "sandbox",
        global: false,
        products: {
          create: [
            { slug: `jp-only-${Date.now()}`, name: "JP only", description: "", imageUrl: "/x.svg", shipsTo: ["JP"] },
          ],
        },
      },
    });
    const gift = await insertGift(db, {
      teamId: "sandbox",
      senderId: account.user.id,
      livemode: false,
      collectionId: only.id,
      stage: "opened",
    });
    const redeemed = await simulateGift(db, caller, sandbox, gift.id, { stage: "redeemed" });
    expect(redeemed.selectedProductId).toBeNull();
  });
});
