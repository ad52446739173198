import { describe, expect, it } from "vitest";
import { GET as unsubscribePage, POST as unsubscribe } from "@/app/unsubscribe/[token]/route";
import { deliverGift } from "@/lib/delivery";
import { sendQueuedEmails } from "@/lib/outbox";
import { remindDueGifts } from "@/lib/reminders";
import { addMember, SANDBOX_TEAM_ID } from "@/lib/teams";
import { apiAs } from "@/lib/testing/api-client";
import { fakeTransport } from "@/lib/testing/fake-transport";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { createPerson } from "@/lib/testing/teams";
import { unsubscribeUrl } from "@/lib/untie";
import { bulkBody, expectError, expectValidation, giftBody, openDatabaseForFile } from "./helpers";

// Issue 34, part 2: the team's suppression list, refused creates, reminders that stop.
const t = openDatabaseForFile();

const SENT = new Date("2030-03-04T10:00:00Z");
const DAY = 86_400_000;

describe("/suppressions", () => {
  it("lists, adds (JSON and CSV), refuses a suppressed address at create, and only owners remove", async () => {
    const { tokens, team } = await createAccount(t.db);
    const owner = apiAs(tokens.live);
    const added = await owner.post(`/teams/${team.id}/suppressions`, {
      suppressions: [{ email: "Gone@Example.com" }, { email: "gone@example.com" }, { email: "spam@example.com" }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.meta).toEqual({ added: 2, given: 2 });
    expect(added.body.data.map((s: { attributes: { email: string } }) => s.attributes.email).sort()).toEqual([
      "gone@example.com",
      "spam@example.com",
    ]);
    const csv = await owner.post("/suppressions", undefined, {
      rawBody: "email,name\r\nold@example.com,Old\r\nGONE@example.com,Again\r\n",
      headers: { "content-type": "text/csv" },
    });
    expect(csv.status, JSON.stringify(csv.body)).toBe(200);
    expect(csv.body.meta).toEqual({ added: 1, given: 2 });

    // A new gift to a suppressed address: 422 suppressed at its email; in bulk, at each one, nothing created.
    const refused = await owner.post("/gifts", giftBody({ email: "GONE@example.com" }));
    expect(expectValidation(refused)).toMatchObject([{ pointer: "/gift/email", code: "suppressed" }]);
    const before = await t.db.gift.count({ where: { teamId: team.id } });
    const bulk = await owner.post(
      "/bulk/gifts",
      bulkBody(3, {}, (i) => (i === 1 ? { email: "old@example.com" } : {})),
    );
    expect(expectValidation(bulk)).toMatchObject([
      { pointer: "/gift/recipients_attributes/1/email", code: "suppressed" },
    ]);
    expect(await t.db.gift.count({ where: { teamId: team.id } })).toBe(before);
    // Refused live creates charge nothing (the charge is written by the gifts' own insert, only with them).
    expect(await t.db.charge.count({ where: { teamId: team.id } })).toBe(0);
    // A link gift reaches the person without emailing them: one gift, one charge, the gift's.
    const link = await owner.post("/gifts", giftBody({ email: undefined, delivery_method: "link" }));
    expect(link.status).toBe(200);
    const charges = await t.db.charge.findMany({ where: { teamId: team.id } });
    expect(charges).toHaveLength(1);
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: link.body.data.id } })).chargeId).toBe(charges[0].id);

    // A member may read and add; removing is the owners'.
    const member = await createPerson(t.db);
    await addMember(t.db, team.id, member.user.id, "member");
    const memberApi = apiAs(member.tokens.live);
    expect((await memberApi.get(`/teams/${team.id}/suppressions`)).body.data).toHaveLength(3);
    expectError(await memberApi.delete(`/teams/${team.id}/suppressions/gone%40example.com`), 403, "Forbidden");
    const removed = await owner.delete(`/teams/${team.id}/suppressions/gone%40example.com`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.attributes).toMatchObject({ email: "gone@example.com", reason: "manual" });
    expectError(await owner.delete(`/teams/${team.id}/suppressions/gone%40example.com`), 404, "NotFound");
    expect((await owner.post("/gifts", giftBody({ email: "gone@example.com" }))).status).toBe(200);
    // Another team's list is its own.
    const other = await createAccount(t.db);
    expect((await apiAs(other.tokens.live).post("/gifts", giftBody({ email: "spam@example.com" }))).status).toBe(200);
    expectError(await apiAs(other.tokens.live).get(`/teams/${team.id}/suppressions`), 404, "NotFound");
  });

  it("pages the list as every list does: page[size], links.next, a cursor that is not one is a 400", async () => {
    const { tokens, team } = await createAccount(t.db);
    const api = apiAs(tokens.live);
    const emails = Array.from({ length: 5 }, (_, i) => `page${i}@example.com`);
    const added = await api.post(`/teams/${team.id}/suppressions?page[size]=2`, {
      suppressions: emails.map((email) => ({ email })),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toHaveLength(2);
    expect(added.body.meta).toEqual({ added: 5, given: 5 });
    const seen: string[] = [];
    let url: string | null = `/teams/${team.id}/suppressions?page[size]=2`;
    for (let pages = 0; url; pages++) {
      expect(pages).toBeLessThan(4);
      const res = await api.get(url.replace(/^.*\/api\/v1/, ""));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.links.first).not.toContain("page%5Bafter%5D");
      seen.push(...res.body.data.map((s: { attributes: { email: string } }) => s.attributes.email));
      url = res.body.links.next;
    }
    // Newest first, each once (added in one request: the same time, then the id decides).
    expect([...seen].sort()).toEqual([...emails].sort());
    expect(new Set(seen).size).toBe(5);
    for (const bad of [
      "page[after]=nope",
      "page[after]=" + Buffer.from("2030-01-01T00:00:00.000Z|gft_1").toString("base64url"),
      "page[size]=0",
      "page[size]=201",
    ]) {
      const res = await api.get(`/teams/${team.id}/suppressions?${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });

  it("hostile input: not a list, bad addresses, too many, a binary CSV, a huge CSV", async () => {
    const { tokens } = await createAccount(t.db);
    const api = apiAs(tokens.live);
    expect(expectValidation(await api.post("/suppressions", { suppressions: "a@b.c" }))).toMatchObject([
      { pointer: "/suppressions", code: "not_an_array" },
    ]);
    const bad = await api.post("/suppressions", { suppressions: [{ email: "nope" }, {}, 3], extra: 1 });
    expect(expectValidation(bad)).toMatchObject([
      { pointer: "/extra" },
      { pointer: "/suppressions/0/email", code: "invalid_email" },
      { pointer: "/suppressions/1/email", code: "invalid_email" },
      { pointer: "/suppressions/2/email", code: "invalid_email" },
    ]);
    const many = Array.from({ length: 10_001 }, (_, i) => ({ email: `p${i}@example.com` }));
    const tooMany = await api.post("/suppressions", { suppressions: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0].code).toBe("too_many_suppressions");
    const binary = await api.post("/suppressions", undefined, {
      rawBody: "\u0000\u0001PK",
      headers: { "content-type": "text/csv" },
    });
    expect(binary.status).toBe(400);
    const huge = await api.post("/suppressions", undefined, {
      rawBody: "email\n" + "x@example.com\n".repeat(90_000),
      headers: { "content-type": "text/csv" },
    });
    expect(huge.status).toBe(413);
  });
});

describe("the sandbox's list is each user's own (every sandbox user works in one shared team)", () => {
  const emailsOf = (res: { body: { data: { attributes: { email: string } }[] } }) =>
    res.body.data.map((s) => s.attributes.email).sort();

  it("A's suppressed address: invisible to B, B's DELETE is 404 and leaves it, B may send to it and A may not", async () => {
    const a = await createAccount(t.db);
    const b = await createAccount(t.db);
    const apiA = apiAs(a.tokens.sandbox);
    const apiB = apiAs(b.tokens.sandbox);
    const secret = `only-a-${a.user.id}@example.com`;
    const added = await apiA.post(`/teams/${SANDBOX_TEAM_ID}/suppressions`, { suppressions: [{ email: secret }] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.meta).toEqual({ added: 1, given: 1 });
    expect(emailsOf(await apiA.get("/suppressions?page[size]=200"))).toContain(secret);

    // B sees none of it: not in the list (nor any other user's), not by its address.
    const seenByB = await apiB.get(`/teams/${SANDBOX_TEAM_ID}/suppressions?page[size]=200`);
    expect(seenByB.status).toBe(200);
    expect(seenByB.body.data).toEqual([]);
    expectError(await apiB.delete(`/suppressions/${encodeURIComponent(secret)}`), 404, "NotFound");
    expect(emailsOf(await apiA.get("/suppressions"))).toEqual([secret]);
    expect(await t.db.emailSuppression.count({ where: { teamId: SANDBOX_TEAM_ID, ownerId: a.user.id } })).toBe(1);

    // B's sends are not blocked by A's list; A's are (a gift, a bulk, a corrected address).
    const toB = await apiB.post("/gifts", giftBody({ email: secret.toUpperCase() }));
    expect(toB.status, JSON.stringify(toB.body)).toBe(200);
    expect(
      (
        await apiB.post(
          "/bulk/gifts",
          bulkBody(2, {}, (i) => (i === 1 ? { email: secret } : {})),
        )
      ).status,
    ).toBe(200);
    expect(expectValidation(await apiA.post("/gifts", giftBody({ email: secret })))).toMatchObject([
      { pointer: "/gift/email", code: "suppressed" },
    ]);
    const mine = await apiA.post("/gifts", giftBody({ email: `fine-${a.user.id}@example.com` }));
    expect(mine.status).toBe(200);
    expect(
      expectValidation(await apiA.patch(`/gifts/${mine.body.data.id}`, { gift: { email: secret } })),
    ).toMatchObject([{ code: "suppressed" }]);

    // B suppressing the same address is B's own entry (added, not "already there"); A's stays A's.
    expect((await apiB.post("/suppressions", { suppressions: [{ email: secret }] })).body.meta).toEqual({
      added: 1,
      given: 1,
    });
    expect((await apiA.post("/suppressions", { suppressions: [{ email: secret }] })).body.meta).toEqual({
      added: 0,
      given: 1,
    });
    const removed = await apiB.delete(`/suppressions/${encodeURIComponent(secret)}`);
    expect(removed.status).toBe(200);
    expect(emailsOf(await apiA.get("/suppressions"))).toEqual([secret]);
    expect((await apiB.get("/suppressions")).body.data).toEqual([]);
    // A real team's list is not the sandbox's: A's live team may send to it.
    expect((await apiAs(a.tokens.live).post("/gifts", giftBody({ email: secret }))).status).toBe(200);
  });

  it("a bounce of A's sandbox gift suppresses the address for A only; reminders skip it for A only", async () => {
    const a = await createAccount(t.db);
    const b = await createAccount(t.db);
    const apiA = apiAs(a.tokens.sandbox);
    const apiB = apiAs(b.tokens.sandbox);
    const address = `bounce-${a.user.id}@example.com`;
    const created = await apiA.post("/gifts", giftBody({ email: address }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as string;
    expect((await deliverGift(t.db, id, { now: new Date(Date.now() + 60 * 60_000) })).outcome).toBe("suppressed");
    const bounced = await apiA.post(`/gifts/${id}/simulate`, { email_event: "bounced" });
    expect(bounced.status, JSON.stringify(bounced.body)).toBe(200);
    expect(bounced.body.data.attributes.stage).toBe("failed");

    const listA = await apiA.get("/suppressions");
    expect(listA.body.data).toMatchObject([{ attributes: { email: address, reason: "bounced", gift: id } }]);
    expect((await apiB.get("/suppressions")).body.data).toEqual([]);
    expect(expectValidation(await apiA.post("/gifts", giftBody({ email: address })))).toMatchObject([
      { code: "suppressed" },
    ]);
    expect((await apiB.post("/gifts", giftBody({ email: address }))).status).toBe(200);

    // Reminders: B's sandbox gift to the address is reminded, A's is not.
    const base = {
      teamId: SANDBOX_TEAM_ID,
      livemode: false,
      stage: "sent",
      sentAt: SENT,
      scheduledAt: SENT,
      reminders: ["P3D"],
      email: address,
      nextReminderAt: SENT,
    };
    const ofA = await insertGift(t.db, { ...base, senderId: a.user.id });
    const ofB = await insertGift(t.db, { ...base, senderId: b.user.id });
    const later = new Date(SENT.getTime() + 3 * DAY);
    expect((await remindDueGifts(t.db, { now: later, giftId: ofA.id })).reminded).toBe(0);
    expect((await remindDueGifts(t.db, { now: later, giftId: ofB.id })).reminded).toBe(1);
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: ofA.id } })).nextReminderAt).toBeNull();

    // A reminder already queued is checked against its gift's sender's list when its turn comes.
    const queuedFirst = `queued-${a.user.id}@example.com`;
    const [laterA, laterB] = await Promise.all(
      [a, b].map((who) => insertGift(t.db, { ...base, email: queuedFirst, senderId: who.user.id })),
    );
    for (const gift of [laterA, laterB]) await remindDueGifts(t.db, { now: later, giftId: gift.id });
    await apiA.post("/suppressions", { suppressions: [{ email: queuedFirst }] });
    const transport = fakeTransport();
    for (const gift of [laterA, laterB]) {
      const [queued] = await t.db.emailOutbox.findMany({ where: { giftId: gift.id, kind: "reminder" } });
      expect(queued.status).toBe("pending");
      await sendQueuedEmails(t.db, { transport, id: queued.id });
    }
    const outcome = async (giftId: string) =>
      (await t.db.emailOutbox.findFirstOrThrow({ where: { giftId, kind: "reminder" } })).lastError;
    expect(await outcome(laterA.id)).toMatch(/address is suppressed/);
    expect(await outcome(laterB.id)).toBeNull(); // kept as any sandbox email, not as a suppressed address
    expect(transport.sent).toHaveLength(0);
  });
});

describe("reminders and one-click unsubscribe (RFC 8058)", () => {
  it("a reminder carries List-Unsubscribe (HTTPS-able URL) and List-Unsubscribe-Post, and the footer's link", async () => {
    const { user, team } = await createAccount(t.db);
    const gift = await insertGift(t.db, {
      teamId: team.id,
      senderId: user.id,
      stage: "sent",
      sentAt: SENT,
      scheduledAt: SENT,
      reminders: ["P3D", "P7D"],
      nextReminderAt: SENT,
    });
    await remindDueGifts(t.db, { now: new Date(SENT.getTime() + 3 * DAY), giftId: gift.id });
    const transport = fakeTransport();
    const [queued] = await t.db.emailOutbox.findMany({ where: { giftId: gift.id, kind: "reminder" } });
    await sendQueuedEmails(t.db, { transport, id: queued.id });
    const [message] = transport.sent;
    const url = unsubscribeUrl(gift.id);
    expect(message.headers).toEqual({
      "List-Unsubscribe": `<${url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(message.html).toContain(url);
    expect(message.text).toContain("Stop reminders for this gift");

    // GET changes nothing (scanners fetch links); the one-click POST stops them, once.
    const token = url.split("/").pop()!;
    const params = { params: Promise.resolve({ token }) };
    expect((await unsubscribePage(new Request(url), params)).status).toBe(200);
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).remindersStoppedAt).toBeNull();
    const post = () =>
      unsubscribe(
        new Request(url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
        params,
      );
    const [a, b] = await Promise.all([post(), post()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await t.db.giftEvent.count({ where: { giftId: gift.id, action: "unsubscribed" } })).toBe(1);
    const row = await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } });
    expect(row.remindersStoppedAt).not.toBeNull();
    expect(row.nextReminderAt).toBeNull();
    // A forged token (another gift's id with this HMAC, or garbage) stops nothing.
    const forged = { params: Promise.resolve({ token: `gft_other.${token.split(".")[1]}` }) };
    expect((await unsubscribe(new Request(url, { method: "POST" }), forged)).status).toBe(404);
    const long = { params: Promise.resolve({ token: "x".repeat(5000) }) };
    expect((await unsubscribe(new Request(url, { method: "POST" }), long)).status).toBe(404);
  });

  it("the unsubscribe page speaks the gift's language, with <html lang dir>; a link that is not one, English", async () => {
    const { user, team } = await createAccount(t.db);
    const gift = await insertGift(t.db, { teamId: team.id, senderId: user.id, stage: "sent", locale: "ar" });
    const token = unsubscribeUrl(gift.id).split("/").pop()!;
    const params = { params: Promise.resolve({ token }) };
    const asked = await (await unsubscribePage(new Request(unsubscribeUrl(gift.id)), params)).text();
    expect(asked).toContain('<html lang="ar" dir="rtl">');
    expect(asked).toContain('<h1 style="font-size:1.4rem">هل تريد إيقاف التذكيرات بهذه الهدية؟</h1>');
    expect(asked).toContain("<main>");
    const stopped = await unsubscribe(new Request(unsubscribeUrl(gift.id), { method: "POST" }), params);
    expect(await stopped.text()).toContain("تم إيقاف التذكيرات");
    const fr = await insertGift(t.db, { teamId: team.id, senderId: user.id, stage: "sent", locale: "fr" });
    const frToken = unsubscribeUrl(fr.id).split("/").pop()!;
    const frPage = await unsubscribePage(new Request(unsubscribeUrl(fr.id)), {
      params: Promise.resolve({ token: frToken }),
    });
    expect(await frPage.text()).toContain('<html lang="fr" dir="ltr">');
    // A forged link: English, and nothing of the request echoed.
    const forged = { params: Promise.resolve({ token: `gft_<script>.${token.split(".")[1]}` }) };
    const refused = await unsubscribe(new Request(unsubscribeUrl(gift.id), { method: "POST" }), forged);
    expect(refused.status).toBe(404);
    const html = await refused.text();
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).not.toContain("<script>");
  });

  it("no reminder goes to a suppressed address, nor to a gift whose reminders were stopped (even one already queued)", async () => {
    const { user, team } = await createAccount(t.db);
    const base = {
      teamId: team.id,
      senderId: user.id,
      stage: "sent",
      sentAt: SENT,
      scheduledAt: SENT,
      reminders: ["P3D"],
    };
    const suppressed = await insertGift(t.db, { ...base, email: "bounced@example.com", nextReminderAt: SENT });
    await t.db.emailSuppression.create({
      data: {
        teamId: team.id,
        email: "bounced@example.com",
        emailHash: (await import("@/lib/outbox/suppressions")).addressHash("bounced@example.com"),
        reason: "bounced",
      },
    });
    const summary = await remindDueGifts(t.db, { now: new Date(SENT.getTime() + 3 * DAY), giftId: suppressed.id });
    expect(summary.reminded).toBe(0);
    expect(await t.db.emailOutbox.count({ where: { giftId: suppressed.id, kind: "reminder" } })).toBe(0);
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: suppressed.id } })).nextReminderAt).toBeNull();

    // Queued before the stop: kept as suppressed when its turn comes, never handed to the provider.
    const queuedFirst = await insertGift(t.db, { ...base, email: "later@example.com", nextReminderAt: SENT });
    await remindDueGifts(t.db, { now: new Date(SENT.getTime() + 3 * DAY), giftId: queuedFirst.id });
    await t.db.gift.update({ where: { id: queuedFirst.id }, data: { remindersStoppedAt: new Date() } });
    const transport = fakeTransport();
    const [queued] = await t.db.emailOutbox.findMany({ where: { giftId: queuedFirst.id, kind: "reminder" } });
    expect(await sendQueuedEmails(t.db, { transport, id: queued.id })).toMatchObject({ suppressed: 1, sent: 0 });
    expect(transport.sent).toHaveLength(0);
  });
});
