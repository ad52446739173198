import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database/open";
import { openTestDatabase } from "@/lib/testing/test-database";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { findGiftByUntieToken, markGiftOpened, openGiftByUntieToken, untieGiftIn } from "./open-gift";
import { CATALOGUE_TRANSLATIONS } from "@/lib/catalogue/translations";
import { untieToken } from "@/lib/untie";
import { listCharities } from "@/lib/catalogue/charities";

let database: Database;
let owner: { teamId: string; senderId: string };
beforeAll(async () => {
  database = await openTestDatabase();
  const { user, team } = await createAccount(database.prisma);
  owner = { teamId: team.id, senderId: user.id };
});
afterAll(() => database?.close());

describe("the untie page's gift", () => {
  it("is found by its untie secret only, never by its id", async () => {
    const gift = await insertGift(database.prisma, owner);
    expect((await findGiftByUntieToken(database.prisma, untieToken(gift.id)))?.id).toBe(gift.id);
    expect(await findGiftByUntieToken(database.prisma, gift.id)).toBeNull();
    expect(await findGiftByUntieToken(database.prisma, "x".repeat(43))).toBeNull();
  });

  it("carries what the page shows, read in one statement: products in order with variants, events, charities while open", async () => {
    const db = database.prisma;
    const link = await insertGift(db, { ...owner, deliveryMethod: "link", email: null, scheduledAt: null });
    const page = (await findGiftByUntieToken(db, untieToken(link.id)))!;
    const collection = await db.collection.findUniqueOrThrow({
      where: { id: link.collectionId },
      include: { products: { orderBy: { position: "asc" }, include: { variants: { orderBy: { position: "asc" } } } } },
    });
    expect(page.collection.products.map((p) => [p.id, p.name, p.variants.map((v) => v.id)])).toEqual(
      collection.products.map((p) => [p.id, p.name, p.variants.map((v) => v.id)]),
    );
    const events = await db.giftEvent.findMany({ where: { giftId: link.id }, orderBy: { id: "asc" } });
    expect(page.events).toEqual(events.map((e) => ({ stage: e.stage, createdAt: e.createdAt })));
    expect(page.logo.imageUrl).toMatch(/^\//);
    expect(page.charities).toEqual(await listCharities(db));
    expect(page.charities.length).toBeGreaterThan(0);
    // A gift no longer open to a choice reads no charities and no swap products.
    const cancelled = await insertGift(db, { ...owner, stage: "cancelled" });
    const gone = (await findGiftByUntieToken(db, untieToken(cancelled.id)))!;
    expect([gone.stage, gone.charities, gone.swapProducts]).toEqual(["cancelled", [], []]);
  });

  it("reads in the recipient's language: collection, products, variants, charities and the design; the sender's words as written", async () => {
    const db = database.prisma;
    const link = await insertGift(db, { ...owner, deliveryMethod: "link", email: null, scheduledAt: null });
    const page = (await findGiftByUntieToken(db, untieToken(link.id)))!;
    const ar = untieGiftIn(page, "ar");
    const words = CATALOGUE_TRANSLATIONS.ar;
    expect(ar.collection.name).toBe(words.collections[page.collection.slug].name);
    expect(ar.collection.description).toBe(words.collections[page.collection.slug].description);
    expect(ar.collection.products.map((p) => [p.id, p.name, p.description])).toEqual(
      page.collection.products.map((p) => [p.id, words.products[p.slug].name, words.products[p.slug].description]),
    );
    const colored = page.collection.products.flatMap((p) => p.variants).filter((v) => v.color);
    const arColored = ar.collection.products.flatMap((p) => p.variants).filter((v) => v.color);
    expect(arColored.map((v) => [v.id, v.name])).toEqual(
      colored.map((v) => [v.id, v.name.replace(v.color!, words.colors[v.color!])]),
    );
    expect(ar.charities.map((c) => [c.slug, c.name, c.sentence, c.logoUrl])).toEqual(
      page.charities.map((c) => [c.slug, words.charities[c.slug].name, words.charities[c.slug].sentence, c.logoUrl]),
    );
    if (page.design) expect(ar.design?.name).toBe(words.designs[page.design.id].name);
    expect([ar.message, ar.from, ar.recipientName]).toEqual([page.message, page.from, page.recipientName]);
    // English keeps the stored words; every variant gains its picture (lib/catalogue/variant-art.ts).
    const pictured = (p: (typeof page.swapProducts)[number]) => ({
      ...p,
      variants: p.variants.map((v) => ({ ...v, imageUrl: expect.stringMatching(/^\/catalogue\/products\//) })),
    });
    expect(untieGiftIn(page, "en")).toEqual({
      ...page,
      collection: { ...page.collection, products: page.collection.products.map(pictured) },
      swapProducts: page.swapProducts.map(pictured),
    });
  });

  it("opens a sent email gift or a link gift once, with an event; never a scheduled email gift or a cancelled one", async () => {
    const db = database.prisma;
    const sent = await insertGift(db, { ...owner, stage: "sent" });
    const link = await insertGift(db, { ...owner, deliveryMethod: "link", email: null, scheduledAt: null });
    const unsent = await insertGift(db, owner);
    const cancelled = await insertGift(db, { ...owner, stage: "cancelled" });
    expect(await markGiftOpened(db, sent)).toBe(true);
    expect(await markGiftOpened(db, link)).toBe(true);
    expect(await markGiftOpened(db, unsent)).toBe(false);
    expect(await markGiftOpened(db, cancelled)).toBe(false);
    const opened = await db.gift.findUniqueOrThrow({
      where: { id: sent.id },
      include: { events: { orderBy: { id: "asc" } } },
    });
    expect(opened.events.map((e) => e.stage)).toEqual(["scheduled", "opened"]);
    expect(opened.lastEventAt).toEqual(opened.events[1].createdAt);
    expect(await markGiftOpened(db, { ...sent, stage: "sent" })).toBe(false); // already opened: no second event
    expect(await db.giftEvent.count({ where: { giftId: sent.id } })).toBe(2);
    expect((await db.gift.findUniqueOrThrow({ where: { id: unsent.id } })).stage).toBe("scheduled");
  });

  it("opens by the untie secret (the page's POST), once; a forged or malformed secret opens nothing", async () => {
    const db = database.prisma;
    const link = await insertGift(db, { ...owner, deliveryMethod: "link", email: null, scheduledAt: null });
    expect(await openGiftByUntieToken(db, "A".repeat(43))).toBe(false);
    expect(await openGiftByUntieToken(db, "../" + "x".repeat(5000))).toBe(false);
    expect(await openGiftByUntieToken(db, link.id)).toBe(false);
    const results = await Promise.all([
      openGiftByUntieToken(db, untieToken(link.id)),
      openGiftByUntieToken(db, untieToken(link.id)),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await db.giftEvent.findMany({ where: { giftId: link.id } })).map((e) => e.stage).sort()).toEqual([
      "opened",
      "scheduled",
    ]);
  });
});
