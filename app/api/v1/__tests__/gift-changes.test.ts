import { beforeAll, describe, expect, it } from "vitest";
import { deliverDueGifts } from "@/lib/delivery";
import { sendQueuedEmails } from "@/lib/outbox";
import { findGiftByUntieToken } from "@/lib/gifts/open-gift";
import { untieToken } from "@/lib/untie";
import { addMember } from "@/lib/teams";
import { apiAs } from "@/lib/testing/api-client";
import { fakeTransport } from "@/lib/testing/fake-transport";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { createPerson } from "@/lib/testing/teams";
import { counts, expectError, expectValidation, giftBody, openDatabaseForFile } from "./helpers";

const t = openDatabaseForFile();
let a: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  a = await createAccount(t.db);
});

const DAY = 24 * 60 * 60 * 1000;
const ymd = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const api = () => apiAs(a.tokens.live);
const patch = (id: string, gift: unknown, headers: Record<string, string> = {}) =>
  api().patch(`/teams/${a.team.id}/gifts/${id}`, { gift }, { headers });
const gift = (
  data: Parameters<typeof insertGift>[1] extends infer D ? Omit<D & object, "teamId" | "senderId"> : never,
) => insertGift(t.db, { teamId: a.team.id, senderId: a.user.id, ...data });
const created = async (over: Record<string, unknown> = {}) => {
  const res = await api().post(`/teams/${a.team.id}/gifts`, giftBody(over));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; attributes: Record<string, unknown> };
};
const lastEvent = (res: { body: { data: { attributes: { events: unknown[] } } } }) =>
  res.body.data.attributes.events.at(-1) as { type: string; stage: string; message: string };

describe("PATCH /gifts/:id while scheduled", () => {
  it("changes message, from, subject, design and send time: one gift.updated event, the new values sent", async () => {
    const g = await created();
    const at = new Date(Date.now() + 3 * 60_000).toISOString();
    const before = await counts(t.db);
    const res = await patch(g.id, {
      message: "New words",
      from: "Sam",
      subject: "For you",
      design_id: "thank-you",
      scheduled_at: at,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      message: "New words",
      from: "Sam",
      subject: "For you",
      stage: "scheduled",
    });
    expect(new Date(res.body.data.attributes["scheduled-at"]).toISOString()).toBe(at);
    expect(res.body.data.relationships.design.data).toEqual({ type: "designs", id: "thank-you" });
    expect(lastEvent(res)).toMatchObject({ type: "gift.updated", stage: "scheduled" });
    expect(lastEvent(res).message).toContain("message, from, subject, design_id, scheduled_at");
    const after = await counts(t.db);
    expect(after.events - before.events).toBe(1);
    // The default-team route, and design_id null takes the design away.
    const none = await api().patch(`/gifts/${g.id}`, { gift: { design_id: null } });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body.data.relationships.design.data).toBeNull();
    // The sweeper sends what the gift says now.
    const transport = fakeTransport();
    await t.db.gift.update({ where: { id: g.id }, data: { scheduledAt: new Date(Date.now() - 1000) } });
    await deliverDueGifts(t.db, { transport });
    const sent = transport.sent.find((m) => m.idempotencyKey === `gift-email-${g.id}`)!;
    expect(sent.subject).toBe("For you");
    expect(sent.html).toContain("New words");
  });

  it("refuses scheduled-only fields once sent or opened: 409 already_<stage> at the field, nothing changed", async () => {
    for (const stage of ["sent", "opened", "redeemed", "cancelled"]) {
      const g = await gift({ stage });
      const before = await counts(t.db);
      const e = expectError(await patch(g.id, { from: "Sam", message: "Hi" }), 409, "Conflict");
      expect(e).toMatchObject({ code: `already_${stage}`, source: { pointer: "/gift/message" } });
      expect((await t.db.gift.findUniqueOrThrow({ where: { id: g.id } })).message).toBe(g.message);
      expect((await counts(t.db)).events).toBe(before.events);
    }
  });

  it("refuses while a worker holds the gift's email: 409 being_sent", async () => {
    const g = await gift({ deliveryLeaseUntil: new Date(Date.now() + 20_000) });
    const e = expectError(await patch(g.id, { message: "Late" }), 409, "Conflict");
    expect(e).toMatchObject({ code: "being_sent", source: { pointer: "/gift/message" } });
    expect(e.meta?.retry_at).toEqual(expect.any(String));
  });

  it("refuses a send time after the expiry, and a send time or email on a link gift (422)", async () => {
    const g = await created({ expires_on: ymd(10) });
    const late = expectValidation(await patch(g.id, { scheduled_at: `${ymd(20)}T09:00:00Z` }));
    expect(late).toEqual([expect.objectContaining({ pointer: "/gift/scheduled_at", code: "after_expiry" })]);
    const link = await created({ delivery_method: "link", email: undefined });
    const problems = expectValidation(
      await patch(link.id, { scheduled_at: "2030-01-01T00:00:00Z", email: "x@example.com", design_id: "nope" }),
    );
    expect(problems.map((p) => [p.pointer, p.code]).sort()).toEqual([
      ["/gift/design_id", "not_found"],
      ["/gift/email", "link_gift"],
      ["/gift/scheduled_at", "link_gift"],
    ]);
  });
});

