import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database/open";
import { openTestDatabase } from "@/lib/testing/test-database";
import { catalogue, createAccount, insertGift } from "@/lib/testing/fixtures";
import { untieToken } from "@/lib/untie";
import { ValidationError } from "@/lib/errors";
import { declineGift, redeemGift, RedemptionRefused } from "@/lib/redemption";
import { findGiftByUntieToken } from "@/lib/gifts/open-gift";
import { swapProductsFor } from "./swap";

// Issue 23 "Swap": a recipient may choose from the team's swap collections, any product priced at or below the gift.
let database: Database;
let owner: { teamId: string; senderId: string };
let price: number;
let made = 0;

const address = {
  fullName: "Kim Lee",
  line1: "1 Main Street",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
  country: "US",
  email: "kim@example.test",
};

const collection = (priceCents: number, teamId?: string) =>
  database.prisma.collection.create({
    data: {
      slug: `swap-${++made}-${Date.now()}`,
      name: `Swap ${made}`,
      description: "",
      imageUrl: "/x.svg",
      priceCents,
      global: !teamId,
      teamId,
      products: {
        create: [
          {
            slug: `swap-${made}-${Date.now()}-a`,
            name: `Swap ${made} A`,
            description: "",
            imageUrl: "/x.svg",
            position: 0,
            shipsTo: ["US", "DE", "GB"],
          },
          {
            slug: `swap-${made}-${Date.now()}-b`,
            name: `Swap ${made} B`,
            description: "",
            imageUrl: "/x.svg",
            position: 1,
            shipsTo: ["US", "DE", "GB"],
            variants: { create: [{ name: "Small" }, { name: "Large" }] },
          },
        ],
      },
    },
    include: { products: { orderBy: { position: "asc" }, include: { variants: true } } },
  });

let cheap: Awaited<ReturnType<typeof collection>>;
let same: Awaited<ReturnType<typeof collection>>;
let dear: Awaited<ReturnType<typeof collection>>;
let notSwap: Awaited<ReturnType<typeof collection>>;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.prisma;
  const account = await createAccount(db);
  owner = { teamId: account.team.id, senderId: account.user.id };
  price = (await catalogue(db)).collection.priceCents;
  cheap = await collection(price - 100);
  same = await collection(price, owner.teamId);
  dear = await collection(price + 1);
  notSwap = await collection(1);
  await db.team.update({
    where: { id: owner.teamId },
    data: { swapCollectionIds: [cheap.id, same.id, dear.id] },
  });
});
afterAll(() => database?.close());

const linkGift = (data: Record<string, unknown> = {}) =>
  insertGift(database.prisma, { ...owner, deliveryMethod: "link", email: null, scheduledAt: null, ...data });

async function snapshot(giftId: string) {
  const db = database.prisma;
  return {
    gift: await db.gift.findUniqueOrThrow({ where: { id: giftId } }),
    events: await db.giftEvent.count({ where: { giftId } }),
    emails: await db.emailOutbox.count(),
  };
}

