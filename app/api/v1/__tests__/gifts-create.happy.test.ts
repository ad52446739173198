import { beforeAll, describe, expect, it } from "vitest";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { counts, GIFT_ID, giftBody, ISO_MS, JSON_API, openDatabaseForFile } from "./helpers";

const t = openDatabaseForFile();
let a: Awaited<ReturnType<typeof createAccount>>;
const FIVE_MIN = 5 * 60 * 1000;

beforeAll(async () => {
  a = await createAccount(t.db);
});

const today = () => new Date().toISOString().slice(0, 10);
function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
function addYears(date: string, years: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

describe("POST /teams/:team_id/gifts", () => {
  it("creates an email gift: the full document, one event, stage scheduled, sent 5 minutes later by default", async () => {
    const before = await counts(t.db);
    const t0 = Date.now();
    const res = await apiAs(a.tokens.live).post(
      `/teams/${a.team.id}/gifts`,
      giftBody({ cc_email: "boss@example.com" }),
    );
    const t1 = Date.now();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(JSON_API);
    const g = res.body.data;
    expect(g.type).toBe("gifts");
    expect(g.id).toMatch(GIFT_ID);
    const attrs = g.attributes;
    expect(attrs).toMatchObject({
      "external-id": g.id,
      team: a.team.id,
      "sender-name": a.user.name,
      name: "Robin Recipient",
      "delivery-method": "email",
      email: "robin@example.com",
      "cc-email": "boss@example.com",
      stage: "scheduled",
      subject: `${a.user.name} Sent You A Gift!`,
      message: "Thanks for everything this year!",
      from: "Alex at Acme",
      "thank-you-note": null,
      "selected-product": null,
      variant: null,
      "redemption-email": null,
      address: null,
      livemode: true,
      price: (t.cat.collection.priceCents / 100).toFixed(2),
      currency: "USD",
    });
    expect(attrs).not.toHaveProperty("expires-on"); // present only when an expiry applies
    expect(attrs["last-event-at"]).toMatch(ISO_MS);
    expect(attrs.events).toEqual([
      { type: "gift.scheduled", stage: "scheduled", message: null, "created-at": attrs["last-event-at"] },
    ]);
    const scheduled = new Date(attrs["scheduled-at"]).getTime();
    expect(scheduled).toBeGreaterThanOrEqual(t0 + FIVE_MIN);
    expect(scheduled).toBeLessThanOrEqual(t1 + FIVE_MIN);
    expect(attrs["scheduled-at"]).toMatch(ISO_MS);

    // Untie URL: its own 256-bit secret, not the gift id.
    const untie = new URL(attrs["untie-url"]);
    expect(untie.origin).toBe("http://localhost:3000");
    expect(untie.pathname).toMatch(/^\/untie\/[A-Za-z0-9_-]{43}$/);
    expect(attrs["untie-url"]).not.toContain(g.id);
    expect(attrs["untie-url"]).not.toContain(g.id.slice(4));

    // Relationships and included resources.
    expect(g.relationships).toEqual({
      sender: { data: { type: "users", id: a.user.id } },
      collection: { data: { type: "collections", id: String(t.cat.collection.id) } },
      logo: { data: { type: "logos", id: String(t.cat.logo.id) } },
      design: { data: null },
    });
    const included = res.body.included as { type: string; id: string; attributes: Record<string, unknown> }[];
    expect(included.map((r) => `${r.type}:${r.id}`).sort()).toEqual(
      [`users:${a.user.id}`, `collections:${t.cat.collection.id}`, `logos:${t.cat.logo.id}`].sort(),
    );
    expect(included.find((r) => r.type === "users")!.attributes).toEqual({ name: a.user.name, email: a.user.email });
    expect(included.find((r) => r.type === "collections")!.attributes).toMatchObject({
      name: "Coffee Lovers",
      price: "48.00",
      global: true,
    });

    // Database: one gift, one event, one charge, one remembered message, no email yet.
    const after = await counts(t.db);
    expect(after.gifts - before.gifts).toBe(1);
    expect(after.events - before.events).toBe(1);
    expect(after.charges - before.charges).toBe(1);
    expect(after.messages - before.messages).toBe(1);
    expect(after.emails - before.emails).toBe(0);
    const row = await t.db.gift.findUniqueOrThrow({ where: { id: g.id }, include: { events: true } });
    expect(row).toMatchObject({
      teamId: a.team.id,
      senderId: a.user.id,
      stage: "scheduled",
      livemode: true,
      priceCents: 4800,
    });
    expect(row.scheduledAt!.toISOString()).toBe(attrs["scheduled-at"]);
    expect(row.lastEventAt.toISOString()).toBe(attrs["last-event-at"]);
    expect(row.events).toHaveLength(1);
    expect(row.untieTokenHash).toMatch(/^[0-9a-f]{64}$/);

    // GET returns the same document.
    const got = await apiAs(a.tokens.live).get(`/teams/${a.team.id}/gifts/${g.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it("gives every gift a distinct id and untie URL", async () => {
    const res = await apiAs(a.tokens.live).post("/bulk/gifts", {
      gift: {
        collection: "Tea Time",
        message: "Tea?",
        from: "Me",
        recipients_attributes: Array.from({ length: 20 }, (_, i) => ({ name: `R${i}`, email: `r${i}@example.com` })),
      },
    });
    expect(res.status).toBe(200);
    const gifts = res.body.data as { id: string; attributes: Record<string, string> }[];
    expect(new Set(gifts.map((g) => g.id)).size).toBe(20);
    expect(new Set(gifts.map((g) => g.attributes["untie-url"])).size).toBe(20);
    for (const g of gifts) expect(g.id).toMatch(GIFT_ID);
  });

  it("references the collection by id or by name (any case), the design by slug (any case), and a logo by id", async () => {
    const live = apiAs(a.tokens.live);
    const tea = await t.db.collection.findFirstOrThrow({ where: { name: "Tea Time" } });
    const acme = await t.db.logo.findFirstOrThrow({ where: { slug: "acme-rockets" } });
    const byId = await live.post(
      "/gifts",
      giftBody({ collection: String(tea.id), design_id: "thank-you", logo_id: acme.id }),
    );
    expect(byId.status).toBe(200);
    expect(byId.body.data.relationships.collection.data).toEqual({ type: "collections", id: String(tea.id) });
    expect(byId.body.data.relationships.design.data).toEqual({ type: "designs", id: "thank-you" });
    expect(byId.body.data.relationships.logo.data).toEqual({ type: "logos", id: String(acme.id) });
    const inc = byId.body.included.map((r: { type: string; id: string }) => `${r.type}:${r.id}`);
    expect(inc).toContain("designs:thank-you");
    expect(inc).toContain(`logos:${acme.id}`);
    const design = byId.body.included.find((r: { type: string }) => r.type === "designs");
    expect(design.attributes).toMatchObject({
      name: expect.any(String),
      global: true,
      "has-logo": expect.any(Boolean),
    });

    const byName = await live.post(
      "/gifts",
      giftBody({ collection: "tea time", design_id: "Thank-You", logo_id: String(acme.id) }),
    );
    expect(byName.status).toBe(200);
    expect(byName.body.data.relationships.collection.data.id).toBe(String(tea.id));
    expect(byName.body.data.relationships.design.data.id).toBe("thank-you");
    expect(byName.body.data.relationships.logo.data.id).toBe(String(acme.id));
    expect(
      (await t.db.charge.findFirstOrThrow({ where: { teamId: a.team.id }, orderBy: { id: "desc" } })).amountCents,
    ).toBe(tea.priceCents);
  });

  it("uses the given subject; keeps newlines and tabs in the message; trims text fields", async () => {
    const res = await apiAs(a.tokens.live).post(
      "/gifts",
      giftBody({
        subject: "  A little something  ",
        message: "Line one\nLine two\tindented\r\nend",
        name: "  Robin  ",
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      subject: "A little something",
      message: "Line one\nLine two\tindented\r\nend",
      name: "Robin",
    });
  });

  it("accepts scheduled_at with Z, with an offset, as a bare date (midnight UTC), and in the past", async () => {
    const live = apiAs(a.tokens.live);
    const cases: [string, string][] = [
      ["2030-06-01T09:30:00Z", "2030-06-01T09:30:00.000Z"],
      ["2030-06-01T09:30:00.250Z", "2030-06-01T09:30:00.250Z"],
      ["2030-06-01T11:30:00+02:00", "2030-06-01T09:30:00.000Z"],
      ["2030-06-01T04:30:00-05:00", "2030-06-01T09:30:00.000Z"],
      ["2030-06-01", "2030-06-01T00:00:00.000Z"],
      ["2001-01-01T00:00:00Z", "2001-01-01T00:00:00.000Z"],
    ];
    for (const [input, expected] of cases) {
      const res = await live.post("/gifts", giftBody({ scheduled_at: input }));
      expect(res.status, `${input}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data.attributes["scheduled-at"]).toBe(expected);
      expect(res.body.data.attributes.stage).toBe("scheduled");
    }
  });

  it("creates a link gift: email, cc-email and scheduled-at are null even when given; no email", async () => {
    const before = await counts(t.db);
    const res = await apiAs(a.tokens.live).post(
      "/gifts",
      giftBody({
        delivery_method: "link",
        email: "ignored@example.com",
        cc_email: "cc@example.com",
        scheduled_at: "2030-01-01T00:00:00Z",
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      "delivery-method": "link",
      email: null,
      "cc-email": null,
      "scheduled-at": null,
      stage: "scheduled",
    });
    expect(res.body.data.attributes["untie-url"]).toMatch(/^http:\/\/localhost:3000\/untie\//);
    const row = await t.db.gift.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(row).toMatchObject({ deliveryMethod: "link", email: null, ccEmail: null, scheduledAt: null });
    expect((await counts(t.db)).emails).toBe(before.emails);
    // A link gift needs no email at all.
    const noEmail = await apiAs(a.tokens.live).post("/gifts", giftBody({ delivery_method: "link", email: undefined }));
    expect(noEmail.status).toBe(200);
  });

  it("treats a blank delivery_method as email and accepts any case", async () => {
    const blank = await apiAs(a.tokens.live).post("/gifts", giftBody({ delivery_method: "" }));
    expect(blank.body.data.attributes["delivery-method"]).toBe("email");
    const upper = await apiAs(a.tokens.live).post("/gifts", giftBody({ delivery_method: "LINK" }));
    expect(upper.body.data.attributes["delivery-method"]).toBe("link");
  });

  it("accepts expires_on from the send date to one day short of a year after it", async () => {
    const live = apiAs(a.tokens.live);
    const send = "2030-03-10";
    for (const expires of [send, addDays(addYears(send, 1), -1)]) {
      const res = await live.post("/gifts", giftBody({ scheduled_at: `${send}T12:00:00Z`, expires_on: expires }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.attributes["expires-on"]).toBe(expires);
      const row = await t.db.gift.findUniqueOrThrow({ where: { id: res.body.data.id } });
      expect(row.expiresOn!.toISOString().slice(0, 10)).toBe(expires);
    }
    // Link gifts count from today.
    const link = await live.post(
      "/gifts",
      giftBody({ delivery_method: "link", expires_on: addDays(addYears(today(), 1), -1) }),
    );
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    // Default email gifts (now + 5 min) count from the day they are sent.
    const dflt = await live.post("/gifts", giftBody({ expires_on: addDays(today(), 30) }));
    expect(dflt.status, JSON.stringify(dflt.body)).toBe(200);
  });

  it("creates sandbox gifts without a charge, with livemode false", async () => {
    const before = await counts(t.db);
    const res = await apiAs(a.tokens.sandbox).post("/teams/sandbox/gifts", giftBody());
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ team: "sandbox", livemode: false, stage: "scheduled" });
    const after = await counts(t.db);
    expect(after.gifts - before.gifts).toBe(1);
    expect(after.charges).toBe(before.charges);
    expect(after.emails).toBe(before.emails);
    const row = await t.db.gift.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(row).toMatchObject({ livemode: false, priceCents: 0, chargeId: null, teamId: "sandbox" });
  });

  it("uses the team's name, never the email address, in the default subject when the user has no name", async () => {
    const noName = await createAccount(t.db, { teamName: "Nameless Rockets" });
    await t.db.user.update({ where: { id: noName.user.id }, data: { name: null } });
    const res = await apiAs(noName.tokens.live).post(`/teams/${noName.team.id}/gifts`, giftBody());
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.subject).toBe("Nameless Rockets Sent You A Gift!");
    // The attribute is data about the sender, not a sentence: it keeps the email when there is no name.
    expect(res.body.data.attributes["sender-name"]).toBe(noName.user.email);
  });
});
