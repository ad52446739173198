import { describe, expect, test } from "vitest";
import { moveGift } from "@/lib/gifts/stages";
import { untieUrl } from "@/lib/untie";
import { databaseWithOwner } from "@/lib/testing/database-for-file";
import { insertGift } from "@/lib/testing/fixtures";
import { fakeTransport } from "@/lib/testing/fake-transport";
import { deliverGift, MAX_ATTEMPTS, retryDelayMs } from "./deliver-gift";
import { outboxTransport } from "@/lib/outbox/transport";

const t = databaseWithOwner();

const events = (giftId: string) => t.db.giftEvent.findMany({ where: { giftId }, orderBy: { id: "asc" } });
const outbox = (giftId: string) => t.db.emailOutbox.findMany({ where: { giftId } });

describe("deliverGift", () => {
  test("sends a due live gift once, moves it to sent with an event and keeps the message", async () => {
    const gift = await insertGift(t.db, { ...t.owner, ccEmail: "boss@example.test" });
    const transport = fakeTransport();

    const result = await deliverGift(t.db, gift.id, { transport });
    expect(result).toMatchObject({ giftId: gift.id, outcome: "sent", transport: "fake", status: "sent" });
    expect(transport.sent).toHaveLength(1);
    const [message] = transport.sent;
    expect(message).toMatchObject({
      to: "robin@example.test",
      cc: "boss@example.test",
      subject: gift.subject,
      idempotencyKey: `gift-email-${gift.id}`,
    });
    expect(message.html).toContain(untieUrl(gift.id));
    expect(message.text).toContain(gift.message);

    const after = await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } });
    expect(after).toMatchObject({ stage: "sent", deliveryAttempts: 1, deliveryLeaseUntil: null });
    expect(after.sentAt).toBeInstanceOf(Date);
    expect((await events(gift.id)).map((e) => e.stage)).toEqual(["scheduled", "sent"]);
    expect(await outbox(gift.id)).toMatchObject([
      {
        kind: "gift",
        status: "sent",
        transport: "fake",
        providerId: "fake_1",
        to: "robin@example.test",
        cc: "boss@example.test",
      },
    ]);
    expect((await outbox(gift.id))[0].createdAt).toEqual(after.sentAt); // one instant, kept to the millisecond in UTC

    // Again: nothing more to do.
    expect(await deliverGift(t.db, gift.id, { transport })).toMatchObject({
      outcome: "skipped",
      reason: "not-scheduled",
      stage: "sent",
    });
    expect(transport.calls).toBe(1);
  });

  test("a busy database that can't start the recording transaction at first: recorded on a later try, sent once", async () => {
    const gift = await insertGift(t.db, t.owner);
    const transport = fakeTransport();
    let refused = 0;
    // The pool had no connection in time (Prisma's P2028) for the first two tries: nothing committed.
    const busy = new Proxy(t.db, {
      get(target, key, receiver) {
        if (key === "$transaction" && refused < 2)
          return () => {
            refused++;
            return Promise.reject(
              Object.assign(new Error("Unable to start a transaction in the given time."), { code: "P2028" }),
            );
          };
        const value = Reflect.get(target, key, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    expect(await deliverGift(busy, gift.id, { transport })).toMatchObject({ outcome: "sent" });
    expect(refused).toBe(2);
    expect(transport.sent).toHaveLength(1);
    expect(await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).toMatchObject({ stage: "sent" });
    expect(await outbox(gift.id)).toHaveLength(1);
    // Later sweeps find nothing to send again.
    expect(await deliverGift(t.db, gift.id, { transport })).toMatchObject({ outcome: "skipped" });
    expect(transport.sent).toHaveLength(1);
  });

  test("ten concurrent calls for one gift send one email", async () => {
    const gift = await insertGift(t.db, t.owner);
    const transport = fakeTransport();
    const results = await Promise.all(Array.from({ length: 10 }, () => deliverGift(t.db, gift.id, { transport })));
    expect(results.filter((r) => r.outcome === "sent")).toHaveLength(1);
    expect(transport.calls).toBe(1);
    expect(await outbox(gift.id)).toHaveLength(1);
    expect((await events(gift.id)).filter((e) => e.stage === "sent")).toHaveLength(1);
  });

  test("the local outbox transport stores the rendered email with the artwork, logo and untie link", async () => {
    const gift = await insertGift(t.db, {
      ...t.owner,
      message: "First line.\n\nSecond paragraph.",
      from: "Alex at Acme",
    });
    const full = await t.db.gift.findUniqueOrThrow({ where: { id: gift.id }, include: { design: true, logo: true } });

    expect(await deliverGift(t.db, gift.id, { transport: outboxTransport })).toMatchObject({
      outcome: "sent",
      transport: "outbox",
      status: "stored",
    });
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
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).stage).toBe("sent");
  });

  test("a sandbox gift goes through the stages but never reaches the transport", async () => {
    const gift = await insertGift(t.db, { ...t.owner, livemode: false });
    const transport = fakeTransport();
    expect(await deliverGift(t.db, gift.id, { transport })).toMatchObject({ outcome: "suppressed" });
    expect(transport.calls).toBe(0);
    expect(await outbox(gift.id)).toMatchObject([
      { status: "suppressed", transport: "none", to: "robin@example.test" },
    ]);
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).stage).toBe("sent");
  });

  test("a cancelled gift is never sent", async () => {
    const transport = fakeTransport();
    const cancelledBefore = await insertGift(t.db, { ...t.owner, scheduledAt: new Date(Date.now() + 60_000) });
    await t.db.$transaction((tx) => moveGift(tx, cancelledBefore.id, "cancelled"));
    const later = new Date(Date.now() + 120_000);
    expect(await deliverGift(t.db, cancelledBefore.id, { transport, now: later })).toMatchObject({
      outcome: "skipped",
      reason: "not-scheduled",
      stage: "cancelled",
    });

    // Cancelled after a failed attempt, before the retry.
    const cancelledBetween = await insertGift(t.db, t.owner);
    const failing = fakeTransport({ failTimes: 1 });
    expect(await deliverGift(t.db, cancelledBetween.id, { transport: failing })).toMatchObject({ outcome: "retry" });
    await t.db.$transaction((tx) => moveGift(tx, cancelledBetween.id, "cancelled"));
    expect(
      await deliverGift(t.db, cancelledBetween.id, { transport, now: new Date(Date.now() + 24 * 3600_000) }),
    ).toMatchObject({ outcome: "skipped", reason: "not-scheduled" });

    expect(transport.calls).toBe(0);
    expect(failing.sent).toHaveLength(0);
    expect(await t.db.emailOutbox.count({ where: { giftId: { in: [cancelledBefore.id, cancelledBetween.id] } } })).toBe(
      0,
    );
  });

  test("not due yet, link gifts and unknown ids are skipped", async () => {
    const transport = fakeTransport();
    const future = new Date(Date.now() + 3600_000);
    const notDue = await insertGift(t.db, { ...t.owner, scheduledAt: future });
    expect(await deliverGift(t.db, notDue.id, { transport })).toMatchObject({
      outcome: "skipped",
      reason: "not-due",
      retryAt: future,
    });
    const link = await insertGift(t.db, { ...t.owner, deliveryMethod: "link", email: null, scheduledAt: null });
    expect(await deliverGift(t.db, link.id, { transport })).toMatchObject({ outcome: "skipped", reason: "not-email" });
    expect(await deliverGift(t.db, "gft_nope", { transport })).toMatchObject({
      outcome: "skipped",
      reason: "not-found",
    });
    expect(transport.calls).toBe(0);
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: notDue.id } })).deliveryAttempts).toBe(0);
  });

  test("a transport failure is retried after a backoff, and sent once when the transport recovers", async () => {
    const gift = await insertGift(t.db, t.owner);
    const transport = fakeTransport({ failTimes: 2 });
    const t0 = new Date();

    const first = await deliverGift(t.db, gift.id, { transport, now: t0 });
    expect(first).toMatchObject({ outcome: "retry", attempt: 1, error: "451 mailbox temporarily unavailable" });
    if (first.outcome !== "retry") throw new Error("unreachable");
    expect(first.retryAt.getTime()).toBe(t0.getTime() + retryDelayMs(1));
    expect(await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).toMatchObject({
      stage: "scheduled",
      deliveryAttempts: 1,
      deliveryLeaseUntil: first.retryAt,
    });

    // Before the retry time nobody may take it.
    expect(await deliverGift(t.db, gift.id, { transport, now: new Date(first.retryAt.getTime() - 1) })).toMatchObject({
      outcome: "skipped",
      reason: "leased",
    });

    const second = await deliverGift(t.db, gift.id, { transport, now: first.retryAt });
    expect(second).toMatchObject({ outcome: "retry", attempt: 2 });
    if (second.outcome !== "retry") throw new Error("unreachable");
    expect(second.retryAt.getTime() - first.retryAt.getTime()).toBe(retryDelayMs(2));
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));

    expect(await deliverGift(t.db, gift.id, { transport, now: second.retryAt })).toMatchObject({ outcome: "sent" });
    expect(transport.calls).toBe(3);
    expect(transport.sent).toHaveLength(1);
    expect(await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).toMatchObject({
      stage: "sent",
      deliveryAttempts: 3,
    });
  });

  test("after the last attempt the gift moves to failed with the reason in the event", async () => {
    const gift = await insertGift(t.db, t.owner);
    const transport = fakeTransport({ failTimes: Infinity, error: "550 relay denied" });
    let now = new Date();
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const result = await deliverGift(t.db, gift.id, { transport, now });
      expect(result).toMatchObject({ outcome: "retry", attempt });
      if (result.outcome === "retry") now = result.retryAt;
    }
    expect(await deliverGift(t.db, gift.id, { transport, now })).toMatchObject({
      outcome: "failed",
      attempt: MAX_ATTEMPTS,
      error: "550 relay denied",
    });
    const after = await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } });
    expect(after).toMatchObject({
      stage: "failed",
      deliveryAttempts: MAX_ATTEMPTS,
      deliveryLeaseUntil: null,
      sentAt: null,
    });
    const last = (await events(gift.id)).at(-1)!;
    expect(last.stage).toBe("failed");
    expect(last.message).toBe(`Email not sent after ${MAX_ATTEMPTS} attempts: 550 relay denied`);
    expect(await deliverGift(t.db, gift.id, { transport, now: new Date(now.getTime() + 86_400_000) })).toMatchObject({
      outcome: "skipped",
      stage: "failed",
    });
    expect(transport.calls).toBe(MAX_ATTEMPTS);
    expect(transport.sent).toHaveLength(0);
  });

  test("a worker that died holding a gift delays it only until its lease runs out", async () => {
    const gift = await insertGift(t.db, t.owner);
    const transport = fakeTransport();
    const leaseUntil = new Date(Date.now() + 60_000);
    await t.db.gift.update({ where: { id: gift.id }, data: { deliveryLeaseUntil: leaseUntil, deliveryAttempts: 1 } });
    expect(await deliverGift(t.db, gift.id, { transport })).toMatchObject({
      outcome: "skipped",
      reason: "leased",
      retryAt: leaseUntil,
    });
    expect(await deliverGift(t.db, gift.id, { transport, now: leaseUntil })).toMatchObject({ outcome: "sent" });
    expect(transport.sent).toHaveLength(1);
  });
});
