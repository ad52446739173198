import { describe, expect, test } from "vitest";
import { Inngest, RetryAfterError } from "inngest";
import { InngestTestEngine } from "@inngest/test";
import { moveGift } from "@/lib/gifts/stages";
import { databaseWithOwner } from "@/lib/testing/database-for-file";
import { insertGift } from "@/lib/testing/fixtures";
import { fakeTransport } from "@/lib/testing/fake-transport";
import { createFunctions, deliverOrThrow } from "./functions";

const t = databaseWithOwner();
let transport = fakeTransport();
// Quiet: the SDK logs every step error, and these tests make steps fail on purpose.
const quiet = { info() {}, warn() {}, error() {}, debug() {} };
const client = new Inngest({ id: "ribbon-test", isDev: true, logger: quiet, internalLogger: quiet });
const fns = createFunctions(client, { db: async () => t.db, transport: () => transport });

const scheduledEvent = (giftId: string, scheduledAt: Date) =>
  [{ name: "gift/scheduled", data: { giftId, scheduledAt: scheduledAt.toISOString() } }] as [
    { name: string; data: Record<string, unknown> },
  ];
// Time can't pass in a test run: the sleep step is mocked (unmocked it would wait forever).
const skipSleep = { id: "wait-for-scheduled-at", handler() {} };
/** One run of deliver-scheduled-gift (a fresh engine: an engine remembers the steps it ran). */
const runDelivery = (giftId: string, scheduledAt: Date) =>
  new InngestTestEngine({ function: fns.deliverScheduledGift }).execute({
    events: scheduledEvent(giftId, scheduledAt),
    steps: [skipSleep],
  });

describe("deliver-scheduled-gift", () => {
  test("sleeps until scheduled_at, then delivers the gift once", async () => {
    transport = fakeTransport();
    const gift = await insertGift(t.db, t.owner);
    const { result, ctx } = await runDelivery(gift.id, gift.scheduledAt!);

    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("wait-for-scheduled-at", gift.scheduledAt!.toISOString());
    expect(ctx.step.run).toHaveBeenCalledWith("deliver-gift", expect.any(Function));
    expect(result).toEqual({ giftId: gift.id, outcome: "sent" });
    expect(transport.sent).toHaveLength(1);
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).stage).toBe("sent");

    // A duplicate run (event sent twice, or a retry after a lost response) sends nothing more.
    const again = await runDelivery(gift.id, gift.scheduledAt!);
    expect(again.result).toEqual({ giftId: gift.id, outcome: "skipped", reason: "not-scheduled" });
    expect(transport.sent).toHaveLength(1);
  });

  test("is cancelled by gift/cancelled for the same gift, and a cancelled gift never sends", async () => {
    expect(fns.deliverScheduledGift.opts.cancelOn).toEqual([
      { event: expect.objectContaining({ name: "gift/cancelled" }), match: "data.giftId" },
    ]);

    transport = fakeTransport();
    const gift = await insertGift(t.db, { ...t.owner, scheduledAt: new Date(Date.now() - 1000) });
    await t.db.$transaction((tx) => moveGift(tx, gift.id, "cancelled"));
    const { result } = await runDelivery(gift.id, gift.scheduledAt!);
    expect(result).toEqual({ giftId: gift.id, outcome: "skipped", reason: "not-scheduled" });
    expect(transport.calls).toBe(0);
  });

  test("a transport failure asks Inngest to retry at the gift's backoff time; the retry sends once", async () => {
    transport = fakeTransport({ failTimes: 1 });
    const gift = await insertGift(t.db, t.owner);

    const failed = await runDelivery(gift.id, gift.scheduledAt!);
    expect(failed.error).toMatchObject({
      name: "RetryAfterError",
      message: "Attempt 1 failed: 451 mailbox temporarily unavailable",
    });
    expect(await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).toMatchObject({
      stage: "scheduled",
      deliveryAttempts: 1,
    });

    // Inngest retries the step; @inngest/test doesn't model retries (nor the retry time), so run it again.
    // Too early: the gift is waiting for its backoff time, nothing is sent.
    const early = await runDelivery(gift.id, gift.scheduledAt!);
    expect(early.result).toEqual({ giftId: gift.id, outcome: "skipped", reason: "leased" });
    expect(transport.calls).toBe(1);
    // At the retry time (moved into the past here): sent, once.
    await t.db.gift.update({ where: { id: gift.id }, data: { deliveryLeaseUntil: new Date(Date.now() - 1) } });
    const retried = await runDelivery(gift.id, gift.scheduledAt!);
    expect(retried.result).toEqual({ giftId: gift.id, outcome: "sent" });
    expect(transport.calls).toBe(2);
    expect(transport.sent).toHaveLength(1);
  });

  test("the retry time handed to Inngest is the gift's backoff time", async () => {
    const gift = await insertGift(t.db, t.owner);
    const error = await deliverOrThrow(t.db, gift.id, fakeTransport({ failTimes: 1 })).catch((e: unknown) => e);
    const { deliveryLeaseUntil } = await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } });
    expect(error).toBeInstanceOf(RetryAfterError);
    expect(error).toMatchObject({ retryAfter: deliveryLeaseUntil!.toISOString() });
  });

  test("after the last attempt the run fails for good and the gift is failed", async () => {
    transport = fakeTransport({ failTimes: Infinity });
    const gift = await insertGift(t.db, { ...t.owner, deliveryAttempts: 4 });
    const { error } = await runDelivery(gift.id, gift.scheduledAt!);
    expect(error).toMatchObject({
      name: "NonRetriableError",
      message: "Gave up after 5 attempts: 451 mailbox temporarily unavailable",
    });
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).stage).toBe("failed");
  });

  test("woken before the gift is due (clock skew), it asks to retry at scheduled_at", async () => {
    transport = fakeTransport();
    const scheduledAt = new Date(Date.now() + 3600_000);
    const gift = await insertGift(t.db, { ...t.owner, scheduledAt });
    const { error } = await runDelivery(gift.id, scheduledAt);
    expect(error).toMatchObject({ name: "RetryAfterError", message: "Not due yet" });
    await expect(deliverOrThrow(t.db, gift.id, transport)).rejects.toMatchObject({
      retryAfter: scheduledAt.toISOString(),
    });
    expect(transport.calls).toBe(0);
  });
});

