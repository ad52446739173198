import { randomUUID } from "node:crypto";
import { PROVIDER_SECRET, signedProviderEvent } from "@/lib/testing/provider-events";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as resendWebhook } from "@/app/api/webhooks/resend/route";
import { onTeam } from "@/lib/actor";
import { saveView } from "@/lib/dashboard/saved-views";
import { deliverGift } from "@/lib/delivery";
import { recordProviderEvent } from "@/lib/delivery/provider-events";
import { sendQueuedEmails } from "@/lib/outbox";
import { eraseExpiredRecipientData, readErasure, runErasure } from "@/lib/privacy";
import { GIFTS_PER_STEP, startErasure, stepErasure } from "@/lib/privacy/erase";
import { sessionActor } from "@/lib/testing/dashboard";
import { redeemGift } from "@/lib/redemption";
import { addMember } from "@/lib/teams";
import { apiAs } from "@/lib/testing/api-client";
import { fakeTransport } from "@/lib/testing/fake-transport";
import { catalogue, createAccount, giftRow, insertGift } from "@/lib/testing/fixtures";
import { createPerson } from "@/lib/testing/teams";
import { PATIENT_MS, waitFor } from "@/lib/testing/wait-for";
import { startReceiver, type Receiver } from "@/lib/testing/webhook-receiver";
import { untieToken } from "@/lib/untie";
import { runWebhooks } from "@/lib/webhooks";
import { expectError, expectValidation, giftBody, openDatabaseForFile } from "./helpers";

type Api = ReturnType<typeof apiAs>;
/**
 * An erasure as a client sees it once done: the request answers 200 (done within about a second)
 * or 202 while it goes on (a busy machine, a team with many rows), and a 202 is polled at
 * GET /erasures/:id until completed.
 */
async function erase(api: Api, email: string, path = "/erasures") {
  const answered = await api.post(path, { email });
  if (answered.status !== 202) return answered;
  return waitFor(
    async () => {
      const polled = await api.get(`/erasures/${answered.body.data.id}`);
      return polled.body.data?.attributes?.status === "in_progress" ? null : polled;
    },
    { timeoutMs: 60_000, intervalMs: 100, what: "the erasure completed" },
  );
}

// One person's data erased from every table, a short transaction at a time; the team's retention.
const t = openDatabaseForFile();

const PERSON = {
  email: "Erase.Me@Example.com",
  name: "Erasmus Personname",
  street: "42 Erasurestreet Lane",
  // As stored: E.164 (a redemption keeps numbers so), so the search for it after erasure finds the stored form.
  phone: "+16502530199",
};
const CORRECTED = "corrected.address@example.com";
const SECRET = PROVIDER_SECRET;

/** A provider event signed as Svix signs (an implementation of the test's own), posted to the provider's webhook. */
async function providerEvent(type: string, emailId: string, data: Record<string, unknown>) {
  const body = JSON.stringify({
    type,
    created_at: new Date().toISOString(),
    data: { created_at: new Date().toISOString(), email_id: emailId, to: [PERSON.email], subject: "A gift", ...data },
  });
  const res = await resendWebhook(signedProviderEvent(body));
  expect(res.status).toBe(200);
  return res.json();
}
const OTHER = { email: "keep.me@example.com", name: "Kept Otherperson" };
let receiver: Receiver;
let a: Awaited<ReturnType<typeof createAccount>>;

