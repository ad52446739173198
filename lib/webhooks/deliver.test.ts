import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import type { PrismaClient } from "@/lib/db";
import { outboxTransport, sendQueuedEmails } from "@/lib/outbox";
import { recordGiftEvent } from "@/lib/gifts";
import { moveGift } from "@/lib/gifts/stages";
import { SANDBOX_TEAM_ID } from "@/lib/teams";
import type { Caller } from "@/lib/tokens";
import { databaseWithOwner } from "@/lib/testing/database-for-file";
import { catalogue, createAccount, giftRow, insertGift } from "@/lib/testing/fixtures";
import { openTwoHandles } from "@/lib/testing/two-handles";
import { startReceiver, type Receiver } from "@/lib/testing/webhook-receiver";
import { DISABLE_AFTER_MS, MAX_ATTEMPTS, RETRY_SCHEDULE_MS } from "./deliver";
import { createEndpoint, rotateSecret, ROTATION_GRACE_MS } from "./endpoints";
import { EVENT_TYPES, eventTypeOf, type EventType } from "./event-types";
import { listEvents } from "./event-feed";
import { runWebhooks } from "./run";
import { decryptSecret } from "./secrets";
import { PATIENT_MS } from "@/lib/testing/wait-for";

const t = databaseWithOwner();
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver(3242);
});
afterAll(() => receiver?.close());

const callerFor = (
  user: { id: string; name: string | null; email: string },
  mode: "live" | "sandbox" = "live",
): Caller => ({
  user: { id: user.id, name: user.name ?? "", email: user.email },
  mode,
  via: "token",
  credentialId: 0,
});
// Timeouts at 2 s: a busy machine (CI builds beside the tests) can keep the local receiver over half a second; the slow reply below takes 3 s.
// The receiver answers at once: a patient timeout only bounds a failure (a 2 s one timed out on a
// busy machine and the test found nothing received). The timeout test sets its own, against a hang.
const run = (db: PrismaClient, now?: Date, timeoutMs = PATIENT_MS) =>
  runWebhooks(db, { allowPrivate: true, timeoutMs, now });
const headersOf = (r: Receiver["received"][number]) => ({
  "webhook-id": String(r.headers["webhook-id"]),
  "webhook-timestamp": String(r.headers["webhook-timestamp"]),
  "webhook-signature": String(r.headers["webhook-signature"]),
});

/** A fresh account with an endpoint on its live team pointing at `url`. */
async function accountWithEndpoint(url: string, eventTypes: EventType[] = [...EVENT_TYPES]) {
  const account = await createAccount(t.db);
  const caller = callerFor(account.user);
  const { endpoint, secret } = await createEndpoint(t.db, caller, account.team, { url, eventTypes });
  return { ...account, caller, endpoint, secret, owner: { teamId: account.team.id, senderId: account.user.id } };
}

