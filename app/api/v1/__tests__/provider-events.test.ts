import { randomUUID } from "node:crypto";
import { PROVIDER_SECRET, signedProviderEvent } from "@/lib/testing/provider-events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/webhooks/resend/route";
import { deliverGift } from "@/lib/delivery";
import { recordProviderEvent } from "@/lib/delivery/provider-events";
import { apiAs } from "@/lib/testing/api-client";
import { fakeTransport } from "@/lib/testing/fake-transport";
import { createAccount } from "@/lib/testing/fixtures";
import { suppressedMessage } from "@/lib/gifts";
import { onTeam } from "@/lib/actor";
import { dashboardGift } from "@/lib/dashboard";
import { stopReminders } from "@/lib/reminders/unsubscribe";
import { sessionActor } from "@/lib/testing/dashboard";
import { unsubscribeUrl } from "@/lib/untie";
import { expectError, expectValidation, giftBody, openDatabaseForFile } from "./helpers";

// Issue 34, part 1: Resend's webhooks (bounces, complaints, deliveries) on the outbox row, the
// gift's timeline and stage; idempotent, out of order safe, refused unsigned or replayed.
const t = openDatabaseForFile();

const SECRET = PROVIDER_SECRET;
const signed = signedProviderEvent;

function event(type: string, emailId: string, extra: Record<string, unknown> = {}, at = new Date()) {
  return JSON.stringify({
    type,
    created_at: at.toISOString(),
    data: {
      created_at: at.toISOString(),
      email_id: emailId,
      from: "Ribbon <gifts@example.test>",
      to: ["someone@example.com"],
      subject: "A gift",
      ...extra,
    },
  });
}

const hardBounce = { bounce: { type: "Permanent", subType: "NoEmail", message: "550 5.1.1 user unknown" } };

/** A live gift, sent through a fake provider: its id and the provider's id of its email. */
async function sentGift(email = `r-${randomUUID().slice(0, 8)}@example.com`) {
  const { tokens, team, user } = await createAccount(t.db);
  const api = apiAs(tokens.live);
  const created = await api.post("/gifts", giftBody({ email }));
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data.id as string;
  const provider = fakeTransport();
  const result = await deliverGift(t.db, id, { transport: provider, now: new Date(Date.now() + 60 * 60_000) });
  expect(result.outcome, JSON.stringify(result)).toBe("sent");
  const row = await t.db.emailOutbox.findFirstOrThrow({ where: { giftId: id, kind: "gift" } });
  const providerId = `re_${randomUUID()}`;
  await t.db.emailOutbox.update({ where: { id: row.id }, data: { providerId } });
  return { id, providerId, api, team, user, email, outboxId: row.id };
}

const post = async (request: Request) => {
  const res = await POST(request);
  return { status: res.status, body: await res.json() };
};

beforeEach(() => vi.stubEnv("RESEND_WEBHOOK_SECRET", SECRET));
afterEach(() => vi.unstubAllEnvs());