describe("sweep-due-gifts", () => {
  test("runs every minute and delivers due gifts, sandbox ones suppressed", async () => {
    expect(fns.sweepDueGifts.opts.triggers).toEqual([{ cron: "* * * * *" }]);
    transport = fakeTransport();
    await t.db.gift.updateMany({
      where: { stage: "scheduled" },
      data: { scheduledAt: new Date(Date.now() + 86_400_000) },
    }); // park earlier tests' gifts
    const live = await insertGift(t.db, t.owner);
    const sandbox = await insertGift(t.db, { ...t.owner, livemode: false });
    const engine = new InngestTestEngine({ function: fns.sweepDueGifts });
    const { result } = await engine.execute();
    expect(result).toEqual({ claimed: 2 });
    expect(transport.sent.map((m) => m.idempotencyKey)).toEqual([`gift-email-${live.id}`]);
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: sandbox.id } })).stage).toBe("sent");
  });
});

describe("expire-gifts", () => {
  test("runs daily and expires unredeemed gifts past their expiry date", async () => {
    expect(fns.expireGifts.opts.triggers).toEqual([{ cron: "TZ=UTC 5 0 * * *" }]);
    const old = await insertGift(t.db, { ...t.owner, stage: "sent", expiresOn: new Date("2020-01-01") });
    const engine = new InngestTestEngine({ function: fns.expireGifts });
    const { result } = await engine.execute();
    expect(result).toEqual({ expired: 1 });
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: old.id } })).stage).toBe("expired");
  });
});

describe("advance-fulfilment", () => {
  test("runs every minute and submits, ships and delivers through the domain function", async () => {
    expect(fns.advanceFulfilment.opts.triggers).toEqual([{ cron: "* * * * *" }]);
    const gift = await insertGift(t.db, { ...t.owner, stage: "redeemed", livemode: false });
    const submitted: string[] = [];
    const withFake = createFunctions(client, {
      db: async () => t.db,
      fulfilment: () => ({
        name: "fake",
        submit: async (order) => (submitted.push(order.giftId), { orderId: `ORD-${order.giftId}` }),
        status: async () => ({
          status: "delivered",
          carrier: "Fake Post",
          trackingNumber: "FP1",
          trackingUrl: "https://tracking.example.com/FP1",
        }),
      }),
    });
    // The fixture gift has no product or address: the order is refused and retried later.
    const first = await new InngestTestEngine({ function: withFake.advanceFulfilment }).execute();
    expect(first.result).toMatchObject({ submitted: 0, retrying: 1 });
    // One that reaches the address below (the database refuses a choice that does not ship there).
    const product = await t.db.product.findFirstOrThrow({ where: { shipsTo: { has: "FR" } }, orderBy: { id: "asc" } });
    await t.db.gift.update({
      where: { id: gift.id },
      data: {
        selectedProductId: product.id,
        fulfilmentLeaseUntil: null,
        address: {
          fullName: "K",
          line1: "1 Main",
          line2: "",
          city: "Paris",
          region: "",
          postalCode: "75001",
          country: "FR",
          phone: "",
          email: "k@example.test",
        },
      },
    });
    const { result } = await new InngestTestEngine({ function: withFake.advanceFulfilment }).execute();
    expect(result).toEqual({ submitted: 1, retrying: 0, failed: 0, shipped: 1, delivered: 1 });
    expect(submitted).toEqual([gift.id]);
    expect(await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).toMatchObject({
      stage: "delivered",
      trackingNumber: "FP1",
    });
  });
});

describe("purge-idempotency-keys", () => {
  test("runs daily and forgets only keys older than 24 hours", async () => {
    expect(fns.purgeIdempotencyKeys.opts.triggers).toEqual([{ cron: "TZ=UTC 15 0 * * *" }]);
    const day = 24 * 60 * 60 * 1000;
    const key = (key: string, age: number) => ({
      ownerKey: "u:live",
      key,
      requestHash: "h",
      giftIds: [],
      createdAt: new Date(Date.now() - age),
    });
    await t.db.idempotencyKey.createMany({ data: [key("old", day + 60_000), key("fresh", day - 60_000)] });
    const engine = new InngestTestEngine({ function: fns.purgeIdempotencyKeys });
    const { result } = await engine.execute();
    expect(result).toEqual({ purged: 1 });
    expect((await t.db.idempotencyKey.findMany({ select: { key: true } })).map((k) => k.key)).toEqual(["fresh"]);
  });
});
