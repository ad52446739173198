import { describe, expect, test } from "vitest";
import { moveGift } from "@/lib/gifts/stages";
import { databaseWithOwner } from "@/lib/testing/database-for-file";
import { insertGift } from "@/lib/testing/fixtures";
import { fakeTransport } from "@/lib/testing/fake-transport";
import { deliverAllDue, deliverDueGifts, expireGifts } from "./sweep";

describe("deliverDueGifts", () => {
  const t = databaseWithOwner();

  test("delivers the due email gifts only: live through the transport, sandbox suppressed; cancelled, link and future gifts untouched", async () => {
    const live = await insertGift(t.db, { ...t.owner, scheduledAt: new Date(Date.now() - 60_000) });
    const sandbox = await insertGift(t.db, { ...t.owner, livemode: false });
    const future = await insertGift(t.db, { ...t.owner, scheduledAt: new Date(Date.now() + 60_000) });
    const link = await insertGift(t.db, { ...t.owner, deliveryMethod: "link", email: null, scheduledAt: null });
    const cancelled = await insertGift(t.db, t.owner);
    await t.db.$transaction((tx) => moveGift(tx, cancelled.id, "cancelled"));
    const now = new Date();
    const transport = fakeTransport();

    const summary = await deliverDueGifts(t.db, { transport, now });
    expect(summary).toMatchObject({ claimed: 2, sent: 1, suppressed: 1, retried: 0, failed: 0 });
    expect(transport.sent.map((m) => m.to)).toEqual([live.email]);
    const stages = Object.fromEntries(
      (
        await t.db.gift.findMany({ where: { id: { in: [live.id, sandbox.id, future.id, link.id, cancelled.id] } } })
      ).map((g) => [g.id, g.stage]),
    );
    expect(stages).toEqual({
      [live.id]: "sent",
      [sandbox.id]: "sent",
      [future.id]: "scheduled",
      [link.id]: "scheduled",
      [cancelled.id]: "cancelled",
    });

    expect(await deliverDueGifts(t.db, { transport, now })).toMatchObject({ claimed: 0 });
    const later = await deliverDueGifts(t.db, { transport, now: new Date(future.scheduledAt!.getTime() + 1) });
    expect(later.results).toEqual([{ giftId: future.id, outcome: "sent", transport: "fake", status: "sent" }]);
    expect(transport.calls).toBe(2);
  });

  test("deliverAllDue: lanes side by side deliver every due gift, each exactly once", async () => {
    const gifts = await Promise.all(
      Array.from({ length: 23 }, () => insertGift(t.db, { ...t.owner, scheduledAt: new Date(Date.now() - 60_000) })),
    );
    const transport = fakeTransport();
    // Two instances with three lanes each, small batches: many concurrent claims over the same rows.
    const claimed = await Promise.all([
      deliverAllDue(t.db, { transport, limit: 4, lanes: 3 }),
      deliverAllDue(t.db, { transport, limit: 4, lanes: 3 }),
    ]);
    expect(claimed[0] + claimed[1]).toBe(gifts.length);
    expect(transport.sent.map((m) => m.idempotencyKey).sort()).toEqual(gifts.map((g) => `gift-email-${g.id}`).sort());
    const outbox = await t.db.emailOutbox.groupBy({
      by: ["giftId"],
      where: { giftId: { in: gifts.map((g) => g.id) } },
      _count: true,
    });
    expect(outbox).toHaveLength(gifts.length);
    expect(outbox.every((row) => row._count === 1)).toBe(true);
  });

  test("a failing transport leaves the gift for a later sweep after its backoff", async () => {
    const gift = await insertGift(t.db, t.owner);
    const transport = fakeTransport({ failTimes: 1 });
    const now = new Date();
    const first = await deliverDueGifts(t.db, { transport, now });
    expect(first).toMatchObject({ claimed: 1, retried: 1 });
    expect(await deliverDueGifts(t.db, { transport, now: new Date(now.getTime() + 1000) })).toMatchObject({
      claimed: 0,
    });
    const retryAt = (await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).deliveryLeaseUntil!;
    expect(await deliverDueGifts(t.db, { transport, now: retryAt })).toMatchObject({ claimed: 1, sent: 1 });
    expect(transport.sent).toHaveLength(1);
  });
});

describe("expireGifts", () => {
  const t = databaseWithOwner();

  test("moves unredeemed gifts past their expiry date to expired, once", async () => {
    const now = new Date("2027-03-10T09:30:00Z");
    const yesterday = new Date("2027-03-09T00:00:00Z");
    const today = new Date("2027-03-10T00:00:00Z");
    const scheduled = await insertGift(t.db, {
      ...t.owner,
      expiresOn: yesterday,
      scheduledAt: new Date("2027-03-01T00:00:00Z"),
    });
    const sent = await insertGift(t.db, { ...t.owner, expiresOn: yesterday, stage: "sent" });
    const opened = await insertGift(t.db, {
      ...t.owner,
      expiresOn: yesterday,
      stage: "opened",
      deliveryMethod: "link",
      email: null,
    });
    const redeemed = await insertGift(t.db, { ...t.owner, expiresOn: yesterday, stage: "redeemed" });
    const cancelled = await insertGift(t.db, { ...t.owner, expiresOn: yesterday, stage: "cancelled" });
    const expiresToday = await insertGift(t.db, { ...t.owner, expiresOn: today, stage: "sent" });
    const noExpiry = await insertGift(t.db, { ...t.owner, expiresOn: null, stage: "sent" });

    const moved = await expireGifts(t.db, now);
    expect(new Set(moved)).toEqual(new Set([scheduled.id, sent.id, opened.id]));
    const stage = async (id: string) => (await t.db.gift.findUniqueOrThrow({ where: { id } })).stage;
    expect(await stage(redeemed.id)).toBe("redeemed");
    expect(await stage(cancelled.id)).toBe("cancelled");
    expect(await stage(expiresToday.id)).toBe("sent");
    expect(await stage(noExpiry.id)).toBe("sent");
    const event = await t.db.giftEvent.findFirstOrThrow({ where: { giftId: sent.id }, orderBy: { id: "desc" } });
    expect(event).toMatchObject({ stage: "expired", message: "Not redeemed before its expiry date", createdAt: now });

    // An expired gift is never emailed, and a second sweep moves nothing.
    expect(await deliverDueGifts(t.db, { transport: fakeTransport(), now })).toMatchObject({ claimed: 0 });
    expect(await expireGifts(t.db, now)).toEqual([]);
    expect(await expireGifts(t.db, new Date("2027-03-11T00:00:01Z"))).toEqual([expiresToday.id]);
  });
});