describe("POST /api/webhooks/resend", () => {
  it("a hard bounce of the gift email: outbox row, timeline, failed with the reason, suppressed, one gift.failed event", async () => {
    const gift = await sentGift();
    const delivered = await post(signed(event("email.delivery_delayed", gift.providerId)));
    expect(delivered).toEqual({ status: 200, body: { received: true, outcome: "recorded" } });
    const res = await post(signed(event("email.bounced", gift.providerId, hardBounce)));
    expect(res.body.outcome).toBe("recorded");
    const row = await t.db.emailOutbox.findUniqueOrThrow({ where: { id: gift.outboxId } });
    expect(row).toMatchObject({ deliveryStatus: "bounced", deliveryDetail: "hard: mailbox does not exist" });
    const shown = await gift.api.get(`/gifts/${gift.id}`);
    expect(shown.body.data.attributes).toMatchObject({
      stage: "failed",
      "delivery-issue": "Bounced: mailbox does not exist",
    });
    const events = await t.db.giftEvent.findMany({ where: { giftId: gift.id }, orderBy: { id: "asc" } });
    expect(events.map((e) => [e.stage, e.action, e.message])).toEqual([
      ["scheduled", null, null],
      ["sent", null, null],
      ["sent", "email_delayed", "The gift email: delivery delayed (the provider keeps trying)"],
      ["failed", null, "Bounced: mailbox does not exist"],
    ]);
    const suppressed = await t.db.emailSuppression.findMany({ where: { teamId: gift.team.id } });
    expect(suppressed).toMatchObject([{ email: gift.email, reason: "bounced", giftId: gift.id }]);
    // Refund rule: a bounce refunds nothing (the address can be corrected); cancelling refunds in full.
    expect(await t.db.charge.count({ where: { giftId: gift.id, kind: "refund" } })).toBe(0);
  });

  it("correcting the bounced address sends the gift again (sent, no new charge); cancelling instead refunds", async () => {
    const gift = await sentGift();
    await post(signed(event("email.bounced", gift.providerId, hardBounce)));
    // A corrected address the team suppressed is refused with a create's words; the gift stays failed.
    await gift.api.post("/suppressions", { suppressions: [{ email: "blocked@example.com" }] });
    for (const email of ["Blocked@Example.com", gift.email.toUpperCase()]) {
      const refused = await gift.api.patch(`/gifts/${gift.id}`, { gift: { email } });
      if (email === gift.email.toUpperCase()) {
        // The same address again is no correction: nothing changes, nothing is sent.
        expect(refused.status, JSON.stringify(refused.body)).toBe(200);
        expect(refused.body.data.attributes.stage).toBe("failed");
        continue;
      }
      expect(expectValidation(refused)).toEqual([
        { pointer: "/gift/email", code: "suppressed", detail: suppressedMessage(email) },
      ]);
    }
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).stage).toBe("failed");
    const fixed = await gift.api.patch(`/gifts/${gift.id}`, { gift: { email: "fixed@example.com" } });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.data.attributes).toMatchObject({
      stage: "sent",
      email: "fixed@example.com",
      "delivery-issue": null,
    });
    const queued = await t.db.emailOutbox.findMany({
      where: { giftId: gift.id, kind: "gift" },
      orderBy: { id: "asc" },
    });
    expect(queued.map((r) => r.to)).toEqual([gift.email, "fixed@example.com"]);
    // The first address's late events no longer move the gift.
    await post(signed(event("email.bounced", gift.providerId, hardBounce)));
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).stage).toBe("sent");

    const other = await sentGift();
    await post(signed(event("email.bounced", other.providerId, hardBounce)));
    const cancelled = await other.api.delete(`/gifts/${other.id}`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await t.db.charge.count({ where: { giftId: other.id, kind: "refund" } })).toBe(1);
  });

  it("is idempotent: the same event twice, or two at once, acts once", async () => {
    const gift = await sentGift();
    const body = event("email.bounced", gift.providerId, hardBounce);
    const id = `msg_${randomUUID()}`;
    const [a, b] = await Promise.all([post(signed(body, { id })), post(signed(body, { id }))]);
    expect([a.body.outcome, b.body.outcome].sort()).toEqual(["duplicate", "recorded"]);
    const again = await post(signed(body, { id }));
    expect(again).toEqual({ status: 200, body: { received: true, outcome: "duplicate" } });
    expect(await t.db.giftEvent.count({ where: { giftId: gift.id, stage: "failed" } })).toBe(1);
  });

  it("is out of order safe: an older delivered after a bounce leaves the bounce; a soft bounce never fails the gift", async () => {
    const gift = await sentGift();
    const now = Date.now();
    await post(
      signed(
        event(
          "email.bounced",
          gift.providerId,
          { bounce: { type: "Transient", subType: "MailboxFull", message: "full" } },
          new Date(now),
        ),
      ),
    );
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).stage).toBe("sent");
    await post(signed(event("email.delivered", gift.providerId, {}, new Date(now - 60_000))));
    const row = await t.db.emailOutbox.findUniqueOrThrow({ where: { id: gift.outboxId } });
    expect(row).toMatchObject({ deliveryStatus: "bounced", deliveryDetail: "soft: mailbox full" });
    expect(await t.db.emailSuppression.count({ where: { teamId: gift.team.id } })).toBe(0);
  });

  it("a complaint suppresses the address and stops the gift's reminders", async () => {
    const gift = await sentGift();
    await post(signed(event("email.complained", gift.providerId)));
    const row = await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } });
    expect(row.remindersStoppedAt).not.toBeNull();
    expect(row.nextReminderAt).toBeNull();
    expect(await t.db.emailSuppression.count({ where: { teamId: gift.team.id, reason: "complained" } })).toBe(1);
  });

  it("refuses unsigned, forged, replayed (stale) and other-secret events with 401, and changes nothing", async () => {
    const gift = await sentGift();
    const body = event("email.bounced", gift.providerId, hardBounce);
    const unsigned = new Request("http://localhost/api/webhooks/resend", { method: "POST", body });
    expectError(await asResult(POST(unsigned)), 401, "Unauthorized");
    const forged = signed(body);
    forged.headers.set("svix-signature", "v1,AAAA");
    expectError(await asResult(POST(forged)), 401, "Unauthorized");
    const stale = signed(body, { at: new Date(Date.now() - 10 * 60_000) });
    expectError(await asResult(POST(stale)), 401, "Unauthorized");
    const otherSecret = signed(body, {
      secret: `whsec_${Buffer.from("another-secret-of-thirty-two-bytes").toString("base64")}`,
    });
    expectError(await asResult(POST(otherSecret)), 401, "Unauthorized");
    // A signed event whose body was changed on the way.
    const tampered = signed(body);
    const changed = new Request(tampered.url, {
      method: "POST",
      headers: tampered.headers,
      body: body.replace("Permanent", "Transient"),
    });
    expectError(await asResult(POST(changed)), 401, "Unauthorized");
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).stage).toBe("sent");
    expect(await t.db.emailProviderEvent.count({ where: { providerId: gift.providerId } })).toBe(0);
  });

  it("hostile bodies: huge (413), signed non-events (400), unknown emails and types (200, forgotten); no secret: 503", async () => {
    const huge = signed("x".repeat(300 * 1024));
    expectError(await asResult(POST(huge)), 413, "PayloadTooLarge");
    expectError(await asResult(POST(signed("[1,2,3]"))), 400, "BadRequest");
    expectError(await asResult(POST(signed("{not json"))), 400, "BadRequest");
    const unknown = await post(signed(event("email.delivered", "re_nobody")));
    expect(unknown.body.outcome).toBe("unknown_email");
    const other = await post(signed(event("email.opened", "re_nobody")));
    expect(other.body.outcome).toBe("ignored");
    vi.stubEnv("RESEND_WEBHOOK_SECRET", "");
    expectError(await asResult(POST(signed(event("email.delivered", "re_x")))), 503, "ServiceUnavailable");
  });

  it("the simulation (no provider) takes the same path by outbox row", async () => {
    const gift = await sentGift();
    const outcome = await recordProviderEvent(t.db, {
      id: `sim_${randomUUID()}`,
      type: "email.bounced",
      providerId: null,
      outboxId: gift.outboxId,
      occurredAt: new Date(),
      bounce: hardBounce.bounce,
    });
    expect(outcome).toBe("recorded");
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).stage).toBe("failed");
  });
});

