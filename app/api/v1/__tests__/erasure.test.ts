import { createHmac, randomUUID } from "node:crypto";
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
import { PATIENT_MS } from "@/lib/testing/wait-for";
import { startReceiver, type Receiver } from "@/lib/testing/webhook-receiver";
import { untieToken } from "@/lib/untie";
import { runWebhooks } from "@/lib/webhooks";
import { expectError, expectValidation, giftBody, openDatabaseForFile } from "./helpers";

// One person's data erased from every table, a short transaction at a time; the team's retention.
const t = openDatabaseForFile();

const PERSON = {
  email: "Erase.Me@Example.com",
  name: "Erasmus Personname",
  street: "42 Erasurestreet Lane",
  phone: "+1 555 0199 7788",
};
const CORRECTED = "corrected.address@example.com";
const SECRET = `whsec_${Buffer.from("ribbon-test-webhook-secret-32-bytes!").toString("base64")}`;

/** A provider event signed as Svix signs (an implementation of the test's own), posted to the provider's webhook. */
async function providerEvent(type: string, emailId: string, data: Record<string, unknown>) {
  const body = JSON.stringify({
    type,
    created_at: new Date().toISOString(),
    data: { created_at: new Date().toISOString(), email_id: emailId, to: [PERSON.email], subject: "A gift", ...data },
  });
  const id = `msg_${randomUUID()}`;
  const timestamp = Math.floor(Date.now() / 1000).toString();
  const key = Buffer.from(SECRET.slice("whsec_".length), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  const res = await resendWebhook(
    new Request("http://localhost/api/webhooks/resend", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "svix-id": id,
        "svix-timestamp": timestamp,
        "svix-signature": `v1,${signature}`,
      },
      body,
    }),
  );
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
    const erased = await api.post(`/teams/${a.team.id}/erasures`, { email: PERSON.email.toUpperCase() });
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
    const resent = await api.post(`/gifts/${sentId}/resend`);
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

    // A second request erases nothing more.
    const again = await api.post("/erasures", { email: PERSON.email });
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
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: done.id } })).recipientName).toBe("");
  });
});
