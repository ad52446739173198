import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database/open";
import { openTestDatabase } from "@/lib/testing/test-database";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { untieToken } from "@/lib/untie";
import { redeemGift } from "@/lib/redemption";
import { advanceFulfilment, fulfilmentRetryDelayMs, type FulfilmentOrder, type FulfilmentProvider } from "./index";
import { SimulatedWarehouse } from "./simulated";

let database: Database;
let owner: { teamId: string; senderId: string };
let productId: number;
beforeAll(async () => {
  database = await openTestDatabase();
  const { user, team } = await createAccount(database.prisma);
  owner = { teamId: team.id, senderId: user.id };
  await insertGift(database.prisma, owner);
  const first = await database.prisma.collection.findFirstOrThrow({ where: { global: true }, orderBy: { id: "asc" } });
  productId = (
    await database.prisma.product.findFirstOrThrow({ where: { collectionId: first.id, variants: { none: {} } } })
  ).id;
});
afterAll(() => database?.close());

const address = {
  fullName: "Kim Lee",
  line1: "1 Main Street",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
  country: "US",
  email: "kim@example.test",
};
const at = (t0: Date, seconds: number) => new Date(t0.getTime() + seconds * 1000);

/** A fresh redeemed gift; only it is fulfilled by the test's provider (other tests' gifts are left alone). */
async function redeemedGift(now: Date) {
  const gift = await insertGift(database.prisma, {
    ...owner,
    deliveryMethod: "link",
    email: null,
    scheduledAt: null,
    livemode: false,
  });
  await redeemGift(database.prisma, { secret: untieToken(gift.id), productId, address }, { now });
  return gift.id;
}

/** Runs `provider` for `giftId` only: other gifts get a warehouse that never ships. */
const only = (giftId: string, provider: FulfilmentProvider) => (gift: { id: string }) =>
  gift.id === giftId ? provider : idle;
const idle: FulfilmentProvider = {
  name: "idle",
  submit: async () => ({ orderId: "idle" }),
  status: async () => ({ status: "pending" }),
};

const stageOf = async (id: string) => (await database.prisma.gift.findUniqueOrThrow({ where: { id } })).stage;

describe("advanceFulfilment with the simulated warehouse", () => {
  it("submits once, ships after the ship delay with tracking, delivers after the deliver delay, one event each", async () => {
    const db = database.prisma;
    const t0 = new Date(Date.now() + 3_600_000);
    const id = await redeemedGift(t0);
    const warehouse = new SimulatedWarehouse({ shipAfterS: 30, deliverAfterS: 60 });
    const provider = only(id, warehouse);

    expect((await advanceFulfilment(db, { now: t0, provider })).submitted).toContain(id);
    expect((await advanceFulfilment(db, { now: at(t0, 29), provider })).shipped).not.toContain(id);
    expect(await stageOf(id)).toBe("redeemed");
    expect((await advanceFulfilment(db, { now: at(t0, 30), provider })).shipped).toEqual([id]);
    const shipped = await db.gift.findUniqueOrThrow({ where: { id } });
    expect(shipped).toMatchObject({
      stage: "shipped",
      carrier: "Ribbon Post (simulated)",
      trackingNumber: expect.stringMatching(/^RBN[0-9A-F]{12}$/),
      trackingUrl: expect.stringMatching(/^https:\/\/tracking\.example\.com\/RBN/),
    });
    expect((await advanceFulfilment(db, { now: at(t0, 89), provider })).delivered).not.toContain(id);
    expect((await advanceFulfilment(db, { now: at(t0, 90), provider })).delivered).toEqual([id]);
    await advanceFulfilment(db, { now: at(t0, 500), provider });
    const events = await db.giftEvent.findMany({ where: { giftId: id }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.stage)).toEqual(["scheduled", "opened", "redeemed", "shipped", "delivered"]);
    expect(events[3].message).toContain(shipped.trackingNumber!);
  });

  it("a gift already past both delays moves to shipped then delivered in one pass", async () => {
    const t0 = new Date(Date.now() + 7_200_000);
    const id = await redeemedGift(t0);
    const provider = only(id, new SimulatedWarehouse({ shipAfterS: 0, deliverAfterS: 0 }));
    const summary = await advanceFulfilment(database.prisma, { now: t0, provider });
    expect(summary).toMatchObject({ submitted: [id], shipped: [id], delivered: [id] });
  });
});