describe("PATCH email: correcting the address", () => {
  it("scheduled: a new untie link, the old one finds nothing, and the email goes to the new address", async () => {
    const g = await created();
    const oldUrl = g.attributes["untie-url"] as string;
    const res = await patch(g.id, { email: "robin.new@example.com" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const newUrl = res.body.data.attributes["untie-url"] as string;
    expect(res.body.data.attributes.email).toBe("robin.new@example.com");
    expect(newUrl).not.toBe(oldUrl);
    expect(await findGiftByUntieToken(t.db, oldUrl.split("/").at(-1)!)).toBeNull();
    expect((await findGiftByUntieToken(t.db, newUrl.split("/").at(-1)!))?.id).toBe(g.id);
    expect(lastEvent(res)).toMatchObject({ type: "gift.updated", stage: "scheduled" });
    // GET shows the new link too.
    expect((await api().get(`/gifts/${g.id}`)).body.data.attributes["untie-url"]).toBe(newUrl);
    const transport = fakeTransport();
    await t.db.gift.update({ where: { id: g.id }, data: { scheduledAt: new Date(Date.now() - 1000) } });
    await deliverDueGifts(t.db, { transport });
    const sent = transport.sent.find((m) => m.idempotencyKey === `gift-email-${g.id}`)!;
    expect(sent.to).toBe("robin.new@example.com");
    expect(sent.html).toContain(newUrl);
    expect(sent.html).not.toContain(oldUrl);
  });

  it("sent: stays sent, and the gift email goes to the new address at once, with the new link", async () => {
    const g = await gift({ stage: "sent", email: "old@example.test" });
    const emails = await t.db.emailOutbox.count({ where: { giftId: g.id } });
    const res = await patch(g.id, { email: "new@example.test" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.attributes.stage).toBe("sent");
    expect(await findGiftByUntieToken(t.db, untieToken(g.id))).toBeNull();
    const rows = await t.db.emailOutbox.findMany({ where: { giftId: g.id }, orderBy: { id: "asc" } });
    expect(rows).toHaveLength(emails + 1);
    const row = rows.at(-1)!;
    expect(row).toMatchObject({ kind: "gift", to: "new@example.test" });
    expect(row.status).not.toBe("pending"); // sent right after the commit
    expect(row.html).toContain(res.body.data.attributes["untie-url"]);
    expect(row.html).not.toContain(untieToken(g.id));
    // The same address again is no correction: no new link, no email.
    const same = await patch(g.id, { email: "NEW@example.test" });
    expect(same.body.data.attributes["untie-url"]).toBe(res.body.data.attributes["untie-url"]);
    expect(await t.db.emailOutbox.count({ where: { giftId: g.id } })).toBe(emails + 1);
  });

  it("refuses once opened or later (409 already_<stage>), changing nothing", async () => {
    for (const stage of ["opened", "redeemed", "expired"]) {
      const g = await gift({ stage });
      const e = expectError(await patch(g.id, { email: "new@example.test" }), 409, "Conflict");
      expect(e).toMatchObject({ code: `already_${stage}`, source: { pointer: "/gift/email" } });
      expect((await findGiftByUntieToken(t.db, untieToken(g.id)))?.id).toBe(g.id);
    }
  });
});

describe("PATCH expires_on: extend, reopen", () => {
  it("extends a gift not yet redeemed to a later date; earlier, past, too far or badly formed dates are 422", async () => {
    const g = await gift({ stage: "opened", expiresOn: new Date(`${ymd(5)}T00:00:00Z`) });
    const res = await patch(g.id, { expires_on: ymd(40) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ "expires-on": ymd(40), stage: "opened" });
    expect(lastEvent(res)).toMatchObject({ type: "gift.updated", stage: "opened" });
    for (const [value, code] of [
      [ymd(40), "must_be_later"],
      [ymd(2), "must_be_later"],
      [ymd(400), "expires_too_late"],
      ["2027-02-30", "invalid_date"],
      [20270101, "not_a_string"],
      [null, "blank"],
    ] as const) {
      const problems = expectValidation(await patch(g.id, { expires_on: value }));
      expect(problems, String(value)).toEqual([expect.objectContaining({ pointer: "/gift/expires_on", code })]);
    }
    const never = await gift({ stage: "sent" });
    expect(expectValidation(await patch(never.id, { expires_on: ymd(3) }))[0].code).toBe("must_be_later");
  });

  it("refuses a redeemed, shipped, delivered, cancelled or failed gift: 409 already_<stage>", async () => {
    for (const stage of ["redeemed", "shipped", "delivered", "cancelled", "failed"]) {
      const g = await gift({ stage, expiresOn: new Date(`${ymd(5)}T00:00:00Z`) });
      const e = expectError(await patch(g.id, { expires_on: ymd(30) }), 409, "Conflict");
      expect(e).toMatchObject({ code: `already_${stage}`, source: { pointer: "/gift/expires_on" } });
    }
  });

  it("reopens an expired gift within 30 days: back to the stage it expired from, one gift.reopened event, no charge moves", async () => {
    for (const from of ["sent", "opened"]) {
      const g = await gift({ stage: "expired", expiresOn: new Date(`${ymd(-20)}T00:00:00Z`) });
      await t.db.giftEvent.createMany({
        data: [
          { giftId: g.id, stage: from, createdAt: new Date(Date.now() - 25 * DAY) },
          { giftId: g.id, stage: "expired", createdAt: new Date(Date.now() - 19 * DAY) },
        ],
      });
      const before = await counts(t.db);
      const res = await patch(g.id, { expires_on: ymd(14) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.attributes).toMatchObject({ stage: from, "expires-on": ymd(14) });
      expect(lastEvent(res)).toMatchObject({ type: "gift.reopened", stage: from });
      const after = await counts(t.db);
      expect(after.events - before.events).toBe(1);
      expect(after.charges).toBe(before.charges);
      // The untie link works again (its hash never changed) and the expiry job leaves it alone.
      expect((await findGiftByUntieToken(t.db, untieToken(g.id)))?.stage).toBe(from);
    }
  });

  it("refuses to reopen after 30 days: 409 expired_too_long_ago; a date still in the past is 422 in_the_past", async () => {
    const old = await gift({ stage: "expired", expiresOn: new Date(`${ymd(-31)}T00:00:00Z`) });
    const e = expectError(await patch(old.id, { expires_on: ymd(10) }), 409, "Conflict");
    expect(e).toMatchObject({ code: "expired_too_long_ago", source: { pointer: "/gift/expires_on" } });
    const recent = await gift({ stage: "expired", expiresOn: new Date(`${ymd(-10)}T00:00:00Z`) });
    expect(expectValidation(await patch(recent.id, { expires_on: ymd(-5) }))[0].code).toBe("in_the_past");
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: recent.id } })).stage).toBe("expired");
  });
});