/** The gift's timeline as its dashboard page shows it, to its team's owner. */
async function timelineOf(gift: Awaited<ReturnType<typeof sentGift>>) {
  const actor = await onTeam(t.db, sessionActor(gift.user), gift.team.id);
  return (await dashboardGift(t.db, actor, gift.id)).timeline;
}

describe("events of types Ribbon does not act on", () => {
  // Shaped as Resend sends them (the resend SDK's WebhookEventPayload types).
  const others = (emailId: string) => [
    event("email.sent", emailId),
    event("email.scheduled", emailId),
    event("email.opened", emailId),
    event("email.clicked", emailId, {
      click: {
        ipAddress: "203.0.113.9",
        link: "https://example.com/x",
        timestamp: new Date().toISOString(),
        userAgent: "UA",
      },
    }),
    event("email.failed", emailId, { failed: { reason: "reached_daily_quota" } }),
    event("email.suppressed", emailId, { suppressed: { message: "on the list", type: "OnAccountSuppressionList" } }),
    event("email.received", emailId, { bcc: [], cc: [], received_for: [], attachments: [] }),
    JSON.stringify({
      type: "contact.created",
      created_at: new Date().toISOString(),
      data: { id: randomUUID(), audience_id: randomUUID(), email: "someone@example.com", unsubscribed: false },
    }),
    JSON.stringify({
      type: "domain.updated",
      created_at: "2026-01-01 10:00:00.000+00",
      data: { id: "d", records: [] },
    }),
    JSON.stringify({ type: "inbox.thread.folder.updated", created_at: null, data: { inbox_id: "i", thread_id: "t" } }),
    JSON.stringify({ type: "x".repeat(500), data: [] }),
  ];

  it("signed, each is acknowledged with 200 and forgotten: nothing stored, the gift unchanged", async () => {
    const gift = await sentGift();
    const before = await t.db.emailProviderEvent.count();
    for (const body of others(gift.providerId)) {
      const res = await post(signed(body));
      expect({ body: JSON.parse(body).type.slice(0, 30), res }).toEqual({
        body: JSON.parse(body).type.slice(0, 30),
        res: { status: 200, body: { received: true, outcome: "ignored" } },
      });
    }
    // The same ignored event again (a retry) is answered the same way.
    const id = `msg_${randomUUID()}`;
    for (let i = 0; i < 2; i++)
      expect((await post(signed(event("email.opened", gift.providerId), { id }))).status).toBe(200);
    expect(await t.db.emailProviderEvent.count()).toBe(before);
    const row = await t.db.emailOutbox.findUniqueOrThrow({ where: { id: gift.outboxId } });
    expect(row.deliveryStatus).toBeNull();
    expect(await t.db.giftEvent.count({ where: { giftId: gift.id } })).toBe(2); // scheduled, sent
  });

  it("unsigned, forged or stale, they are still refused with 401", async () => {
    const gift = await sentGift();
    for (const body of others(gift.providerId).slice(0, 3)) {
      const unsigned = new Request("http://localhost/api/webhooks/resend", { method: "POST", body });
      expectError(await asResult(POST(unsigned)), 401, "Unauthorized");
      const forged = signed(body);
      forged.headers.set("svix-signature", "v1,AAAA");
      expectError(await asResult(POST(forged)), 401, "Unauthorized");
      expectError(await asResult(POST(signed(body, { at: new Date(Date.now() - 10 * 60_000) }))), 401, "Unauthorized");
    }
    // A handled event without a time (or an unreadable one) is taken as of its arrival.
    const untimed = JSON.parse(event("email.delivered", gift.providerId));
    delete untimed.created_at;
    untimed.data.created_at = "not a time";
    expect(await post(signed(JSON.stringify(untimed)))).toEqual({
      status: 200,
      body: { received: true, outcome: "recorded" },
    });
    expect((await t.db.emailOutbox.findUniqueOrThrow({ where: { id: gift.outboxId } })).deliveryStatus).toBe(
      "delivered",
    );
    // A signed event of a handled type that is not shaped as Resend sends it stays a 400.
    expectError(await asResult(POST(signed(JSON.stringify({ type: "email.bounced", data: 1 })))), 400, "BadRequest");
  });
});

