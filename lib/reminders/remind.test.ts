import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { PrismaClient } from "@/lib/db";
import { sendQueuedEmails } from "@/lib/outbox";
import { expireGifts } from "@/lib/delivery/sweep";
import { moveGift } from "@/lib/gifts/stages";
import { databaseWithOwner } from "@/lib/testing/database-for-file";
import { fakeTransport } from "@/lib/testing/fake-transport";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { openTwoHandles } from "@/lib/testing/two-handles";
import { startReceiver, type Receiver } from "@/lib/testing/webhook-receiver";
import { createEndpoint, runWebhooks } from "@/lib/webhooks";
import { outsideQuietHours, reminderSchedule } from "./cadence";
import { remindDueGifts } from "./remind";
import { PATIENT_MS } from "@/lib/testing/wait-for";

// Issue 23 "Reminders": the cadence, the sweep's exactly-once claim, the stop rule, quiet hours.
const t = databaseWithOwner();
const DAY = 86_400_000;
const HOUR = 3_600_000;
const SENT = new Date("2030-03-04T10:00:00Z");
const at = (ms: number) => new Date(SENT.getTime() + ms);

/** A live email gift sent at SENT with this cadence, as the delivery leaves it. */
async function sentGift(db: PrismaClient, owner: { teamId: string; senderId: string }, over = {}) {
  return insertGift(db, {
    ...owner,
    stage: "sent",
    scheduledAt: SENT,
    sentAt: SENT,
    reminders: ["P3D", "P7D"],
    nextReminderAt: SENT,
    ...over,
  });
}
const remindersOf = (db: PrismaClient, giftId: string) =>
  db.emailOutbox.findMany({ where: { giftId, kind: "reminder" }, orderBy: { id: "asc" } });
const remindedEvents = (db: PrismaClient, giftId: string) =>
  db.giftEvent.findMany({ where: { giftId, action: "reminded" }, orderBy: { id: "asc" } });

describe("the schedule", () => {
  test("after sending and before expiry, in order, dropping what falls outside the gift's life", () => {
    const expiresOn = new Date("2030-03-20T00:00:00Z"); // expires at 2030-03-21T00:00Z
    expect(
      reminderSchedule({ reminders: ["P7D", "-P2D", "P3D", "P30D"], sentAt: SENT, expiresOn, timeZone: null }),
    ).toEqual([at(3 * DAY), at(7 * DAY), new Date("2030-03-19T00:00:00Z")]);
    // Without an expiry, a before-expiry entry (a team default) is skipped; two on one instant are one.
    expect(
      reminderSchedule({ reminders: ["-P2D", "P1D", "PT24H"], sentAt: SENT, expiresOn: null, timeZone: null }),
    ).toEqual([at(DAY)]);
    expect(reminderSchedule({ reminders: [], sentAt: SENT, expiresOn, timeZone: null })).toEqual([]);
    expect(reminderSchedule({ reminders: ["P3D"], sentAt: null, expiresOn, timeZone: null })).toEqual([]);
  });

  test("quiet hours: 21:00–08:00 local waits until 08:00, across a DST change", () => {
    // 22:30 in Paris (UTC+1 in winter) → 08:00 the next morning, 07:00Z.
    expect(outsideQuietHours(new Date("2030-01-15T21:30:00Z"), "Europe/Paris")).toEqual(
      new Date("2030-01-16T07:00:00Z"),
    );
    // 03:00 in Paris → 08:00 the same morning; 12:00 is left alone; no zone: left alone.
    expect(outsideQuietHours(new Date("2030-01-15T02:00:00Z"), "Europe/Paris")).toEqual(
      new Date("2030-01-15T07:00:00Z"),
    );
    expect(outsideQuietHours(new Date("2030-01-15T11:00:00Z"), "Europe/Paris")).toEqual(
      new Date("2030-01-15T11:00:00Z"),
    );
    expect(outsideQuietHours(new Date("2030-01-15T21:30:00Z"), null)).toEqual(new Date("2030-01-15T21:30:00Z"));
    // New York springs forward on 2030-03-10: 22:00 EST on the 9th → 08:00 EDT on the 10th (12:00Z, not 13:00Z).
    expect(outsideQuietHours(new Date("2030-03-10T03:00:00Z"), "America/New_York")).toEqual(
      new Date("2030-03-10T12:00:00Z"),
    );
    // …and falls back on 2030-11-03: 23:00 EDT on the 2nd → 08:00 EST on the 3rd (13:00Z).
    expect(outsideQuietHours(new Date("2030-11-03T03:00:00Z"), "America/New_York")).toEqual(
      new Date("2030-11-03T13:00:00Z"),
    );
    // A reminder due at 23:00 in Tokyo (14:00Z) goes at 08:00 Tokyo (23:00Z).
    expect(
      reminderSchedule({
        reminders: ["P3D"],
        sentAt: new Date("2030-03-01T14:00:00Z"),
        expiresOn: null,
        timeZone: "Asia/Tokyo",
      }),
    ).toEqual([new Date("2030-03-04T23:00:00Z")]);
  });
});

