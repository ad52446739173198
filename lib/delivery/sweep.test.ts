import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/database/open";
import type { PrismaClient } from "@/lib/db";
import { moveGift } from "@/lib/gifts/stages";
import { openTestDatabase } from "@/lib/testing/test-database";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { fakeTransport } from "@/lib/testing/fake-transport";
import { deliverDueGifts, expireGifts } from "./sweep";

describe("deliverDueGifts", () => {
  let database: Database;
  let db: PrismaClient;
  let owner: { teamId: string; senderId: string };
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.prisma;
    const { user, team } = await createAccount(db);
    owner = { teamId: team.id, senderId: user.id };
  });
  afterAll(() => database?.close());

  test("delivers the due email gifts only: live through the transport, sandbox suppressed; cancelled, link and future gifts untouched", async () => {
    const live = await insertGift(db, { ...owner, scheduledAt: new Date(Date.now() - 60_000) });
    const sandbox = await insertGift(db, { ...owner, livemode: false });
    const future = await insertGift(db, { ...owner, scheduledAt: new Date(Date.now() + 60_000) });
    const link = await insertGift(db, { ...owner, deliveryMethod: "link", email: null, scheduledAt: null });
    const cancelled = await insertGift(db, owner);
    await db.$transaction((tx) => moveGift(tx, cancelled.id, "cancelled"));
    const now = new Date();
    const transport = fakeTransport();

    const summary = await deliverDueGifts(db, { transport, now });
    expect(summary).toMatchObject({ claimed: 2, sent: 1, suppressed: 1, retried: 0, failed: 0 });
    expect(transport.sent.map((m) => m.to)).toEqual([live.email]);
    const stages = Object.fromEntries(
      (await db.gift.findMany({ where: { id: { in: [live.id, sandbox.id, future.id, link.id, cancelled.id] } } })).map((g) => [g.id, g.stage]),
    );
    expect(stages).toEqual({ [live.id]: "sent", [sandbox.id]: "sent", [future.id]: "scheduled", [link.id]: "scheduled", [cancelled.id]: "cancelled" });

    expect(await deliverDueGifts(db, { transport, now })).toMatchObject({ claimed: 0 });
    const later = await deliverDueGifts(db, { transport, now: new Date(future.scheduledAt!.getTime() + 1) });
    expect(later.results).toEqual([{ giftId: future.id, outcome: "sent", transport: "fake", status: "sent" }]);
    expect(transport.calls).toBe(2);
  });

  test("a failing transport leaves the gift for a later sweep after its backoff", async () => {
    const gift = await insertGift(db, owner);
    const transport = fakeTransport({ failTimes: 1 });
    const now = new Date();
    const first = await deliverDueGifts(db, { transport, now });
    expect(first).toMatchObject({ claimed: 1, retried: 1 });
    expect(await deliverDueGifts(db, { transport, now: new Date(now.getTime() + 1000) })).toMatchObject({ claimed: 0 });
    const retryAt = (await db.gift.findUniqueOrThrow({ where: { id: gift.id } })).deliveryLeaseUntil!;
    expect(await deliverDueGifts(db, { transport, now: retryAt })).toMatchObject({ claimed: 1, sent: 1 });
    expect(transport.sent).toHaveLength(1);
  });
});

describe("expireGifts", () => {
  let database: Database;
  let db: PrismaClient;
  let owner: { teamId: string; senderId: string };
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.prisma;
    const { user, team } = await createAccount(db);
    owner = { teamId: team.id, senderId: user.id };
  });
  afterAll(() => database?.close());

  test("moves unredeemed gifts past their expiry date to expired, once", async () => {
    const now = new Date("2027-03-10T09:30:00Z");
    const yesterday = new Date("2027-03-09T00:00:00Z");
    const today = new Date("2027-03-10T00:00:00Z");
    const scheduled = await insertGift(db, { ...owner, expiresOn: yesterday, scheduledAt: new Date("2027-03-01T00:00:00Z") });
    const sent = await insertGift(db, { ...owner, expiresOn: yesterday, stage: "sent" });
    const opened = await insertGift(db, { ...owner, expiresOn: yesterday, stage: "opened", deliveryMethod: "link", email: null });
    const redeemed = await insertGift(db, { ...owner, expiresOn: yesterday, stage: "redeemed" });
    const cancelled = await insertGift(db, { ...owner, expiresOn: yesterday, stage: "cancelled" });
    const expiresToday = await insertGift(db, { ...owner, expiresOn: today, stage: "sent" });
    const noExpiry = await insertGift(db, { ...owner, expiresOn: null, stage: "sent" });

    const moved = await expireGifts(db, now);
    expect(new Set(moved)).toEqual(new Set([scheduled.id, sent.id, opened.id]));
    const stage = async (id: string) => (await db.gift.findUniqueOrThrow({ where: { id } })).stage;
    expect(await stage(redeemed.id)).toBe("redeemed");
    expect(await stage(cancelled.id)).toBe("cancelled");
    expect(await stage(expiresToday.id)).toBe("sent");
    expect(await stage(noExpiry.id)).toBe("sent");
    const event = await db.giftEvent.findFirstOrThrow({ where: { giftId: sent.id }, orderBy: { id: "desc" } });
    expect(event).toMatchObject({ stage: "expired", message: "Not redeemed before its expiry date", createdAt: now });

    // An expired gift is never emailed, and a second sweep moves nothing.
    expect(await deliverDueGifts(db, { transport: fakeTransport(), now })).toMatchObject({ claimed: 0 });
    expect(await expireGifts(db, now)).toEqual([]);
    expect(await expireGifts(db, new Date("2027-03-11T00:00:01Z"))).toEqual([expiresToday.id]);
  });
});