describe("swap", () => {
  it("lists the swap collections' products priced at or below the gift, never the gift's own or a dearer one", async () => {
    const gift = await linkGift();
    const listed = (await swapProductsFor(database.prisma, gift)).map((p) => p.id);
    expect(new Set(listed)).toEqual(new Set([...cheap.products, ...same.products].map((p) => p.id)));
    // A cheaper gift: only what costs no more than it.
    const cheaper = await linkGift({ priceCents: price - 1 });
    expect(new Set((await swapProductsFor(database.prisma, cheaper)).map((p) => p.id))).toEqual(
      new Set(cheap.products.map((p) => p.id)),
    );
    // A sandbox gift costs nothing: its collection's price stands for it.
    const sandbox = await linkGift({ livemode: false, priceCents: 0 });
    expect(await swapProductsFor(database.prisma, sandbox)).toHaveLength(4);
    // The untie page reads the same rule in its one statement, with each product's variants.
    for (const g of [gift, cheaper, sandbox]) {
      const page = await findGiftByUntieToken(database.prisma, untieToken(g.id));
      expect(page?.swapProducts).toEqual(await swapProductsFor(database.prisma, g));
    }
  });

  it("shows nothing to a team without swap collections", async () => {
    const other = await createAccount(database.prisma);
    const gift = await insertGift(database.prisma, {
      teamId: other.team.id,
      senderId: other.user.id,
      deliveryMethod: "link",
      email: null,
      scheduledAt: null,
    });
    expect(await swapProductsFor(database.prisma, gift)).toEqual([]);
  });

  it("redeems a swap product within the price and records the swap collection", async () => {
    const gift = await linkGift();
    const product = same.products[1];
    const redeemed = await redeemGift(database.prisma, {
      secret: untieToken(gift.id),
      productId: product.id,
      variantId: product.variants[0].id,
      address,
    });
    expect(redeemed.product).toEqual({ id: product.id, name: product.name, slug: product.slug });
    const after = await database.prisma.gift.findUniqueOrThrow({
      where: { id: gift.id },
      include: { events: { orderBy: { id: "asc" } } },
    });
    expect(after).toMatchObject({
      stage: "redeemed",
      selectedProductId: product.id,
      variantId: product.variants[0].id,
      swapCollectionId: same.id,
      priceCents: price,
    });
    expect(after.events.at(-1)?.message).toBe(`Swapped to ${same.name}: chose ${product.name} (Small)`);
  });

  it("keeps a product of the gift's own collection unswapped", async () => {
    const gift = await linkGift();
    const own = await database.prisma.product.findFirstOrThrow({
      where: { collectionId: gift.collectionId, variants: { none: {} } },
    });
    await redeemGift(database.prisma, { secret: untieToken(gift.id), productId: own.id, variantId: null, address });
    expect((await database.prisma.gift.findUniqueOrThrow({ where: { id: gift.id } })).swapCollectionId).toBeNull();
  });

  it("refuses a forged product over the price or from a collection that is not a swap one, writing nothing", async () => {
    const gift = await linkGift({ priceCents: price - 1 });
    const before = await snapshot(gift.id);
    for (const product of [dear.products[0], same.products[0], notSwap.products[0]]) {
      const error = await redeemGift(database.prisma, {
        secret: untieToken(gift.id),
        productId: product.id,
        variantId: null,
        address,
      }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).problems[0].pointer).toBe("productId");
    }
    expect(await snapshot(gift.id)).toEqual(before);
  });

  it("refuses a swap collection the team can no longer use (another team's), writing nothing", async () => {
    const stranger = await createAccount(database.prisma);
    const theirs = await collection(1, stranger.team.id);
    const other = await createAccount(database.prisma);
    // Forged straight into the row: the API refuses another team's collection.
    await database.prisma.team.update({ where: { id: other.team.id }, data: { swapCollectionIds: [theirs.id] } });
    const gift = await insertGift(database.prisma, {
      teamId: other.team.id,
      senderId: other.user.id,
      deliveryMethod: "link",
      email: null,
      scheduledAt: null,
    });
    const before = await snapshot(gift.id);
    await expect(
      redeemGift(database.prisma, {
        secret: untieToken(gift.id),
        productId: theirs.products[0].id,
        variantId: null,
        address,
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(await snapshot(gift.id)).toEqual(before);
  });

  it("of two tabs racing (a swap against the gift's own product, or against a decline) exactly one wins, and the row says which", async () => {
    const db = database.prisma;
    const swapped = cheap.products[0];
    for (let i = 0; i < 3; i++) {
      const gift = await linkGift();
      const own = await db.product.findFirstOrThrow({
        where: { collectionId: gift.collectionId, variants: { none: {} } },
      });
      const secret = untieToken(gift.id);
      const choose = (productId: number) => redeemGift(db, { secret, productId, variantId: null, address });
      const [swap, other] = await Promise.allSettled([
        choose(swapped.id),
        i === 2 ? declineGift(db, { secret, reason: "other tab" }) : choose(own.id),
      ]);
      expect([swap.status, other.status].filter((s) => s === "fulfilled")).toHaveLength(1);
      const loser = [swap, other].find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(loser.reason).toBeInstanceOf(RedemptionRefused);
      const row = await db.gift.findUniqueOrThrow({ where: { id: gift.id }, include: { events: true } });
      if (swap.status === "fulfilled") {
        expect(row).toMatchObject({ stage: "redeemed", selectedProductId: swapped.id, swapCollectionId: cheap.id });
      } else {
        expect(row.stage).toBe(i === 2 ? "declined" : "redeemed");
        expect(row.swapCollectionId).toBeNull();
        expect(row.selectedProductId).toBe(i === 2 ? null : own.id);
      }
      expect(row.events.filter((e) => e.stage === "redeemed" || e.stage === "declined")).toHaveLength(1);
    }
  });
});
