import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/database/open";
import type { PrismaClient } from "@/lib/db";
import { moveGift } from "@/lib/gifts/stages";
import { untieUrl } from "@/lib/gifts/untie";
import { openTestDatabase } from "@/lib/testing/test-database";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { fakeTransport } from "@/lib/testing/fake-transport";
import { deliverGift, MAX_ATTEMPTS, retryDelayMs } from "./deliver-gift";
import { outboxTransport } from "./transport";

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

const events = (giftId: string) => db.giftEvent.findMany({ where: { giftId }, orderBy: { id: "asc" } });
const outbox = (giftId: string) => db.emailOutbox.findMany({ where: { giftId } });

describe("deliverGift", () => {
  test("sends a due live gift once, moves it to sent with an event and keeps the message", async () => {
    const gift = await insertGift(db, { ...owner, ccEmail: "boss@example.test" });
    const transport = fakeTransport();

    const result = await deliverGift(db, gift.id, { transport });
    expect(result).toMatchObject({ giftId: gift.id, outcome: "sent", transport: "fake", status: "sent" });
    expect(transport.sent).toHaveLength(1);
    const [message] = transport.sent;
    expect(message).toMatchObject({ to: "robin@example.test", cc: "boss@example.test", subject: gift.subject, idempotencyKey: `gift-email-${gift.id}` });
    expect(message.html).toContain(untieUrl(gift.id));
    expect(message.text).toContain(gift.message);

    const after = await db.gift.findUniqueOrThrow({ where: { id: gift.id } });
    expect(after).toMatchObject({ stage: "sent", deliveryAttempts: 1, deliveryLeaseUntil: null });
    expect(after.sentAt).toBeInstanceOf(Date);
    expect((await events(gift.id)).map((e) => e.stage)).toEqual(["scheduled", "sent"]);
    expect(await outbox(gift.id)).toMatchObject([{ kind: "gift", status: "sent", transport: "fake", providerId: "fake_1", to: "robin@example.test", cc: "boss@example.test" }]);

    // Again: nothing more to do.
    expect(await deliverGift(db, gift.id, { transport })).toMatchObject({ outcome: "skipped", reason: "not-scheduled", stage: "sent" });
    expect(transport.calls).toBe(1);
  });

  test("ten concurrent calls for one gift send one email", async () => {
    const gift = await insertGift(db, owner);
    const transport = fakeTransport();
    const results = await Promise.all(Array.from({ length: 10 }, () => deliverGift(db, gift.id, { transport })));
    expect(results.filter((r) => r.outcome === "sent")).toHaveLength(1);
    expect(transport.calls).toBe(1);
    expect(await outbox(gift.id)).toHaveLength(1);
    expect((await events(gift.id)).filter((e) => e.stage === "sent")).toHaveLength(1);
  });

  test("the local outbox transport stores the rendered email with the artwork, logo and untie link", async () => {
    const gift = await insertGift(db, { ...owner, message: "First line.\n\nSecond paragraph.", from: "Alex at Acme" });
    const full = await db.gift.findUniqueOrThrow({ where: { id: gift.id }, include: { design: true, logo: true } });

    expect(await deliverGift(db, gift.id, { transport: outboxTransport })).toMatchObject({ outcome: "sent", transport: "outbox", status: "stored" });
    const [row] = await outbox(gift.id);
    expect(row).toMatchObject({ status: "stored", transport: "outbox", providerId: null, subject: gift.subject });
    expect(row.html).toContain(`http://localhost:3000${full.design!.imageUrl}`);
    expect(row.html).toContain(`http://localhost:3000${full.logo.imageUrl}`);
    expect(row.html).toContain("Second paragraph.");
    expect(row.html).toContain("Alex at Acme");
    expect(row.html).toContain(`href="${untieUrl(gift.id)}"`);
    expect(row.text).toContain("First line.");
    expect(row.text).toContain(untieUrl(gift.id));
    expect(row.text).not.toContain("<");
    expect((await db.gift.findUniqueOrThrow({ where: { id: gift.id } })).stage).toBe("sent");
  });

  test("a sandbox gift goes through the stages but never reaches the transport", async () => {
    const gift = await insertGift(db, { ...owner, livemode: false });
    const transport = fakeTransport();
    expect(await deliverGift(db, gift.id, { transport })).toMatchObject({ outcome: "suppressed" });
    expect(transport.calls).toBe(0);
    expect(await outbox(gift.id)).toMatchObject([{ status: "suppressed", transport: "none", to: "robin@example.test" }]);
    expect((await db.gift.findUniqueOrThrow({ where: { id: gift.id } })).stage).toBe("sent");
  });

  test("a cancelled gift is never sent", async () => {
    const transport = fakeTransport();
    const cancelledBefore = await insertGift(db, { ...owner, scheduledAt: new Date(Date.now() + 60_000) });
    await db.$transaction((tx) => moveGift(tx, cancelledBefore.id, "cancelled"));
    const later = new Date(Date.now() + 120_000);
    expect(await deliverGift(db, cancelledBefore.id, { transport, now: later })).toMatchObject({ outcome: "skipped", reason: "not-scheduled", stage: "cancelled" });

    // Cancelled after a failed attempt, before the retry.
    const cancelledBetween = await insertGift(db, owner);
    const failing = fakeTransport({ failTimes: 1 });
    expect(await deliverGift(db, cancelledBetween.id, { transport: failing })).toMatchObject({ outcome: "retry" });
    await db.$transaction((tx) => moveGift(tx, cancelledBetween.id, "cancelled"));
    expect(await deliverGift(db, cancelledBetween.id, { transport, now: new Date(Date.now() + 24 * 3600_000) })).toMatchObject({ outcome: "skipped", reason: "not-scheduled" });

    expect(transport.calls).toBe(0);
    expect(failing.sent).toHaveLength(0);
    expect(await db.emailOutbox.count({ where: { giftId: { in: [cancelledBefore.id, cancelledBetween.id] } } })).toBe(0);
  });

  test("not due yet, link gifts and unknown ids are skipped", async () => {
    const transport = fakeTransport();
    const future = new Date(Date.now() + 3600_000);
    const notDue = await insertGift(db, { ...owner, scheduledAt: future });
    expect(await deliverGift(db, notDue.id, { transport })).toMatchObject({ outcome: "skipped", reason: "not-due", retryAt: future });
    const link = await insertGift(db, { ...owner, deliveryMethod: "link", email: null, scheduledAt: null });
    expect(await deliverGift(db, link.id, { transport })).toMatchObject({ outcome: "skipped", reason: "not-email" });
    expect(await deliverGift(db, "gft_nope", { transport })).toMatchObject({ outcome: "skipped", reason: "not-found" });
    expect(transport.calls).toBe(0);
    expect((await db.gift.findUniqueOrThrow({ where: { id: notDue.id } })).deliveryAttempts).toBe(0);
  });

  test("a transport failure is retried after a backoff, and sent once when the transport recovers", async () => {
    const gift = await insertGift(db, owner);
    const transport = fakeTransport({ failTimes: 2 });
    const t0 = new Date();

    const first = await deliverGift(db, gift.id, { transport, now: t0 });
    expect(first).toMatchObject({ outcome: "retry", attempt: 1, error: "451 mailbox temporarily unavailable" });
    if (first.outcome !== "retry") throw new Error("unreachable");
    expect(first.retryAt.getTime()).toBe(t0.getTime() + retryDelayMs(1));
    expect(await db.gift.findUniqueOrThrow({ where: { id: gift.id } })).toMatchObject({ stage: "scheduled", deliveryAttempts: 1, deliveryLeaseUntil: first.retryAt });

    // Before the retry time nobody may take it.
    expect(await deliverGift(db, gift.id, { transport, now: new Date(first.retryAt.getTime() - 1) })).toMatchObject({ outcome: "skipped", reason: "leased" });

    const second = await deliverGift(db, gift.id, { transport, now: first.retryAt });
    expect(second).toMatchObject({ outcome: "retry", attempt: 2 });
    if (second.outcome !== "retry") throw new Error("unreachable");
    expect(second.retryAt.getTime() - first.retryAt.getTime()).toBe(retryDelayMs(2));
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));

    expect(await deliverGift(db, gift.id, { transport, now: second.retryAt })).toMatchObject({ outcome: "sent" });
    expect(transport.calls).toBe(3);
    expect(transport.sent).toHaveLength(1);
    expect(await db.gift.findUniqueOrThrow({ where: { id: gift.id } })).toMatchObject({ stage: "sent", deliveryAttempts: 3 });
  });

  test("after the last attempt the gift moves to failed with the reason in the event", async () => {
    const gift = await insertGift(db, owner);
    const transport = fakeTransport({ failTimes: Infinity, error: "550 relay denied" });
    let now = new Date();
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const result = await deliverGift(db, gift.id, { transport, now });
      expect(result).toMatchObject({ outcome: "retry", attempt });
      if (result.outcome === "retry") now = result.retryAt;
    }
    expect(await deliverGift(db, gift.id, { transport, now })).toMatchObject({ outcome: "failed", attempt: MAX_ATTEMPTS, error: "550 relay denied" });
    const after = await db.gift.findUniqueOrThrow({ where: { id: gift.id } });
    expect(after).toMatchObject({ stage: "failed", deliveryAttempts: MAX_ATTEMPTS, deliveryLeaseUntil: null, sentAt: null });
    const last = (await events(gift.id)).at(-1)!;
    expect(last.stage).toBe("failed");
    expect(last.message).toBe(`Email not sent after ${MAX_ATTEMPTS} attempts: 550 relay denied`);
    expect(await deliverGift(db, gift.id, { transport, now: new Date(now.getTime() + 86_400_000) })).toMatchObject({ outcome: "skipped", stage: "failed" });
    expect(transport.calls).toBe(MAX_ATTEMPTS);
    expect(transport.sent).toHaveLength(0);
  });

  test("a worker that died holding a gift delays it only until its lease runs out", async () => {
    const gift = await insertGift(db, owner);
    const transport = fakeTransport();
    const leaseUntil = new Date(Date.now() + 60_000);
    await db.gift.update({ where: { id: gift.id }, data: { deliveryLeaseUntil: leaseUntil, deliveryAttempts: 1 } });
    expect(await deliverGift(db, gift.id, { transport })).toMatchObject({ outcome: "skipped", reason: "leased", retryAt: leaseUntil });
    expect(await deliverGift(db, gift.id, { transport, now: leaseUntil })).toMatchObject({ outcome: "sent" });
    expect(transport.sent).toHaveLength(1);
  });
});