/** Every text, varchar, JSON and array column of every table, and the rows where `needle` appears (case-insensitive). */
async function whereFound(needle: string): Promise<string[]> {
  const columns = await t.db.$queryRawUnsafe<{ table_name: string; column_name: string }[]>(
    `SELECT table_name::text AS table_name, column_name::text AS column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'ARRAY')
        AND table_name <> '_prisma_migrations'`,
  );
  expect(columns.length).toBeGreaterThan(60);
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const [{ n }] = await t.db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "${table_name}" WHERE strpos(lower("${column_name}"::text), lower($1)) > 0`,
      needle,
    );
    if (n > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

beforeAll(async () => {
  vi.stubEnv("RIBBON_WEBHOOKS_ALLOW_PRIVATE", "1");
  vi.stubEnv("RESEND_WEBHOOK_SECRET", SECRET);
  // An endpoint that echoes what it got: its answers are kept in WebhookAttempt.responseBody.
  receiver = await startReceiver(0, { status: 200, body: `got ${PERSON.name} <${PERSON.email}>` });
  a = await createAccount(t.db);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await receiver?.close();
});

describe("erasure", () => {
  it("after every feature that stores data, erasing one person leaves their email, name, street and phone in no column of any table", async () => {
    const api = apiAs(a.tokens.live);
    const endpoint = await api.post("/webhook-endpoints", { webhook_endpoint: { url: receiver.url } });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);

    // Gifts to the person in every stage: redeemed (created with an idempotency key, whose stored
    // answer holds the gift, replayed once), sent, bounced, scheduled, and one whose address the
    // sender corrects away after it was sent; one copied to the person.
    const key = `erase-${randomUUID()}`;
    const redeemedBody = giftBody({ email: PERSON.email, name: PERSON.name, cc_email: "boss@example.com" });
    const created = await api.post("/gifts", redeemedBody, { headers: { "Idempotency-Key": key } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const replayed = await api.post("/gifts", redeemedBody, { headers: { "Idempotency-Key": key } });
    expect(replayed.body.data.id).toBe(created.body.data.id);
    const id = created.body.data.id as string;
    const gift = async (over: Record<string, unknown>) => {
      const res = await api.post("/gifts", giftBody({ email: PERSON.email, name: PERSON.name, ...over }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id as string;
    };
    const sentId = await gift({});
    const bouncedId = await gift({});
    const scheduledId = await gift({ scheduled_at: new Date(Date.now() + 30 * 86_400_000).toISOString() });
    // The corrected gift's current recipient is whoever has the new address: their name stays.
    const correctedId = await gift({ name: "Corrected Recipient" });
    const copiedId = await gift({ email: "another.recipient@example.com", name: "Another", cc_email: PERSON.email });
    const other = await api.post("/gifts", giftBody({ email: OTHER.email, name: OTHER.name }));
    const provider = fakeTransport();
    const later = new Date(Date.now() + 60 * 60_000);
    for (const g of [id, sentId, bouncedId, correctedId, copiedId, other.body.data.id])
      expect((await deliverGift(t.db, g, { transport: provider, now: later })).outcome).toBe("sent");
    const row = await t.db.emailOutbox.findFirstOrThrow({ where: { giftId: id, kind: "gift" } });
    await t.db.emailOutbox.update({ where: { id: row.id }, data: { providerId: "re_erasure" } });
    await recordProviderEvent(t.db, {
      id: "msg_erasure",
      type: "email.delivered",
      providerId: "re_erasure",
      occurredAt: new Date(),
    });
    const product = await t.db.product.findFirstOrThrow({
      where: { collectionId: Number(created.body.data.relationships.collection.data.id), variants: { some: {} } },
      include: { variants: true },
    });
    await redeemGift(t.db, {
      secret: untieToken(id),
      productId: product.id,
      variantId: product.variants[0].id,
      address: {
        fullName: PERSON.name,
        line1: PERSON.street,
        line2: "",
        city: "Springfield",
        region: "IL",
        postalCode: "62701",
        country: "US",
        phone: PERSON.phone,
        email: PERSON.email,
      },
      thankYouNote: `Thank you! ${PERSON.name}`,
    });
    await sendQueuedEmails(t.db, { transport: provider });
    await runWebhooks(t.db, { allowPrivate: true, timeoutMs: PATIENT_MS });
    expect(await t.db.webhookAttempt.count()).toBeGreaterThan(0);
    // A loopback receiver's answers are never kept (lib/webhooks/deliver.ts): a public endpoint's
    // first KB is. Kept here as a public endpoint that echoes the payload would have it kept.
    await t.db.webhookAttempt.updateMany({
      where: { delivery: { event: { giftId: id } } },
      data: { responseBody: `got ${PERSON.name} <${PERSON.email}>` },
    });

    // The sender corrects one gift's address: the webhooks already sent kept the old one.
    const corrected = await api.patch(`/gifts/${correctedId}`, { gift: { email: CORRECTED } });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(await whereFound(PERSON.email)).toContain("WebhookDelivery.payload");

    // A hard bounce whose provider text quotes the address (a signed provider event): the gift's
    // delivery issue, the outbox row's detail and the suppression's detail all quote it.
    const bounced = await t.db.emailOutbox.findFirstOrThrow({ where: { giftId: bouncedId, kind: "gift" } });
    await t.db.emailOutbox.update({ where: { id: bounced.id }, data: { providerId: "re_bounced" } });
    const bounceText = `550 5.1.1 <${PERSON.email.toLowerCase()}>: Recipient address rejected`;
    await providerEvent("email.bounced", "re_bounced", { bounce: { type: "Permanent", message: bounceText } });
    const failed = await api.get(`/gifts/${bouncedId}`);
    expect(failed.body.data.attributes.stage).toBe("failed");
    expect(failed.body.data.attributes["delivery-issue"]).toContain(PERSON.email.toLowerCase());
    await api.post("/suppressions", { suppressions: [{ email: PERSON.email }] });

    // A dashboard view saved with a search for the address, and one for something else.
    const owner = await onTeam(t.db, sessionActor(a.user), a.team.id);
    await saveView(t.db, owner, { name: "Erasmus's gifts", params: { q: PERSON.email } });
    await saveView(t.db, owner, { name: "Redeemed", params: { stage: "redeemed" } });
    const chargesBefore = await t.db.charge.findMany({ orderBy: { id: "asc" } });

    // Before: the person is everywhere the issue names.
    const before = await whereFound(PERSON.email);
    for (const column of [
      "Gift.email",
      "Gift.ccEmail",
      "Gift.redemptionEmail",
      "Gift.deliveryIssue",
      "EmailOutbox.to",
      "EmailOutbox.deliveryDetail",
      "IdempotencyKey.responseBody",
      "WebhookDelivery.payload",
      "WebhookAttempt.responseBody",
      "EmailSuppression.email",
      "EmailSuppression.detail",
    ])
      expect(before).toContain(column);
    expect(await whereFound(encodeURIComponent(PERSON.email))).toContain("SavedView.query");
    expect(await whereFound(PERSON.street)).toEqual(expect.arrayContaining(["Gift.address"]));
    expect(await whereFound(PERSON.phone)).toEqual(expect.arrayContaining(["Gift.address"]));
    expect(await whereFound(PERSON.name)).toEqual(
      expect.arrayContaining(["Gift.recipientName", "EmailOutbox.payload"]),
    );

    // Viewers and members may not erase; an owner may.
    const member = await createPerson(t.db);
    await addMember(t.db, a.team.id, member.user.id, "member");
    expectError(await apiAs(member.tokens.live).post("/erasures", { email: PERSON.email }), 403, "Forbidden");
    const erased = await erase(api, PERSON.email.toUpperCase(), `/teams/${a.team.id}/erasures`);
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body.data.attributes).toMatchObject({
      status: "completed",
      gifts: 5,
      suppressions: 1,
      "saved-views": 1,
    });
    expect(erased.body.data.attributes["erased-at"]).not.toBeNull();
    expect(erased.body.data.attributes.emails).toBeGreaterThanOrEqual(6);
    expect(erased.body.data.attributes["webhook-deliveries"]).toBeGreaterThan(0);
    expect(JSON.stringify(erased.body).toLowerCase()).not.toContain(PERSON.email.toLowerCase());
    const polled = await api.get(`/erasures/${erased.body.data.id}`);
    expect(polled.status).toBe(200);
    expect(polled.body.data).toEqual(erased.body.data);
    expectError(await apiAs(member.tokens.live).get(`/erasures/${erased.body.data.id}`), 403, "Forbidden");

    for (const needle of [PERSON.email, encodeURIComponent(PERSON.email), PERSON.name, PERSON.street, PERSON.phone])
      expect(await whereFound(needle), needle).toEqual([]);
    // Kept: the anonymous gift rows, their stages and prices, the ledger, the other person's gift,
    // the suppression (by hash), the bounce's reason without the address, the other saved view,
    // the corrected gift's new recipient.
    const row0 = await t.db.gift.findUniqueOrThrow({ where: { id } });
    expect(row0).toMatchObject({ stage: "redeemed", email: null, recipientName: "", address: null });
    expect(row0.erasedAt).not.toBeNull();
    for (const g of [sentId, bouncedId, scheduledId, copiedId])
      expect((await t.db.gift.findUniqueOrThrow({ where: { id: g } })).erasedAt, g).not.toBeNull();
    expect(await t.db.charge.findMany({ orderBy: { id: "asc" } })).toEqual(chargesBefore);
    expect(await whereFound(OTHER.name)).toContain("Gift.recipientName");
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: correctedId } })).email).toBe(CORRECTED);
    expect((await t.db.savedView.findMany({ where: { teamId: a.team.id } })).map((v) => v.name)).toEqual(["Redeemed"]);
    const suppression = await t.db.emailSuppression.findFirstOrThrow({
      where: { teamId: a.team.id, reason: "bounced" },
    });
    expect(suppression).toMatchObject({ email: null, detail: expect.stringContaining("Recipient address rejected") });
    expect(suppression.detail).toContain("<[erased]>");
    expect((await api.post("/gifts", giftBody({ email: PERSON.email }))).status).toBe(400); // still suppressed

    // The API shows the erased gifts without the person: the name is null, as the OpenAPI says.
    const shown = await api.get(`/gifts/${id}`);
    expect(shown.body.data.attributes).toMatchObject({ name: null, email: null, "thank-you-note": null });
    const issue = (await api.get(`/gifts/${bouncedId}`)).body.data.attributes["delivery-issue"];
    expect(issue).toContain("Recipient address rejected");
    expect(issue.toLowerCase()).not.toContain(PERSON.email.toLowerCase());
    expect(JSON.stringify((await api.get("/suppressions")).body).toLowerCase()).not.toContain(
      PERSON.email.toLowerCase(),
    );
    // Resending an erased gift: a clear refusal, not a 500; nothing queued.
    const outboxBefore = await t.db.emailOutbox.count();
    const resent = await api.post(`/gifts/${sentId}/resend`, undefined);
    expect(resent.status, JSON.stringify(resent.body)).toBe(422);
    expect(resent.body.errors[0]).toMatchObject({ code: "erased" });
    expect(await t.db.emailOutbox.count()).toBe(outboxBefore);

    // A replay of the endpoint's webhooks sends what erasure left, never the person.
    receiver.received.length = 0;
    const replay = await api.post(`/webhook-endpoints/${endpoint.body.data.id}/replay`, {
      since: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    await runWebhooks(t.db, { allowPrivate: true, timeoutMs: PATIENT_MS });
    expect(receiver.received.length).toBeGreaterThan(0);
    for (const r of receiver.received) expect(r.body.toLowerCase()).not.toContain(PERSON.email.toLowerCase());

    // A second request erases nothing more (polled like the first when a busy machine answers 202).
    const again = await erase(api, PERSON.email);
    expect(again.body.data.attributes).toMatchObject({
      status: "completed",
      gifts: 0,
      emails: 0,
      suppressions: 0,
      "saved-views": 0,
      scrubbed: 0,
    });
    expect(again.body.data.id).not.toBe(erased.body.data.id);
  });

  it("hostile requests: not an address, unknown fields, a huge body", async () => {
    const api = apiAs(a.tokens.live);
    expect(expectValidation(await api.post("/erasures", { email: "nope", extra: 1 }))).toMatchObject([
      { pointer: "/extra" },
      { pointer: "/email", code: "invalid_email" },
    ]);
    expectError(
      await api.post("/erasures", undefined, { rawBody: "x".repeat(2 * 1024 * 1024) }),
      413,
      "PayloadTooLarge",
    );
    expectError(await apiAs(a.tokens.sandbox).post("/erasures", { email: "x@example.com" }), 403, "Forbidden");
  });
});

describe("retention", () => {
  it("erases gifts past their team's retention after a final stage; 0 never; open gifts never", async () => {
    const api = apiAs(a.tokens.live);
    expect((await api.get("/privacy")).body.data.attributes).toEqual({ "recipient-data-retention-days": 90 });
    const set = await api.patch("/privacy", { privacy: { recipient_data_retention_days: 30 } });
    expect(set.body.data.attributes).toEqual({ "recipient-data-retention-days": 30 });
    expect(
      expectValidation(await api.patch("/privacy", { privacy: { recipient_data_retention_days: -1 } })),
    ).toMatchObject([{ pointer: "/privacy/recipient_data_retention_days", code: "invalid_retention" }]);
    const never = await createAccount(t.db);
    await apiAs(never.tokens.live).patch("/privacy", { privacy: { recipient_data_retention_days: 0 } });

    const old = new Date(Date.now() - 31 * 86_400_000);
    const owner = { teamId: a.team.id, senderId: a.user.id };
    const done = await insertGift(t.db, {
      ...owner,
      stage: "cancelled",
      lastEventAt: old,
      recipientName: "Old Recipient",
      email: "old.recipient@example.com",
      deliveryIssue: "Bounced: 550 <old.recipient@example.com> unknown",
    });
    const recent = await insertGift(t.db, { ...owner, stage: "cancelled", lastEventAt: new Date() });
    const open = await insertGift(t.db, { ...owner, stage: "sent", lastEventAt: old });
    const kept = await insertGift(t.db, {
      teamId: never.team.id,
      senderId: never.user.id,
      stage: "expired",
      lastEventAt: old,
    });
    const [x, y] = await Promise.all([eraseExpiredRecipientData(t.db), eraseExpiredRecipientData(t.db)]);
    expect(x.erased + y.erased).toBeGreaterThanOrEqual(1);
    const erased = async (gid: string) => (await t.db.gift.findUniqueOrThrow({ where: { id: gid } })).erasedAt !== null;
    expect(await erased(done.id)).toBe(true);
    expect(await erased(recent.id)).toBe(false);
    expect(await erased(open.id)).toBe(false);
    expect(await erased(kept.id)).toBe(false);
    // The registry's treatment: the name a placeholder, the address gone from the provider's text too.
    expect(await t.db.gift.findUniqueOrThrow({ where: { id: done.id } })).toMatchObject({
      recipientName: "",
      email: null,
      deliveryIssue: "Bounced: 550 <[erased]> unknown",
    });
  });
});

/** A fresh team with a live gift to `email`, sent through a fake provider whose id for the gift email is returned. */
async function sentGiftTo(email: string, over: Record<string, unknown> = {}) {
  const account = await createAccount(t.db);
  const api = apiAs(account.tokens.live);
  const created = await api.post("/gifts", giftBody({ email, name: "Focused Person", ...over }));
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data.id as string;
  await deliverGift(t.db, id, { transport: fakeTransport(), now: new Date(Date.now() + 60 * 60_000) });
  const providerId = `re_${randomUUID()}`;
  await t.db.emailOutbox.updateMany({ where: { giftId: id, kind: "gift" }, data: { providerId } });
  return { account, api, id, providerId };
}

describe("each finding, on its own", () => {
  it("a bounce's text quoting the address: gone from the gift's delivery issue, the outbox and GET /suppressions", async () => {
    const email = "bounced.focus@example.com";
    const { api, id, providerId } = await sentGiftTo(email);
    const message = `550 5.1.1 <${email}>: Recipient address rejected`;
    await providerEvent("email.bounced", providerId, { bounce: { type: "Permanent", message } });
    expect((await api.get("/suppressions")).body.data[0].attributes).toMatchObject({ email });
    expect((await erase(api, email)).status).toBe(200);
    const issue = (await api.get(`/gifts/${id}`)).body.data.attributes["delivery-issue"] as string;
    expect(issue).toContain("<[erased]>: Recipient address rejected");
    expect(JSON.stringify((await api.get("/suppressions")).body)).not.toContain(email);
    const outbox = await t.db.emailOutbox.findFirstOrThrow({ where: { giftId: id, kind: "gift" } });
    expect(outbox.deliveryDetail).toContain("[erased]");
    expect(await whereFound(email)).toEqual([]);
  });

  it("a saved view searching for the address goes with the person", async () => {
    const email = "searched.focus@example.com";
    const { account, api } = await sentGiftTo(email);
    const owner = await onTeam(t.db, sessionActor(account.user), account.team.id);
    await saveView(t.db, owner, { name: "Look-up", params: { q: email } });
    await saveView(t.db, owner, { name: "Kept", params: { q: "someone.else@example.com" } });
    expect((await erase(api, email)).body.data.attributes["saved-views"]).toBe(1);
    expect((await t.db.savedView.findMany({ where: { teamId: account.team.id } })).map((v) => v.name)).toEqual([
      "Kept",
    ]);
  });

  it("an address corrected away: its webhook payloads are erased, and a replay sends none of it", async () => {
    const email = "corrected.focus@example.com";
    const { api, id } = await sentGiftTo(email);
    const endpoint = await api.post("/webhook-endpoints", { webhook_endpoint: { url: receiver.url } });
    // The gift's events so far are delivered to the endpoint, then the sender fixes the address.
    await t.db.giftEvent.updateMany({ where: { giftId: id }, data: { webhooksDispatchedAt: null } });
    await t.db.giftEvent.create({ data: { giftId: id, stage: "sent" } });
    await runWebhooks(t.db, { allowPrivate: true, timeoutMs: PATIENT_MS });
    expect((await api.patch(`/gifts/${id}`, { gift: { email: "fixed.focus@example.com" } })).status).toBe(200);
    await runWebhooks(t.db, { allowPrivate: true, timeoutMs: PATIENT_MS });
    expect(await whereFound(email)).toContain("WebhookDelivery.payload");
    const erased = await erase(api, email);
    expect(erased.body.data.attributes).toMatchObject({ gifts: 0 });
    expect(erased.body.data.attributes["webhook-deliveries"]).toBeGreaterThan(0);
    expect(await whereFound(email)).toEqual([]);
    expect((await t.db.gift.findUniqueOrThrow({ where: { id } })).email).toBe("fixed.focus@example.com");
    receiver.received.length = 0;
    await api.post(`/webhook-endpoints/${endpoint.body.data.id}/replay`, {
      since: new Date(Date.now() - 3_600_000).toISOString(),
    });
    await runWebhooks(t.db, { allowPrivate: true, timeoutMs: PATIENT_MS });
    expect(receiver.received.length).toBeGreaterThan(0);
    for (const r of receiver.received) expect(r.body).not.toContain(email);
  });

  it("an erased gift: its name reads null, and a resend is 422 erased (nothing queued)", async () => {
    const email = "resent.focus@example.com";
    const { api, id } = await sentGiftTo(email);
    expect((await erase(api, email)).status).toBe(200);
    expect((await api.get(`/gifts/${id}`)).body.data.attributes).toMatchObject({ name: null, email: null });
    const before = await t.db.emailOutbox.count({ where: { giftId: id } });
    const resent = await api.post(`/gifts/${id}/resend`, undefined);
    expect(resent.status, JSON.stringify(resent.body)).toBe(422);
    expect(resent.body.errors[0]).toMatchObject({ code: "erased" });
    expect(await t.db.emailOutbox.count({ where: { giftId: id } })).toBe(before);
  });
});

/** `n` gifts of the team to `email`, each with its first event and a sent gift email, written in chunks. */
async function manyGifts(account: typeof a, email: string, n: number): Promise<string[]> {
  const cat = await catalogue(t.db);
  const ids: string[] = [];
  for (let start = 0; start < n; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, n - start) }, () =>
      giftRow(cat, {
        teamId: account.team.id,
        senderId: account.user.id,
        email,
        recipientName: "Many Giftsperson",
        stage: "sent",
        chargeId: null,
        deliveryIssue: `soft: 452 <${email}> mailbox busy`,
      }),
    );
    await t.db.gift.createMany({ data: rows });
    await t.db.giftEvent.createMany({ data: rows.map((r) => ({ giftId: r.id!, stage: "sent" })) });
    await t.db.emailOutbox.createMany({
      data: rows.map((r) => ({
        kind: "gift",
        to: email,
        subject: "A gift",
        html: `<p>Hello Many Giftsperson</p>`,
        text: "Hello Many Giftsperson",
        status: "sent",
        transport: "outbox",
        giftId: r.id!,
      })),
    });
    ids.push(...rows.map((r) => r.id!));
  }
  return ids;
}

// Forty steps of GIFTS_PER_STEP; the erasure of 10,000 gifts (the bulk maximum) is proven over HTTP by the
// stall test's erasure case (tests/server/stall-cases.ts), where it is measured beside a polling client.
const LARGE = 2_000;

describe("a large erasure", () => {
  it(`${LARGE.toLocaleString("en")} gifts: short transactions, the whole erased`, async () => {
    const account = await createAccount(t.db);
    const email = "many.gifts@example.com";
    const ids = await manyGifts(account, email, LARGE);
    const steps: number[] = [];
    const started = performance.now();
    const id = await startErasure(t.db, account.team.id, email);
    const one = await runErasure(t.db, id, { onStep: (ms) => steps.push(ms) });
    const totalMs = performance.now() - started;
    console.log(
      `erasure of ${LARGE} gifts (${process.env.RIBBON_TEST_DB ?? "pglite"}): ${Math.round(totalMs)} ms, ${steps.length} steps, longest ${Math.round(Math.max(...steps))} ms, median ${Math.round(steps.sort((x, y) => x - y)[steps.length >> 1])} ms`,
    );
    expect(one.status).toBe("completed");
    expect(one.summary).toMatchObject({ gifts: LARGE, emails: LARGE });
    expect(steps.length).toBeGreaterThanOrEqual(LARGE / GIFTS_PER_STEP);
    // One transaction held the whole erasure before (5 s on an idle PGlite); a step holds a few hundred rows.
    expect(Math.max(...steps)).toBeLessThan(2000);
    expect(await t.db.gift.count({ where: { id: { in: ids }, erasedAt: null } })).toBe(0);
    expect(await whereFound(email)).toEqual([]);
    expect(await whereFound("Many Giftsperson")).toEqual([]);
  });

  it("answers 202 while it goes on, resumes after a worker died mid-way, and is never completed with data left", async () => {
    const account = await createAccount(t.db);
    const api = apiAs(account.tokens.live);
    const email = "resumed.person@example.com";
    await manyGifts(account, email, 1_000);
    const owner = await onTeam(t.db, sessionActor(account.user), account.team.id);
    // A worker that did two steps and died: the erasure stays in progress, with what it did so far.
    const id = await startErasure(t.db, account.team.id, email);
    expect(await stepErasure(t.db, id)).toBe(true);
    expect(await stepErasure(t.db, id)).toBe(true);
    const halfway = await api.get(`/erasures/${id}`);
    expect(halfway.body.data.attributes).toMatchObject({
      status: "in_progress",
      "erased-at": null,
      gifts: 2 * GIFTS_PER_STEP,
    });
    expect(await t.db.gift.count({ where: { teamId: account.team.id, erasedAt: null } })).toBe(
      1_000 - 2 * GIFTS_PER_STEP,
    );
    // A second request for the address continues the same erasure (no second one, nothing counted twice).
    const { requestErasure } = await import("@/lib/privacy");
    const partial = await requestErasure(t.db, owner, { email: email.toUpperCase() }, { budgetMs: 0 });
    expect(partial).toMatchObject({ id, status: "in_progress" });
    expect(partial.summary.gifts).toBe(3 * GIFTS_PER_STEP);
    // Two requests at once (two owners' clicks): one erasure, its steps one after another.
    const [answered, twin] = await Promise.all([api.post("/erasures", { email }), api.post("/erasures", { email })]);
    expect([200, 202]).toContain(answered.status);
    expect(twin.body.data.id).toBe(id);
    expect(answered.body.data.id).toBe(id);
    if (answered.status === 202) {
      expect(answered.body.data.attributes.status).toBe("in_progress");
      expect(answered.headers.get("location")).toBe(`/api/v1/teams/${account.team.id}/erasures/${id}`);
    }
    const done = await api.get(`/erasures/${id}`);
    expect(done.body.data.attributes).toMatchObject({ status: "completed", gifts: 1_000, emails: 1_000 });
    expect(await whereFound(email)).toEqual([]);
    expect(await t.db.erasure.count({ where: { teamId: account.team.id } })).toBe(1);

    // One left by a dead worker is finished by the retention job.
    const other = "abandoned.person@example.com";
    await manyGifts(account, other, 300);
    const abandoned = await startErasure(t.db, account.team.id, other);
    await stepErasure(t.db, abandoned);
    await t.db.erasure.update({ where: { id: abandoned }, data: { updatedAt: new Date(Date.now() - 5 * 60_000) } });
    expect((await eraseExpiredRecipientData(t.db)).erasures).toBeGreaterThanOrEqual(1);
    expect((await readErasure(t.db, abandoned))?.status).toBe("completed");
    expect(await whereFound(other)).toEqual([]);
  });

  it("hostile: another team's erasure or a made-up id is 404; an address with pattern characters erases only itself", async () => {
    const owner = await createAccount(t.db);
    const stranger = await createAccount(t.db);
    const api = apiAs(owner.tokens.live);
    const mine = await erase(api, "nobody@example.com");
    expect(mine.status).toBe(200);
    expectError(await apiAs(stranger.tokens.live).get(`/erasures/${mine.body.data.id}`), 404, "NotFound");
    expectError(await api.get(`/erasures/era_${"0".repeat(32)}`), 404, "NotFound");
    expectError(await api.get(`/erasures/${"x".repeat(5000)}`), 404, "NotFound");
    expectError(await api.get(`/erasures/' OR 1=1 --`), 404, "NotFound");

    // "a+b.c@example.com" must not match "axb.c@…" (a regex's "." and "+"), "za+b.c@…" or "a+b.c@example.com.au".
    const owned = { teamId: owner.team.id, senderId: owner.user.id, stage: "failed" };
    const target = "a+b.c@example.com";
    const lookalikes = ["aab.c@example.com", "a+bxc@example.com", "za+b.c@example.com", "a+b.c@example.com.au"];
    const victim = await insertGift(t.db, { ...owned, email: target, deliveryIssue: `hard: <${target}> rejected` });
    const kept = await Promise.all(
      lookalikes.map((e) => insertGift(t.db, { ...owned, email: e, deliveryIssue: `hard: <${e}> rejected` })),
    );
    const erased = await erase(api, target);
    expect(erased.body.data.attributes).toMatchObject({ status: "completed", gifts: 1 });
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: victim.id } })).deliveryIssue).toBe(
      "hard: <[erased]> rejected",
    );
    for (const [i, g] of kept.entries())
      expect(await t.db.gift.findUniqueOrThrow({ where: { id: g.id } })).toMatchObject({
        email: lookalikes[i],
        deliveryIssue: `hard: <${lookalikes[i]}> rejected`,
        erasedAt: null,
      });
  });
});