describe("the gift's timeline and reminders after the provider's events", () => {
  it("a hard bounce shows on the email's own line; a late delivered after it adds nothing to the failed gift", async () => {
    const gift = await sentGift();
    const now = Date.now();
    await post(signed(event("email.bounced", gift.providerId, hardBounce, new Date(now))));
    // Later than the bounce (clocks differ), older than it, and the bounce replayed under a new id.
    await post(signed(event("email.delivered", gift.providerId, {}, new Date(now + 60_000))));
    await post(signed(event("email.delivered", gift.providerId, {}, new Date(now - 60_000))));
    await post(signed(event("email.bounced", gift.providerId, hardBounce, new Date(now))));
    const timeline = await timelineOf(gift);
    const email = timeline.filter((e) => e.kind === "email");
    expect(email).toMatchObject([{ status: "bounced", detail: "hard: mailbox does not exist" }]);
    // (The gift was sent an hour ahead, so its lines are compared in any order.)
    const stages = timeline.filter((e) => e.kind === "stage").map((e) => [e.title, e.detail]);
    expect(stages.sort()).toEqual([
      ["Stage: failed", "Bounced: mailbox does not exist"],
      ["Stage: scheduled", null],
      ["Stage: sent", null],
    ]);
    expect(timeline.map((e) => e.title).join(" ")).not.toMatch(/email_|delivered/);
    const row = await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } });
    expect(row).toMatchObject({ stage: "failed", deliveryIssue: "Bounced: mailbox does not exist" });
  });

  it("delivered: one line titled in words, even twice under other ids or two at once; the email's line says delivered", async () => {
    const gift = await sentGift();
    const body = event("email.delivered", gift.providerId);
    await Promise.all([post(signed(body)), post(signed(body))]);
    await post(signed(body));
    const timeline = await timelineOf(gift);
    expect(
      timeline
        .filter((e) => e.kind === "stage")
        .map((e) => [e.title, e.detail])
        .sort(),
    ).toEqual([
      ["Email delivered", "The gift email: delivered to the inbox"],
      ["Stage: scheduled", null],
      ["Stage: sent", null],
    ]);
    expect(timeline.filter((e) => e.kind === "email")).toMatchObject([{ status: "delivered" }]);
    // A soft bounce after it is a new word: one more line, the email's line says bounced.
    const soft = { bounce: { type: "Transient", subType: "MailboxFull", message: "full" } };
    await post(signed(event("email.bounced", gift.providerId, soft, new Date(Date.now() + 1000))));
    const after = await timelineOf(gift);
    expect(after.filter((e) => e.title === "Email bounced")).toMatchObject([
      { detail: "The gift email: soft bounce: mailbox full" },
    ]);
    expect(after.filter((e) => e.kind === "email")).toMatchObject([
      { status: "bounced", detail: "soft: mailbox full" },
    ]);
  });

  it("next-reminder-at is null once no reminder will be sent: after a complaint, an unsubscribe, a hard bounce", async () => {
    const complained = await sentGift();
    const attributes = async (g: typeof complained) => (await g.api.get(`/gifts/${g.id}`)).body.data.attributes;
    expect((await attributes(complained))["next-reminder-at"]).toEqual(expect.any(String));
    await post(signed(event("email.complained", complained.providerId)));
    expect(await attributes(complained)).toMatchObject({ stage: "sent", "next-reminder-at": null });
    expect((await timelineOf(complained)).filter((e) => e.title === "Email marked as spam")).toHaveLength(1);

    const unsubscribed = await sentGift();
    expect((await attributes(unsubscribed))["next-reminder-at"]).toEqual(expect.any(String));
    const token = new URL(unsubscribeUrl(unsubscribed.id)).pathname.split("/").at(-1)!;
    expect(await stopReminders(t.db, token)).toBe("stopped");
    expect(await attributes(unsubscribed)).toMatchObject({ stage: "sent", "next-reminder-at": null });

    const bounced = await sentGift();
    await post(signed(event("email.bounced", bounced.providerId, hardBounce)));
    expect(await attributes(bounced)).toMatchObject({ stage: "failed", "next-reminder-at": null });
  });
});