describe("the reminder sweep", () => {
  test("each reminder of the cadence once, at its time, through the outbox with a gift.reminded event", async () => {
    const gift = await sentGift(t.db, t.owner, {
      expiresOn: new Date("2030-03-20T00:00:00Z"),
      reminders: ["P3D", "P7D", "-P2D"],
    });
    // Not due yet: the sweep only notes when to look again.
    expect(await remindDueGifts(t.db, { now: at(DAY), giftId: gift.id })).toMatchObject({ reminded: 0 });
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).nextReminderAt).toEqual(at(3 * DAY));
    expect(await remindersOf(t.db, gift.id)).toHaveLength(0);
    for (const [when, count] of [
      [3 * DAY, 1],
      [3 * DAY + HOUR, 1],
      [7 * DAY, 2],
      [8 * DAY, 2],
      [new Date("2030-03-19T00:00:00Z").getTime() - SENT.getTime(), 3],
      [16 * DAY, 3],
    ] as const) {
      await remindDueGifts(t.db, { now: at(when), giftId: gift.id });
      expect(await remindersOf(t.db, gift.id), `at +${when / HOUR}h`).toHaveLength(count);
    }
    const events = await remindedEvents(t.db, gift.id);
    expect(events.map((e) => [e.message, e.stage, e.createdAt])).toEqual([
      ["Reminder 1 of 3", "sent", at(3 * DAY)],
      ["Reminder 2 of 3", "sent", at(7 * DAY)],
      ["Reminder 3 of 3", "sent", new Date("2030-03-19T00:00:00Z")],
    ]);
    const row = await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } });
    expect(row).toMatchObject({ remindersSent: 3, nextReminderAt: null });
    expect((await remindersOf(t.db, gift.id))[0]).toMatchObject({ to: gift.email, status: "pending" });
  });

  test("the email is rendered with HTML and a plain-text part, and says by when to choose", async () => {
    const gift = await sentGift(t.db, t.owner, { expiresOn: new Date("2030-06-30T00:00:00Z") });
    await remindDueGifts(t.db, { now: at(3 * DAY), giftId: gift.id });
    const transport = fakeTransport();
    const [email] = await remindersOf(t.db, gift.id);
    await sendQueuedEmails(t.db, { transport, id: email.id });
    const [message] = transport.sent;
    expect(message.subject).toBe("Reminder: The Team sent you a gift");
    expect(message.html).toContain("<html");
    expect(message.text).toContain("Your gift is still waiting, Robin Recipient");
    expect(message.text).toContain("Choose by 30 June 2030");
    expect(message.text).not.toContain("<");
  });

  test("an empty cadence sends nothing; a catch-up after downtime sends only the latest due reminder", async () => {
    const none = await sentGift(t.db, t.owner, { reminders: [], nextReminderAt: null });
    await remindDueGifts(t.db, { now: at(30 * DAY), giftId: none.id });
    expect(await remindersOf(t.db, none.id)).toHaveLength(0);
    const late = await sentGift(t.db, t.owner);
    expect(await remindDueGifts(t.db, { now: at(10 * DAY), giftId: late.id })).toMatchObject({ reminded: 1 });
    expect(await remindersOf(t.db, late.id)).toHaveLength(1);
    expect((await remindedEvents(t.db, late.id)).map((e) => e.message)).toEqual(["Reminder 2 of 2"]);
  });

  test("stops the moment the gift is redeemed, cancelled or expired: none claimed, one already queued not sent", async () => {
    const ids: string[] = [];
    for (const stage of ["redeemed", "cancelled", "expired", "failed", "delivered"]) {
      const gift = await sentGift(t.db, t.owner, { stage });
      ids.push(gift.id);
    }
    const summary = await remindDueGifts(t.db, { now: at(3 * DAY) });
    for (const id of ids) {
      expect(await remindersOf(t.db, id)).toHaveLength(0);
      expect((await t.db.gift.findUniqueOrThrow({ where: { id } })).nextReminderAt).toBeNull();
    }
    expect(summary.cleared).toBeGreaterThanOrEqual(ids.length);
    // Queued, then redeemed before the outbox got to it: kept as suppressed, never sent.
    const gift = await sentGift(t.db, t.owner);
    await remindDueGifts(t.db, { now: at(3 * DAY), giftId: gift.id });
    await t.db.$transaction((tx) => moveGift(tx, gift.id, "redeemed"));
    const transport = fakeTransport();
    const [queued] = await remindersOf(t.db, gift.id);
    expect(await sendQueuedEmails(t.db, { transport, id: queued.id })).toMatchObject({ suppressed: 1, sent: 0 });
    expect(transport.sent).toHaveLength(0);
    expect((await remindersOf(t.db, gift.id))[0]).toMatchObject({
      status: "suppressed",
      lastError: expect.stringContaining("redeemed"),
    });
    // Expiry through the job's own function ends them too.
    const expiring = await sentGift(t.db, t.owner, { expiresOn: new Date("2030-03-05T00:00:00Z"), reminders: ["P3D"] });
    await expireGifts(t.db, at(3 * DAY), expiring.id);
    await remindDueGifts(t.db, { now: at(3 * DAY), giftId: expiring.id });
    expect(await remindersOf(t.db, expiring.id)).toHaveLength(0);
  });

  test("a late run inside the quiet hours waits until 08:00 local", async () => {
    // Due at 10:00Z + 3 days = 20:00 in New York (EST)… run late at 02:00Z = 21:00 EST: quiet.
    const gift = await sentGift(t.db, t.owner, { timeZone: "America/New_York", reminders: ["P3D"] });
    await remindDueGifts(t.db, { now: at(3 * DAY + 16 * HOUR), giftId: gift.id });
    expect(await remindersOf(t.db, gift.id)).toHaveLength(0);
    const next = new Date("2030-03-08T13:00:00Z"); // 08:00 EST
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).nextReminderAt).toEqual(next);
    await remindDueGifts(t.db, { now: next, giftId: gift.id });
    expect(await remindersOf(t.db, gift.id)).toHaveLength(1);
  });

  test("a worker killed inside the claim's transaction leaves nothing; the next run sends it exactly once", async () => {
    const gift = await sentGift(t.db, t.owner);
    const dying = remindDueGifts(t.db, {
      now: at(3 * DAY),
      giftId: gift.id,
      afterClaim: async () => {
        throw new Error("worker killed");
      },
    });
    await expect(dying).rejects.toThrow("worker killed");
    expect(await remindersOf(t.db, gift.id)).toHaveLength(0);
    expect(await remindedEvents(t.db, gift.id)).toHaveLength(0);
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).remindersSent).toBe(0);
    await remindDueGifts(t.db, { now: at(3 * DAY), giftId: gift.id });
    await remindDueGifts(t.db, { now: at(3 * DAY), giftId: gift.id });
    expect(await remindersOf(t.db, gift.id)).toHaveLength(1);
    expect(await remindedEvents(t.db, gift.id)).toHaveLength(1);
  });

  test("gifts on a sandbox test clock are left to their clock by the scheduled sweep", async () => {
    const gift = await sentGift(t.db, t.owner, { livemode: false, clockAt: at(DAY) });
    await remindDueGifts(t.db, { now: at(3 * DAY) });
    expect(await remindersOf(t.db, gift.id)).toHaveLength(0);
  });
});

