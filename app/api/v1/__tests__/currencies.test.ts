import { describe, expect, it } from "vitest";
import { apiAs } from "@/lib/testing/api-client";
import { addMember } from "@/lib/teams";
import { createAccount } from "@/lib/testing/fixtures";
import { createPerson } from "@/lib/testing/teams";
import * as R from "@/lib/api/openapi/resources";
import { convertMinor, crossRate, parseRate } from "@/lib/money";
import {
  bulkBody,
  counts,
  csvCellsOfLandedAndConversion,
  expectError,
  expectErrors,
  giftBody,
  openDatabaseForFile,
  parseCsv,
} from "./helpers";

// A team billed in another currency than its collections': dry_run quotes, the create charges the
// quote exactly, every refusal of a quote has its code; docs/international.md.
const t = openDatabaseForFile();

async function teamIn(currency: string) {
  const a = await createAccount(t.db);
  const api = apiAs(a.tokens.live);
  const set = await api.patch(`/teams/${a.team.id}/budget`, { budget: { currency } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  expect(set.body.data.attributes.currency).toBe(currency);
  return { ...a, api };
}

const coffee = () => t.db.collection.findFirstOrThrow({ where: { name: "Coffee Lovers" } });
/** The snapshot's rate (per euro) of a currency. */
const perEuro = async (currency: string) =>
  currency === "EUR"
    ? parseRate("1")!
    : parseRate((await t.db.exchangeRate.findFirstOrThrow({ where: { source: "ecb-snapshot", currency } })).rate)!;

/** The ledger's items summed per currency, in minor units, from the API's own strings. */
async function ledgerSums(api: ReturnType<typeof apiAs>, teamId: string) {
  const res = await api.get(`/teams/${teamId}/charges?page[size]=100`);
  expect(res.status).toBe(200);
  const sums = new Map<string, number>();
  for (const item of res.body.data) {
    const { amount, currency } = item.attributes;
    const digits = currency === "JPY" ? 0 : 2;
    const minor = Math.round(Number(amount) * 10 ** digits);
    expect(amount).toBe(digits === 0 ? String(minor) : (minor / 100).toFixed(2));
    sums.set(currency, (sums.get(currency) ?? 0) + minor);
  }
  return sums;
}

/** The Charge rows summed per currency: what the ledger must reconcile with, to the minor unit. */
async function chargeSums(teamId: string) {
  const rows = await t.db.charge.groupBy({ by: ["currency"], where: { teamId }, _sum: { amountCents: true } });
  return new Map(rows.map((r) => [r.currency.toUpperCase(), r._sum.amountCents ?? 0]));
}

describe("a team billed in euros, collections priced in dollars", () => {
  it("dry_run quotes the total in euros with the rate, its day and source, and how long it holds; the create charges exactly that", async () => {
    const a = await teamIn("EUR");
    const price = (await coffee()).priceCents;
    const rate = crossRate(await perEuro("USD"), await perEuro("EUR"));
    const perGift = convertMinor(price, "USD", "EUR", rate);
    const before = await counts(t.db);
    const dry = await a.api.post("/bulk/gifts?dry_run=true", bulkBody(3));
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(R.PriceQuoteDocument.safeParse(dry.body).success, JSON.stringify(dry.body)).toBe(true);
    const quoted = dry.body.meta.price;
    expect(quoted).toMatchObject({
      livemode: true,
      currency: "EUR",
      gifts: 3,
      "per-gift": { currency: "USD", total: (price / 100).toFixed(2), shipping: "0.00" },
      total: ((3 * perGift) / 100).toFixed(2),
      charge: ((3 * perGift) / 100).toFixed(2),
      conversion: {
        from: "USD",
        to: "EUR",
        rate: "0.9839614287",
        "rate-date": "2022-07-08",
        "rate-source": "ecb-snapshot",
        "per-gift": (perGift / 100).toFixed(2),
      },
      quote: { id: expect.stringMatching(/^quo_/), "holds-for-seconds": 900 },
    });
    // A quote is the one row a dry run writes.
    expect(await counts(t.db)).toEqual(before);
    expect(await t.db.quote.count({ where: { teamId: a.team.id } })).toBe(1);

    const real = await a.api.post("/bulk/gifts", bulkBody(3, { quote: quoted.quote.id }));
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    for (const g of real.body.data)
      expect(g.attributes).toMatchObject({ price: quoted.conversion["per-gift"], currency: "EUR" });
    const [charge] = await t.db.charge.findMany({ where: { teamId: a.team.id } });
    expect(charge).toMatchObject({
      amountCents: 3 * perGift,
      currency: "eur",
      quoteId: quoted.quote.id,
      sourceCurrency: "USD",
      sourcePriceMinor: price,
      sourceShippingMinor: 0,
      rate: "0.9839614287",
      rateSource: "ecb-snapshot",
      perGiftMinor: perGift,
    });

    // The ledger shows each gift's share in euros with the conversion's parts.
    const ledger = await a.api.get(`/teams/${a.team.id}/charges`);
    expect(ledger.body.data).toHaveLength(3);
    expect(ledger.body.data[0].attributes).toMatchObject({
      currency: "EUR",
      amount: (perGift / 100).toFixed(2),
      conversion: { from: "USD", rate: "0.9839614287", "rate-date": "2022-07-08", quote: quoted.quote.id },
    });
    const csv = await a.api.get(`/teams/${a.team.id}/charges.csv`);
    expect(csv.body).toContain(`,charge,${(perGift / 100).toFixed(2)},EUR,`);
    // Its last columns: the conversion's parts, as the JSON line has them.
    const [, ...rows] = parseCsv(csv.body as string);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const line = ledger.body.data.find((item: { id: string }) => item.id === row[0]);
      expect(row.slice(13)).toEqual(csvCellsOfLandedAndConversion(line.attributes));
      expect(row.slice(15)).toEqual([
        "USD",
        (price / 100).toFixed(2),
        "0.00",
        "0.9839614287",
        "2022-07-08",
        "ecb-snapshot",
        quoted.quote.id,
      ]);
    }

    // Used once: the same quote again is refused, nothing written.
    const again = await a.api.post("/bulk/gifts", bulkBody(3, { quote: quoted.quote.id }));
    expect(expectError(again, 409, "Conflict")).toMatchObject({
      code: "quote_used",
      source: { pointer: "/gift/quote" },
    });
    expect(await t.db.charge.count({ where: { teamId: a.team.id } })).toBe(1);
  });

  it("a rate refresh between the quote and the create: the quote's total is charged; without a quote, the new rate", async () => {
    const a = await teamIn("EUR");
    const price = (await coffee()).priceCents;
    const dry = await a.api.post("/gifts?dry_run=true", giftBody());
    const quoted = dry.body.meta.price;
    // The ECB's next day, as a refresh would store it: the dollar much weaker.
    await t.db.exchangeRate.createMany({
      data: [
        { source: "test-refresh", currency: "EUR", rate: "1", date: new Date("2099-01-02") },
        { source: "test-refresh", currency: "USD", rate: "2.0000", date: new Date("2099-01-02") },
      ],
    });
    try {
      const withQuote = await a.api.post("/gifts", giftBody({ quote: quoted.quote.id }));
      expect(withQuote.status, JSON.stringify(withQuote.body)).toBe(200);
      expect(withQuote.body.data.attributes.price).toBe(quoted.total);
      const atNewRate = await a.api.post("/gifts", giftBody());
      expect(atNewRate.status).toBe(200);
      expect(atNewRate.body.data.attributes).toMatchObject({ price: (price / 2 / 100).toFixed(2), currency: "EUR" });
      const charges = await t.db.charge.findMany({ where: { teamId: a.team.id }, orderBy: { id: "asc" } });
      expect(charges.map((c) => [c.amountCents, c.rate, c.rateSource, c.quoteId])).toEqual([
        [Math.round(Number(quoted.total) * 100), "0.9839614287", "ecb-snapshot", quoted.quote.id],
        [price / 2, "0.5000000000", "test-refresh", null],
      ]);
    } finally {
      await t.db.exchangeRate.deleteMany({ where: { source: "test-refresh" } });
    }
  });

  it("refuses an expired, unknown, foreign or mismatching quote with its own code, nothing written", async () => {
    const a = await teamIn("EUR");
    const b = await teamIn("EUR");
    const dry = await a.api.post("/bulk/gifts?dry_run=true", bulkBody(2));
    const id = dry.body.meta.price.quote.id;
    const before = await counts(t.db);
    const refused = async (
      api: ReturnType<typeof apiAs>,
      path: string,
      body: unknown,
      status: number,
      code: string,
    ) => {
      const res = await api.post(path, body);
      const [error] = expectErrors(res, status);
      expect(error, JSON.stringify(error)).toMatchObject({ code, source: { pointer: "/gift/quote" } });
      return error;
    };
    await refused(a.api, "/bulk/gifts", bulkBody(3, { quote: id }), 409, "quote_mismatch"); // 3 gifts, not 2
    await refused(a.api, "/bulk/gifts", bulkBody(2, { quote: id, collection: "Tea Time" }), 409, "quote_mismatch");
    await refused(b.api, `/teams/${b.team.id}/bulk/gifts`, bulkBody(2, { quote: id }), 404, "quote_not_found");
    await refused(a.api, "/bulk/gifts", bulkBody(2, { quote: "quo_forged" }), 404, "quote_not_found");
    await refused(a.api, "/bulk/gifts", bulkBody(2, { quote: "x".repeat(65) }), 400, "too_long");
    await t.db.quote.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await refused(a.api, "/bulk/gifts", bulkBody(2, { quote: id }), 409, "quote_expired");
    expect(expired.detail).toMatch(/expired at .*ask for a new one/);
    expect(await counts(t.db)).toEqual(before);
    expect(await t.db.charge.count({ where: { teamId: { in: [a.team.id, b.team.id] } } })).toBe(0);
  });

  it("two creates with one quote at the same moment: exactly one is charged, the other is refused quote_used", async () => {
    const a = await teamIn("EUR");
    const dry = await a.api.post("/bulk/gifts?dry_run=true", bulkBody(2));
    const id = dry.body.meta.price.quote.id;
    const results = await Promise.all([
      a.api.post("/bulk/gifts", bulkBody(2, { quote: id })),
      a.api.post("/bulk/gifts", bulkBody(2, { quote: id })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.errors[0].code).toBe("quote_used");
    const charges = await t.db.charge.findMany({ where: { teamId: a.team.id } });
    expect(charges).toHaveLength(1);
    expect(charges[0].amountCents).toBe(Math.round(Number(dry.body.meta.price.total) * 100));
    expect(await t.db.gift.count({ where: { teamId: a.team.id } })).toBe(2);
  });
});

describe("a team billed in yen (no minor unit)", () => {
  it("prices, charges and refunds in whole yen; the ledger reconciles per currency to the yen", async () => {
    const a = await teamIn("JPY");
    const price = (await coffee()).priceCents;
    const perGift = convertMinor(price, "USD", "JPY", crossRate(await perEuro("USD"), await perEuro("JPY")));
    const dry = await a.api.post("/bulk/gifts?dry_run=true", bulkBody(2));
    expect(dry.body.meta.price).toMatchObject({ currency: "JPY", total: String(2 * perGift) });
    expect(dry.body.meta.price.total).not.toContain(".");
    const created = await a.api.post("/bulk/gifts", bulkBody(2, { quote: dry.body.meta.price.quote.id }));
    expect(created.status).toBe(200);
    expect(created.body.data[0].attributes).toMatchObject({ price: String(perGift), currency: "JPY" });
    // Cancel one: its refund is its share, in yen.
    const cancelled = await a.api.delete(`/gifts/${created.body.data[0].id}`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const refund = await t.db.charge.findFirstOrThrow({ where: { teamId: a.team.id, kind: "refund" } });
    expect(refund).toMatchObject({ amountCents: -perGift, currency: "jpy" });
    expect(await ledgerSums(a.api, a.team.id)).toEqual(await chargeSums(a.team.id));
    expect((await chargeSums(a.team.id)).get("JPY")).toBe(perGift);
    // The budget is in yen too: no fraction accepted.
    const bad = await a.api.patch(`/teams/${a.team.id}/budget`, { budget: { monthly_limit: "5000.50" } });
    expect(bad.status).toBe(400);
    const good = await a.api.patch(`/teams/${a.team.id}/budget`, { budget: { monthly_limit: "500000" } });
    expect(good.body.data.attributes).toMatchObject({ "monthly-limit": "500000", currency: "JPY" });
  });
});

describe("a yen team's batch waiting for approval", () => {
  it("says its pending total in yen with its currency, and the approval's meta charges it in yen", async () => {
    const a = await teamIn("JPY");
    const set = await a.api.patch(`/teams/${a.team.id}/budget`, { budget: { approval_above_batch_size: 1 } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const price = (await coffee()).priceCents;
    const perGift = convertMinor(price, "USD", "JPY", crossRate(await perEuro("USD"), await perEuro("JPY")));
    const dry = await a.api.post("/bulk/gifts?dry_run=true", bulkBody(2));
    const created = await a.api.post("/bulk/gifts", bulkBody(2, { quote: dry.body.meta.price.quote.id }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const batch = `/teams/${a.team.id}/batches/${created.body.data[0].attributes.batch.id}`;
    const waiting = await a.api.get(batch);
    expect(R.BatchDocument.safeParse(waiting.body).success, JSON.stringify(waiting.body)).toBe(true);
    expect(waiting.body.data.attributes).toMatchObject({
      stages: { pending_approval: 2 },
      "pending-approval-total": String(2 * perGift),
      currency: "JPY",
    });
    // The sender's own credential can't approve its gifts: a second owner does.
    const second = await createPerson(t.db);
    await addMember(t.db, a.team.id, second.user.id, "owner");
    const approved = await apiAs(second.tokens.live).post(`${batch}/approve`, undefined);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(R.BatchDecisionDocument.safeParse(approved.body).success).toBe(true);
    expect(approved.body.meta).toEqual({ approved: 2, charged: String(2 * perGift) });
    expect(approved.body.data.attributes).toMatchObject({ "pending-approval-total": "0", currency: "JPY" });
    expect((await chargeSums(a.team.id)).get("JPY")).toBe(2 * perGift);
  });
});

describe("the team's currency", () => {
  it("is fixed once the team has a charge (409 currency_locked); an unknown code is refused with a pointer", async () => {
    const a = await createAccount(t.db);
    const api = apiAs(a.tokens.live);
    const unknown = await api.patch(`/teams/${a.team.id}/budget`, { budget: { currency: "XYZ" } });
    expect(expectErrors(unknown, 400)[0]).toMatchObject({
      code: "invalid_currency",
      source: { pointer: "/budget/currency" },
    });
    for (const forged of [{ currency: 1 }, { currency: "e".repeat(100_000) }, { currency: ["EUR"] }]) {
      const res = await api.patch(`/teams/${a.team.id}/budget`, { budget: forged });
      expect(res.status).toBe(400);
    }
    // A limit set in dollars must be given again in the new currency.
    await api.patch(`/teams/${a.team.id}/budget`, { budget: { monthly_limit: "500.00" } });
    const stale = await api.patch(`/teams/${a.team.id}/budget`, { budget: { currency: "EUR" } });
    expect(expectErrors(stale, 400)[0]).toMatchObject({
      code: "restate_in_new_currency",
      source: { pointer: "/budget/monthly_limit" },
    });
    expect((await t.db.team.findUniqueOrThrow({ where: { id: a.team.id } })).currency).toBe("USD");
    const moved = await api.patch(`/teams/${a.team.id}/budget`, {
      budget: { currency: "EUR", monthly_limit: "450.00" },
    });
    expect(moved.body.data.attributes).toMatchObject({ currency: "EUR", "monthly-limit": "450.00" });
    expect((await api.post("/gifts", giftBody())).status).toBe(200);
    const locked = await api.patch(`/teams/${a.team.id}/budget`, { budget: { currency: "USD", monthly_limit: null } });
    expect(expectError(locked, 409, "Conflict")).toMatchObject({ code: "currency_locked" });
    expect((await t.db.team.findUniqueOrThrow({ where: { id: a.team.id } })).currency).toBe("EUR");
  });

  it("a USD team with USD collections answers exactly as before: no conversion, no quote written", async () => {
    const a = await createAccount(t.db);
    const api = apiAs(a.tokens.live);
    const dry = await api.post("/gifts?dry_run=true", giftBody());
    expect(dry.body.meta.price).toMatchObject({ currency: "USD", conversion: null, quote: null });
    expect(await t.db.quote.count({ where: { teamId: a.team.id } })).toBe(0);
    const made = await api.post("/gifts", giftBody());
    expect(made.body.data.attributes).toMatchObject({ price: dry.body.meta.price.total, currency: "USD" });
    const [charge] = await t.db.charge.findMany({ where: { teamId: a.team.id } });
    expect(charge).toMatchObject({ currency: "usd", rate: null, quoteId: null, sourceCurrency: null });
  });
});
