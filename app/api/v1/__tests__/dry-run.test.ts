import { describe, expect, it } from "vitest";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import * as R from "@/lib/api/openapi/resources";
import { formatMoney } from "@/lib/money";
import { setLiveTokenCaps } from "@/lib/tokens";
import { bulkBody, counts, expectError, giftBody, openDatabaseForFile } from "./helpers";

const t = openDatabaseForFile();
const cents = (money: string) => Math.round(Number(money) * 100);

describe("?dry_run=true: the price first, nothing written", () => {
  it("a live bulk dry run prices the gifts, writes nothing, and the real call charges exactly that", async () => {
    const a = await createAccount(t.db);
    const live = apiAs(a.tokens.live);
    const tea = await t.db.collection.findFirstOrThrow({ where: { name: "Tea Time" } });
    const before = await counts(t.db);
    const dry = await live.post("/bulk/gifts?dry_run=true", bulkBody(3, { collection: "Tea Time" }), {
      headers: { "Idempotency-Key": "dry-then-real" },
    });
    expect(dry.status).toBe(200);
    expect(R.PriceQuoteDocument.safeParse(dry.body).success, JSON.stringify(dry.body)).toBe(true);
    const price = dry.body.meta.price;
    expect(price).toMatchObject({ livemode: true, currency: "USD", gifts: 3, collection: { name: "Tea Time" } });
    expect(cents(price["per-gift"].total)).toBe(tea.priceCents);
    expect(cents(price.total)).toBe(3 * tea.priceCents);
    expect(price.charge).toBe(price.total);
    // Nothing created, charged, emailed or kept under the Idempotency-Key.
    expect(await counts(t.db)).toEqual(before);

    // The same key on the real call is the first use: it creates and charges what the dry run said.
    const real = await live.post("/bulk/gifts", bulkBody(3, { collection: "Tea Time" }), {
      headers: { "Idempotency-Key": "dry-then-real" },
    });
    expect(real.status).toBe(200);
    expect(real.headers.get("idempotent-replayed")).toBeNull();
    const charges = await t.db.charge.findMany({ where: { teamId: a.team.id } });
    expect(charges.map((c) => c.amountCents)).toEqual([cents(price.charge)]);
    for (const g of real.body.data) expect(g.attributes.price).toBe(price["per-gift"].total);
  });

  it("single gifts on the default and the team-scoped path; sandbox is priced but never charged", async () => {
    const a = await createAccount(t.db);
    const live = await apiAs(a.tokens.live).post(`/teams/${a.team.id}/gifts?dry_run=true`, giftBody());
    expect(live.body.meta.price).toMatchObject({ livemode: true, gifts: 1 });
    expect(live.body.meta.price.charge).toBe(live.body.meta.price.total);
    const sandbox = await apiAs(a.tokens.sandbox).post("/gifts?dry_run=true", giftBody());
    expect(sandbox.status).toBe(200);
    expect(sandbox.body.meta.price).toMatchObject({ livemode: false, charge: "0.00" });
    expect(sandbox.body.meta.price.total).toBe(live.body.meta.price.total);
    const falsy = await apiAs(a.tokens.sandbox).post("/gifts?dry_run=false", giftBody());
    expect(falsy.body.data.type).toBe("gifts"); // dry_run=false is the real call
  });

  it("refuses exactly what the real call refuses, with the same errors and pointers", async () => {
    const a = await createAccount(t.db);
    const live = apiAs(a.tokens.live);
    const bad = [
      giftBody({ from: "", collection: "No Such Collection", email: "not an email" }),
      { gift: { name: "Kim" } },
      { gift: { ...giftBody().gift, surprise: true } },
    ];
    for (const body of bad) {
      const before = await counts(t.db);
      const dry = await live.post("/gifts?dry_run=true", body);
      const real = await live.post("/gifts", body);
      expect(dry.status).toBeGreaterThanOrEqual(400);
      expect({ status: dry.status, errors: dry.body.errors }).toEqual({
        status: real.status,
        errors: real.body.errors,
      });
      expect(await counts(t.db)).toEqual(before);
    }
    const bulk = bulkBody(2, {}, (i) => (i === 1 ? { email: "nope" } : {}));
    const dry = await live.post("/bulk/gifts?dry_run=true", bulk);
    expect(dry.body.errors).toEqual((await live.post("/bulk/gifts", bulk)).body.errors);

    const noCard = await createAccount(t.db, { card: null });
    const e = expectError(await apiAs(noCard.tokens.live).post("/gifts?dry_run=true", giftBody()), 400, "BillingError");
    expect(e).toMatchObject({ detail: "This team has no card on file.", code: "no_card_on_file" });
  });

  it("a dry_run that isn't true or false, or is given twice, is a 400 naming the parameter; other endpoints don't take it", async () => {
    const a = await createAccount(t.db);
    const before = await counts(t.db);
    for (const query of ["dry_run=yes", "dry_run=1", "dry_run=", "dry_run=true&dry_run=false", "dry_run=TRUE"]) {
      const res = await apiAs(a.tokens.live).post(`/gifts?${query}`, giftBody());
      const e = expectError(res, 400, "BadRequest");
      expect(e.source).toEqual({ parameter: "dry_run" });
    }
    expect(await counts(t.db)).toEqual(before); // nothing created by a mistyped dry run
    const listed = await apiAs(a.tokens.live).get("/gifts?dry_run=true");
    expect(expectError(listed, 400, "BadRequest").source).toEqual({ parameter: "dry_run" });
  });

  it("a dry run of 1,000 recipients answers its price without writing", async () => {
    const a = await createAccount(t.db);
    const before = await counts(t.db);
    const res = await apiAs(a.tokens.sandbox).post("/bulk/gifts?dry_run=true", bulkBody(1000));
    expect(res.status).toBe(200);
    expect(res.body.meta.price.gifts).toBe(1000);
    expect(await counts(t.db)).toEqual(before);
  });

  it("every refusal of the real create, single and bulk, live and sandbox, is the dry run's refusal of the same body", async () => {
    type Api = ReturnType<typeof apiAs>;
    const coffee = await t.db.collection.findFirstOrThrow({ where: { name: "Coffee Lovers" } });
    const price = coffee.priceCents;
    /** Each case: how to set the account up, and the body that the real create refuses. */
    const cases: {
      name: string;
      mode?: "live" | "sandbox";
      card?: null;
      setUp?: (api: Api, a: Awaited<ReturnType<typeof createAccount>>) => Promise<unknown>;
      body: Record<string, unknown>;
    }[] = [];
    const suppress = (api: Api) =>
      api.post("/suppressions", { suppressions: [{ email: "gone@example.com" }, { email: "spam@example.com" }] });
    for (const mode of ["live", "sandbox"] as const) {
      cases.push(
        { name: `${mode} suppressed`, mode, setUp: suppress, body: giftBody({ email: "Gone@Example.com" }) },
        {
          name: `${mode} bulk, two suppressed`,
          mode,
          setUp: suppress,
          body: bulkBody(4, {}, (i) =>
            i === 1 ? { email: "gone@example.com" } : i === 3 ? { email: "SPAM@example.com" } : {},
          ),
        },
        { name: `${mode} unknown collection`, mode, body: giftBody({ collection: "No Such Collection" }) },
        { name: `${mode} bulk unknown collection`, mode, body: bulkBody(2, { collection: "No Such Collection" }) },
        { name: `${mode} unknown design`, mode, body: giftBody({ design_id: "dsg_nope" }) },
        { name: `${mode} field problems`, mode, body: giftBody({ from: "", email: "not an email" }) },
      );
    }
    cases.push(
      { name: "no card", card: null, body: giftBody() },
      { name: "bulk, no card", card: null, body: bulkBody(3) },
      {
        name: "over budget",
        setUp: (api) => api.patch("/budget", { budget: { monthly_limit: formatMoney(price / 2) } }),
        body: giftBody(),
      },
      {
        name: "bulk over budget",
        setUp: (api) => api.patch("/budget", { budget: { monthly_limit: formatMoney(price * 2) } }),
        body: bulkBody(3),
      },
      {
        name: "over the per-gift limit",
        setUp: (api) => api.patch("/budget", { budget: { per_gift_limit: formatMoney(price - 1) } }),
        body: giftBody(),
      },
      {
        name: "over the token's per-gift cap",
        setUp: (_, a) => setLiveTokenCaps(t.db, a.user.id, { perGift: formatMoney(price - 1) }),
        body: giftBody(),
      },
      {
        name: "bulk over the token's daily cap",
        setUp: (_, a) => setLiveTokenCaps(t.db, a.user.id, { daily: formatMoney(price * 2) }),
        body: bulkBody(3),
      },
      {
        name: "a collection the token may not use",
        setUp: async (_, a) => {
          const other = await t.db.collection.findFirstOrThrow({ where: { name: "Tea Time" } });
          await setLiveTokenCaps(t.db, a.user.id, { collections: [String(other.id)] });
        },
        body: giftBody(),
      },
      {
        name: "suppressed and over budget: the budget first, as the real create",
        setUp: async (api) => {
          await suppress(api);
          await api.patch("/budget", { budget: { monthly_limit: formatMoney(price / 2) } });
        },
        body: giftBody({ email: "gone@example.com" }),
      },
    );
    for (const c of cases) {
      const a = await createAccount(t.db, c.card === null ? { card: null } : {});
      const api = apiAs(c.mode === "sandbox" ? a.tokens.sandbox : a.tokens.live);
      if (c.setUp) await c.setUp(api, a);
      const bulk = Array.isArray((c.body.gift as { recipients_attributes?: unknown }).recipients_attributes);
      const path = bulk ? "/bulk/gifts" : "/gifts";
      const before = await counts(t.db);
      const dry = await api.post(`${path}?dry_run=true`, c.body);
      expect(await counts(t.db), c.name).toEqual(before);
      const real = await api.post(path, c.body);
      expect(real.status, `${c.name}: the real create refuses it`).toBeGreaterThanOrEqual(400);
      expect({ case: c.name, status: dry.status, errors: dry.body.errors }).toEqual({
        case: c.name,
        status: real.status,
        errors: real.body.errors,
      });
      expect(await counts(t.db), c.name).toEqual(before);
    }
  });
});