describe("the sandbox's simulation", () => {
  it('{"email_event": "bounced"} fails a sent sandbox gift with its reason; refused before the email exists and for live gifts', async () => {
    const { tokens } = await createAccount(t.db);
    const api = apiAs(tokens.sandbox);
    const created = await api.post("/gifts", giftBody({ email: `s-${randomUUID().slice(0, 8)}@example.com` }));
    const id = created.body.data.id as string;
    expectError(await api.post(`/gifts/${id}/simulate`, { email_event: "bounced" }), 409, "Conflict");
    expect((await deliverGift(t.db, id, { now: new Date(Date.now() + 60 * 60_000) })).outcome).toBe("suppressed"); // a sandbox email is kept, never sent
    const delivered = await api.post(`/gifts/${id}/simulate`, { email_event: "delivered" });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    const bounced = await api.post(`/gifts/${id}/simulate`, { email_event: "bounced" });
    expect(bounced.body.data.attributes).toMatchObject({
      stage: "failed",
      "delivery-issue": "Bounced: mailbox does not exist",
    });
    const bad = await api.post(`/gifts/${id}/simulate`, { email_event: "exploded", stage: "sent" });
    expect(bad.status).toBe(400);
    const live = await sentGift();
    expectError(await live.api.post(`/gifts/${live.id}/simulate`, { email_event: "bounced" }), 403, "Forbidden");
  });
});

async function asResult(response: Promise<Response>) {
  const res = await response;
  return { status: res.status, headers: res.headers, body: await res.json() };
}