describe("delivery from the event table", () => {
  it("sends an action that doesn't move the stage (gift.reminded) as its own type, only to endpoints that asked for it", async () => {
    await run(t.db);
    const a = await accountWithEndpoint(receiver.url.replace("/hooks", "/actions"), ["gift.reminded"]);
    const sentOnly = await createEndpoint(t.db, a.caller, a.team, {
      url: receiver.url.replace("/hooks", "/actions-sent-only"),
      eventTypes: ["gift.sent"],
    });
    const gift = await insertGift(t.db, { ...a.owner, stage: "sent" });
    await run(t.db);
    const before = receiver.received.length;
    await t.db.$transaction((tx) =>
      recordGiftEvent(tx, { giftId: gift.id, stage: "sent", action: "reminded", message: "First reminder" }),
    );
    expect(await run(t.db)).toMatchObject({ deliveries: 1, succeeded: 1 });
    const got = receiver.received.slice(before);
    expect(got.map((r) => r.path)).toEqual(["/actions"]);
    const body = JSON.parse(got[0].body);
    expect(body.type).toBe("gift.reminded");
    expect(body.data.attributes.events.map((e: { type: string }) => e.type)).toEqual([
      "gift.scheduled",
      "gift.reminded",
    ]);
    expect(sentOnly.endpoint.eventTypes).toEqual(["gift.sent"]);
    const feed = await listEvents(t.db, { caller: a.caller, team: a.team, filter: { type: "gift.sent" }, size: 10 });
    expect(feed).toEqual([]);
    const reminded = await listEvents(t.db, {
      caller: a.caller,
      team: a.team,
      filter: { type: "gift.reminded" },
      size: 10,
    });
    expect(reminded.map((e) => eventTypeOf(e))).toEqual(["gift.reminded"]);
  });

  it("turns each stage change into one signed webhook that the standardwebhooks library verifies", async () => {
    await run(t.db); // nothing pending from other tests
    const a = await accountWithEndpoint(receiver.url);
    const sentOnly = await createEndpoint(t.db, a.caller, a.team, {
      url: receiver.url.replace("/hooks", "/sent-only"),
      eventTypes: ["gift.sent"],
    });
    const stranger = await accountWithEndpoint(receiver.url.replace("/hooks", "/stranger"));
    const before = receiver.received.length;

    const gift = await insertGift(t.db, a.owner);
    expect(await run(t.db)).toMatchObject({ deliveries: 1, succeeded: 1 });
    await t.db.$transaction((tx) => moveGift(tx, gift.id, "sent"));
    expect(await run(t.db)).toMatchObject({ deliveries: 2, succeeded: 2 });
    expect(await run(t.db)).toMatchObject({ events: 0, deliveries: 0, attempts: 0 });

    const got = receiver.received.slice(before);
    expect(got).toHaveLength(3);
    const bodies = got.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.type).sort()).toEqual(["gift.scheduled", "gift.sent", "gift.sent"]);
    const scheduled = got[bodies.findIndex((b) => b.type === "gift.scheduled")];
    const payload = new Webhook(a.secret).verify(scheduled.body, headersOf(scheduled)) as {
      type: string;
      timestamp: string;
      data: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    expect(payload.type).toBe("gift.scheduled");
    expect(payload.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(payload.data).toMatchObject({
      type: "gifts",
      id: gift.id,
      attributes: { "external-id": gift.id, team: a.team.id, stage: "scheduled" },
    });
    expect(payload.data.attributes["untie-url"]).toMatch(/^http:\/\/localhost:3000\/untie\//);
    // Forged or altered: rejected by the independent verifier.
    expect(() =>
      new Webhook(a.secret).verify(scheduled.body.replace("gift.scheduled", "gift.redeemed"), headersOf(scheduled)),
    ).toThrow();
    expect(() => new Webhook(stranger.secret).verify(scheduled.body, headersOf(scheduled))).toThrow();
    expect(await t.db.webhookDelivery.count({ where: { endpointId: sentOnly.endpoint.id } })).toBe(1);
    expect(await t.db.webhookDelivery.count({ where: { endpointId: stranger.endpoint.id } })).toBe(0);
  });

  it("retries after a 500 and a timeout on the backoff schedule, then succeeds; every attempt is recorded with one webhook-id", async () => {
    const a = await accountWithEndpoint(receiver.url, ["gift.scheduled"]);
    const before = receiver.received.length;
    // The second answer never comes in time (a 10-minute hang against a 500 ms timeout).
    receiver.reply({ status: 500, body: "boom" }, { status: 200, delayMs: 600_000 }, { status: 204 });
    await insertGift(t.db, a.owner);
    const t0 = new Date();
    expect(await run(t.db, t0)).toMatchObject({ attempts: 1, retried: 1 });
    expect(await run(t.db, new Date(t0.getTime() + RETRY_SCHEDULE_MS[0] - 1_000))).toMatchObject({ attempts: 0 });
    const t1 = new Date(t0.getTime() + RETRY_SCHEDULE_MS[0]);
    expect(await run(t.db, t1, 500)).toMatchObject({ attempts: 1, retried: 1 });
    expect(await run(t.db, new Date(t1.getTime() + RETRY_SCHEDULE_MS[1] - 1_000))).toMatchObject({ attempts: 0 });
    expect(await run(t.db, new Date(t1.getTime() + RETRY_SCHEDULE_MS[1]))).toMatchObject({ attempts: 1, succeeded: 1 });

    const got = receiver.received.slice(before);
    expect(got).toHaveLength(3);
    expect(new Set(got.map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    for (const r of got) expect(() => new Webhook(a.secret).verify(r.body, headersOf(r))).not.toThrow();
    const attempts = await t.db.webhookAttempt.findMany({
      where: { endpointId: a.endpoint.id },
      orderBy: { id: "asc" },
    });
    expect(attempts.map((x) => [x.attempt, x.responseStatus, x.succeeded])).toEqual([
      [1, 500, false],
      [2, null, false],
      [3, 204, true],
    ]);
    expect(attempts[0].responseBody).toBeNull(); // a private (loopback) receiver: its answer is never kept
    expect(attempts[1].error).toMatch(/timed out/);
    expect((await t.db.webhookDelivery.findFirstOrThrow({ where: { endpointId: a.endpoint.id } })).status).toBe(
      "succeeded",
    );
    expect((await t.db.webhookEndpoint.findUniqueOrThrow({ where: { id: a.endpoint.id } })).failingSince).toBeNull();
  });

  it(`gives a delivery up after ${MAX_ATTEMPTS} attempts over about 3 days; an endpoint failing for 5 days is disabled and its owner emailed once`, async () => {
    const a = await accountWithEndpoint("http://127.0.0.1:3249/nobody-listens", ["gift.scheduled", "gift.sent"]);
    const total = RETRY_SCHEDULE_MS.reduce((x, y) => x + y, 0);
    expect(total / 86_400_000).toBeGreaterThan(2.9);
    expect(total / 86_400_000).toBeLessThan(3.5);
    const gift = await insertGift(t.db, a.owner);
    let now = new Date();
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      const summary = await run(t.db, now);
      expect(summary.attempts, `attempt ${i + 1}`).toBe(1);
      now = new Date(now.getTime() + (RETRY_SCHEDULE_MS[i] ?? 0));
    }
    const delivery = await t.db.webhookDelivery.findFirstOrThrow({ where: { endpointId: a.endpoint.id } });
    expect(delivery).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect((await t.db.webhookEndpoint.findUniqueOrThrow({ where: { id: a.endpoint.id } })).enabled).toBe(true);

    // Still failing on day 5: disabled, owner emailed once; nothing is attempted afterwards.
    const streakStart = (await t.db.webhookEndpoint.findUniqueOrThrow({ where: { id: a.endpoint.id } })).failingSince!;
    await t.db.$transaction((tx) => moveGift(tx, gift.id, "sent"));
    await run(t.db, new Date(streakStart.getTime() + DISABLE_AFTER_MS));
    const endpoint = await t.db.webhookEndpoint.findUniqueOrThrow({ where: { id: a.endpoint.id } });
    expect(endpoint.enabled).toBe(false);
    expect(endpoint.disabledReason).toMatch(/5 days/);
    await sendQueuedEmails(t.db, { transport: outboxTransport, limit: 500 });
    const emails = await t.db.emailOutbox.findMany({ where: { kind: "webhook-disabled", to: a.user.email } });
    expect(emails).toMatchObject([{ status: "stored" }]);
    expect(emails[0].text).toContain("127.0.0.1:3249/nobody-listens");
    await insertGift(t.db, a.owner);
    expect(await run(t.db, new Date(streakStart.getTime() + DISABLE_AFTER_MS + 3_600_000))).toMatchObject({
      attempts: 0,
    });
    expect(await t.db.emailOutbox.count({ where: { kind: "webhook-disabled", to: a.user.email } })).toBe(1);
  });

  it("signs with the old and the new secret during the 24 h grace period after a rotation, then with the new one only", async () => {
    const a = await accountWithEndpoint(receiver.url, ["gift.scheduled"]);
    const before = receiver.received.length;
    const rotated = await rotateSecret(t.db, a.caller, a.team, a.endpoint.id);
    expect(rotated.secret).not.toBe(a.secret);
    await insertGift(t.db, a.owner);
    await run(t.db);
    const during = receiver.received[before];
    expect(String(during.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(() => new Webhook(a.secret).verify(during.body, headersOf(during))).not.toThrow();
    expect(() => new Webhook(rotated.secret).verify(during.body, headersOf(during))).not.toThrow();

    await insertGift(t.db, a.owner);
    await run(t.db, new Date(Date.now() + ROTATION_GRACE_MS + 60_000));
    const after = receiver.received[before + 1];
    expect(String(after.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(() => new Webhook(rotated.secret).verify(after.body, headersOf(after))).not.toThrow();
    expect(() => new Webhook(a.secret).verify(after.body, headersOf(after))).toThrow();
  });

  it("keeps secrets encrypted at rest (AES-256-GCM): no plaintext in the row, tampering is detected", async () => {
    const a = await accountWithEndpoint(receiver.url);
    const row = await t.db.webhookEndpoint.findUniqueOrThrow({ where: { id: a.endpoint.id } });
    expect(JSON.stringify(row)).not.toContain(a.secret.slice(6));
    expect(decryptSecret(row.secretCiphertext)).toBe(a.secret);
    const bytes = Buffer.from(row.secretCiphertext.slice(3), "base64url");
    bytes[bytes.length - 1] ^= 1;
    expect(() => decryptSecret(`v1:${bytes.toString("base64url")}`)).toThrow();
  });

  it("sandbox endpoints get only their owner's sandbox gifts; live endpoints never get sandbox gifts", async () => {
    const a = await accountWithEndpoint(receiver.url);
    const b = await createAccount(t.db);
    const sandbox = { id: SANDBOX_TEAM_ID, name: "Sandbox" };
    const mine = await createEndpoint(t.db, callerFor(a.user, "sandbox"), sandbox, {
      url: receiver.url,
      eventTypes: [...EVENT_TYPES],
    });
    await insertGift(t.db, { teamId: SANDBOX_TEAM_ID, senderId: a.user.id, livemode: false });
    await insertGift(t.db, { teamId: SANDBOX_TEAM_ID, senderId: b.user.id, livemode: false });
    await run(t.db);
    expect(await t.db.webhookDelivery.count({ where: { endpointId: mine.endpoint.id } })).toBe(1);
    expect(await t.db.webhookDelivery.count({ where: { endpointId: a.endpoint.id } })).toBe(0);
  });
});

describe("two workers at once", () => {
  it("make exactly one delivery per (event, endpoint) and send each once", async () => {
    const handles = await openTwoHandles();
    const local = await startReceiver(3243);
    try {
      const { user, team } = await createAccount(handles.a);
      const caller = callerFor(user);
      await createEndpoint(handles.a, caller, team, { url: local.url, eventTypes: [...EVENT_TYPES] });
      await createEndpoint(handles.a, caller, team, {
        url: local.url.replace("/hooks", "/second"),
        eventTypes: [...EVENT_TYPES],
      });
      const cat = await catalogue(handles.a);
      const rows = Array.from({ length: 150 }, () => giftRow(cat, { teamId: team.id, senderId: user.id }));
      await handles.a.gift.createMany({ data: rows });
      await handles.a.giftEvent.createMany({ data: rows.map((r) => ({ giftId: r.id, stage: "scheduled" })) });

      const worker = (db: PrismaClient) => runWebhooks(db, { allowPrivate: true, limit: 25, maxBatches: 100 });
      const [x, y] = await Promise.all([worker(handles.a), worker(handles.b)]);
      expect(x.deliveries + y.deliveries).toBe(300);
      expect(x.succeeded + y.succeeded).toBe(300);
      expect(await handles.a.webhookDelivery.count()).toBe(300);
      expect(local.received).toHaveLength(300);
      // One message per event, sent to each of the two endpoints once: 150 ids, each received twice.
      const ids = local.received.map((r) => `${r.headers["webhook-id"]}`);
      expect(new Set(ids).size).toBe(150);
      expect(ids.every((id) => ids.filter((other) => other === id).length === 2)).toBe(true);
    } finally {
      await local.close();
      await handles.close();
    }
  });
});