describe("advanceFulfilment's exactly-once and failures", () => {
  it("two sweeps racing submit each order once and move each stage once", async () => {
    const db = database.prisma;
    const t0 = new Date(Date.now() + 10_800_000);
    const id = await redeemedGift(t0);
    const orders: FulfilmentOrder[] = [];
    const counting: FulfilmentProvider = {
      name: "counting",
      submit: async (order) => {
        orders.push(order);
        await new Promise((r) => setTimeout(r, 50));
        return { orderId: `ORD-${order.giftId}` };
      },
      status: (order, now) => new SimulatedWarehouse({ shipAfterS: 10, deliverAfterS: 10 }).status(order, now),
    };
    const provider = only(id, counting);
    await Promise.all([advanceFulfilment(db, { now: t0, provider }), advanceFulfilment(db, { now: t0, provider })]);
    expect(orders.map((o) => o.giftId)).toEqual([id]);
    expect(orders[0]).toMatchObject({ product: { id: productId }, variant: null, address: { city: "Springfield" } });
    await Promise.all([
      advanceFulfilment(db, { now: at(t0, 10), provider }),
      advanceFulfilment(db, { now: at(t0, 10), provider }),
    ]);
    await Promise.all([
      advanceFulfilment(db, { now: at(t0, 20), provider }),
      advanceFulfilment(db, { now: at(t0, 20), provider }),
    ]);
    const stages = (await db.giftEvent.findMany({ where: { giftId: id }, orderBy: { id: "asc" } })).map((e) => e.stage);
    expect(stages).toEqual(["scheduled", "opened", "redeemed", "shipped", "delivered"]);
    // The recipient's emails of each move, queued with it: one "shipped" and one "delivered", however many sweeps raced.
    const emails = await db.emailOutbox.findMany({ where: { giftId: id }, orderBy: { id: "asc" } });
    expect(emails.map((e) => [e.kind, e.to])).toEqual([
      ["redemption", address.email],
      ["shipped", address.email],
      ["delivered", address.email],
    ]);
  });

  it("a refused order is retried with backoff, then the gift fails with the reason; never a second order once accepted", async () => {
    const db = database.prisma;
    const t0 = new Date(Date.now() + 14_400_000);
    const id = await redeemedGift(t0);
    let calls = 0;
    const refusing: FulfilmentProvider = {
      ...idle,
      name: "refusing",
      submit: async () => {
        calls++;
        throw new Error("warehouse closed");
      },
    };
    const provider = only(id, refusing);
    let now = t0;
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(
        (await advanceFulfilment(db, { now, provider, maxAttempts: 3 }))[attempt < 3 ? "retrying" : "failed"],
      ).toEqual([id]);
      // Not before its retry time.
      expect((await advanceFulfilment(db, { now: at(now, 1), provider, maxAttempts: 3 })).retrying).toEqual([]);
      now = new Date(now.getTime() + fulfilmentRetryDelayMs(attempt));
    }
    expect(calls).toBe(3);
    const gift = await db.gift.findUniqueOrThrow({ where: { id }, include: { events: { orderBy: { id: "asc" } } } });
    expect(gift.stage).toBe("failed");
    expect(gift.events.at(-1)?.message).toBe("Order not accepted after 3 attempts: warehouse closed");
    await advanceFulfilment(db, { now: at(now, 86_400), provider, maxAttempts: 3 });
    expect(calls).toBe(3);
  });

  it("backs off 30 s, 2 min, 8 min … capped at 6 hours", () => {
    expect([1, 2, 3].map(fulfilmentRetryDelayMs)).toEqual([30_000, 120_000, 480_000]);
    expect(fulfilmentRetryDelayMs(50)).toBe(6 * 3600_000);
  });
});

describe("advanceFulfilment when the provider can't answer", () => {
  it("skips an order whose status fails and still moves the others", async () => {
    const t0 = new Date(Date.now() + 18_000_000);
    const broken = await redeemedGift(t0);
    const fine = await redeemedGift(t0);
    const warehouse = new SimulatedWarehouse({ shipAfterS: 0, deliverAfterS: 3600 });
    const flaky: FulfilmentProvider = {
      name: "flaky",
      submit: (o) => warehouse.submit(o),
      status: async () => {
        throw new Error("timeout");
      },
    };
    const provider = (gift: { id: string }) => (gift.id === broken ? flaky : gift.id === fine ? warehouse : idle);
    const summary = await advanceFulfilment(database.prisma, { now: t0, provider });
    expect(summary.submitted).toEqual(expect.arrayContaining([broken, fine]));
    expect(summary.shipped).toEqual([fine]);
    expect(await stageOf(broken)).toBe("redeemed");
  });
});