describe("PATCH: hostile bodies, roles, idempotency", () => {
  it("reports every problem at once with pointers, and changes nothing", async () => {
    const g = await created();
    const before = await counts(t.db);
    const cases: [unknown, [string, string][]][] = [
      [{ gift: [] }, [["/gift", "not_an_object"]]],
      [{ gift: "x" }, [["/gift", "not_an_object"]]],
      [{}, [["/gift", "blank"]]],
      [{ gift: {} }, [["/gift", "blank"]]],
      [{ gift: null }, [["/gift", "blank"]]],
      [
        { gift: { message: "x".repeat(2001), from: 7, subject: null, stage: "redeemed", email: "nope" }, extra: 1 },
        [
          ["/extra", "unknown_field"],
          ["/gift/email", "invalid_email"],
          ["/gift/from", "not_a_string"],
          ["/gift/message", "too_long"],
          ["/gift/stage", "unknown_field"],
          ["/gift/subject", "blank"],
        ],
      ],
      [
        JSON.parse('{"gift": {"__proto__": {"message": "x"}, "constructor": 1}}'),
        [
          ["/gift/__proto__", "unknown_field"],
          ["/gift/constructor", "unknown_field"],
        ],
      ],
      [
        { gift: { message: "a\u0000b", scheduled_at: "tomorrow" } },
        [
          ["/gift/message", "invalid_characters"],
          ["/gift/scheduled_at", "invalid_timestamp"],
        ],
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await api().patch(`/gifts/${g.id}`, body);
      const problems = expectValidation(res);
      expect(problems.map((p) => [p.pointer, p.code]).sort(), JSON.stringify(body)).toEqual(expected);
    }
    expect(await counts(t.db)).toEqual(before);
    // Not an object at all: 400 BadRequest.
    expect((await api().patch(`/gifts/${g.id}`, [1])).status).toBe(400);
  });

  it("a viewer gets 403 member_required; another team's gift is a 404; a sandbox token can't reach a live gift", async () => {
    const g = await created();
    const viewer = await createPerson(t.db);
    await addMember(t.db, a.team.id, viewer.user.id, "viewer");
    const e = expectError(
      await apiAs(viewer.tokens.live).patch(`/teams/${a.team.id}/gifts/${g.id}`, { gift: { message: "x" } }),
      403,
      "Forbidden",
    );
    expect(e.code).toBe("member_required");
    const other = await createAccount(t.db);
    expect((await apiAs(other.tokens.live).patch(`/gifts/${g.id}`, { gift: { message: "x" } })).status).toBe(404);
    expect((await apiAs(a.tokens.sandbox).patch(`/gifts/${g.id}`, { gift: { message: "x" } })).status).toBe(404);
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: g.id } })).message).not.toBe("x");
  });

  it("honours Idempotency-Key: a replay changes nothing more, another body with the key is a 409", async () => {
    const g = await created();
    const first = await patch(g.id, { message: "Once" }, { "Idempotency-Key": `patch-${g.id}` });
    expect(first.status).toBe(200);
    const events = await t.db.giftEvent.count({ where: { giftId: g.id } });
    const replay = await patch(g.id, { message: "Once" }, { "Idempotency-Key": `patch-${g.id}` });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.data).toEqual(first.body.data);
    expect(await t.db.giftEvent.count({ where: { giftId: g.id } })).toBe(events);
    expectError(await patch(g.id, { message: "Twice" }, { "Idempotency-Key": `patch-${g.id}` }), 409, "Conflict");
    // The key of a create, replayed after the email was corrected, shows the gift's current link.
    const key = `create-${g.id}`;
    const made = await api().post("/gifts", giftBody(), { headers: { "Idempotency-Key": key } });
    const fixed = await patch(made.body.data.id, { email: "fixed@example.com" });
    const again = await api().post("/gifts", giftBody(), { headers: { "Idempotency-Key": key } });
    expect(again.body.data.attributes["untie-url"]).toBe(fixed.body.data.attributes["untie-url"]);
  });
});