describe("two workers at once", () => {
  let handles: Awaited<ReturnType<typeof openTwoHandles>>;
  beforeAll(async () => {
    handles = await openTwoHandles();
  });
  afterAll(() => handles?.close());

  test("send each reminder exactly once, and one webhook gift.reminded each", async () => {
    vi.stubEnv("RIBBON_WEBHOOKS_ALLOW_PRIVATE", "1");
    const receiver: Receiver = await startReceiver(0);
    try {
      const { a, b } = handles;
      const { user, team } = await createAccount(a);
      const owner = { teamId: team.id, senderId: user.id };
      await createEndpoint(
        a,
        {
          user: { id: user.id, name: user.name ?? "", email: user.email },
          mode: "live",
          via: "token",
          credentialId: 0,
        },
        { id: team.id, name: team.name },
        { url: receiver.url, eventTypes: ["gift.reminded"] },
      );
      const gifts = [];
      for (let i = 0; i < 12; i++) gifts.push(await sentGift(a, owner));
      for (const day of [3, 7]) {
        // Each worker sweeps twice, in small batches, side by side.
        const run = (db: PrismaClient) => remindDueGifts(db, { now: at(day * DAY), limit: 5 });
        await Promise.all([run(a), run(b), run(a), run(b), run(a), run(b)]);
      }
      for (const gift of gifts) {
        expect(await remindersOf(a, gift.id)).toHaveLength(2);
        expect(await remindedEvents(a, gift.id)).toHaveLength(2);
      }
      await Promise.all([
        runWebhooks(a, { allowPrivate: true, timeoutMs: PATIENT_MS }),
        runWebhooks(b, { allowPrivate: true, timeoutMs: PATIENT_MS }),
      ]);
      await runWebhooks(a, { allowPrivate: true, timeoutMs: PATIENT_MS });
      const bodies = receiver.received.map((r) => JSON.parse(r.body));
      expect(bodies).toHaveLength(24);
      expect(new Set(bodies.map((body) => body.type))).toEqual(new Set(["gift.reminded"]));
      expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(24);
    } finally {
      vi.unstubAllEnvs();
      await receiver.close();
    }
  });
});