describe("POST /gifts/:id/resend", () => {
  const resend = (id: string, headers: Record<string, string> = {}) =>
    api().post(`/teams/${a.team.id}/gifts/${id}/resend`, undefined, { headers });

  it("sends the gift email again for a sent or opened gift: one gift.resent event, one outbox row, the stage unchanged", async () => {
    for (const stage of ["sent", "opened"]) {
      const g = await gift({ stage });
      const res = await resend(g.id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.attributes.stage).toBe(stage);
      expect(lastEvent(res)).toMatchObject({ type: "gift.resent", stage });
      const rows = await t.db.emailOutbox.findMany({ where: { giftId: g.id } });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: "gift", to: g.email, subject: g.subject });
      expect(rows[0].html).toContain(untieToken(g.id));
      expect(rows[0].text).toContain(g.message);
    }
  });

  it("refuses a scheduled, link, redeemed or cancelled gift with 409 and a code", async () => {
    const cases: [Parameters<typeof gift>[0], string][] = [
      [{ stage: "scheduled" }, "not_sent_yet"],
      [{ stage: "opened", deliveryMethod: "link", email: null }, "link_gift"],
      [{ stage: "redeemed" }, "already_redeemed"],
      [{ stage: "cancelled" }, "already_cancelled"],
    ];
    for (const [data, code] of cases) {
      const g = await gift(data);
      expect(expectError(await resend(g.id), 409, "Conflict").code).toBe(code);
      expect(await t.db.emailOutbox.count({ where: { giftId: g.id } })).toBe(0);
    }
  });

  it("is rate-limited per gift: one per 10 minutes, three per 24 hours, 429 with Retry-After", async () => {
    const g = await gift({ stage: "sent" });
    expect((await resend(g.id)).status).toBe(200);
    const soon = expectError(await resend(g.id), 429, "TooManyRequests");
    expect(soon.code).toBe("rate_limited");
    const res = await resend(g.id);
    const wait = Number(res.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
    // Older resends: one 20 hours ago, one an hour ago. A third is allowed; a fourth within 24 hours is not.
    await t.db.giftEvent.updateMany({
      where: { giftId: g.id, action: "resent" },
      data: { createdAt: new Date(Date.now() - 20 * 60 * 60 * 1000) },
    });
    await t.db.giftEvent.create({
      data: { giftId: g.id, stage: "sent", action: "resent", createdAt: new Date(Date.now() - 60 * 60 * 1000) },
    });
    expect((await resend(g.id)).status).toBe(200);
    await t.db.giftEvent.updateMany({
      where: { giftId: g.id, action: "resent", createdAt: { gt: new Date(Date.now() - 60_000) } },
      data: { createdAt: new Date(Date.now() - 30 * 60 * 1000) },
    });
    const daily = await resend(g.id);
    expect(daily.status).toBe(429);
    // It waits for the one of 20 hours ago to be a day old: about 4 hours.
    expect(Number(daily.headers.get("retry-after"))).toBeGreaterThan(4 * 3600 - 60);
    expect(Number(daily.headers.get("retry-after"))).toBeLessThanOrEqual(4 * 3600);
    expect(await t.db.emailOutbox.count({ where: { giftId: g.id } })).toBe(2);
  });

  it("two concurrent requests with one Idempotency-Key send once; two with different keys: one sent, one 429", async () => {
    const g = await gift({ stage: "sent" });
    const key = { "Idempotency-Key": `resend-${g.id}` };
    const [one, two] = await Promise.all([resend(g.id, key), resend(g.id, key)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(await t.db.emailOutbox.count({ where: { giftId: g.id } })).toBe(1);
    expect(await t.db.giftEvent.count({ where: { giftId: g.id, action: "resent" } })).toBe(1);
    const h = await gift({ stage: "opened" });
    const both = await Promise.all([resend(h.id), resend(h.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(await t.db.emailOutbox.count({ where: { giftId: h.id } })).toBe(1);
    // The queued email was sent once (after the commit); a sweep of the queue finds nothing more.
    expect(await sendQueuedEmails(t.db, { transport: fakeTransport() })).toMatchObject({ claimed: 0 });
  });
});
