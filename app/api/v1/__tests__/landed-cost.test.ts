import { describe, expect, it } from "vitest";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import * as R from "@/lib/api/openapi/resources";
import { convertMinor, crossRate, parseRate } from "@/lib/money";
import {
  bulkBody,
  counts,
  csvCellsOfLandedAndConversion,
  expectErrors,
  expectValidation,
  openDatabaseForFile,
  parseCsv,
} from "./helpers";

// The landed cost (docs/international.md): a dry run quotes per country what the gifts pay on
// arrival, the create charges exactly that, each gift's price is its country's, the ledger keeps
// the parts, and a country Ribbon can't estimate is refused before anything is written.
const t = openDatabaseForFile();

// Coffee Lovers is $48.00. Brazil: import tax 20 % (9.60), ICMS 17 % grossed up on 57.60
// (57.60 × 0.17 / 0.83 = 11.7976 → 11.80). Italy: no duty under EUR 150, VAT 22 % (10.56).
// Germany: priced delivered. Singapore: GST 9 % (4.32). Mexico: nothing up to USD 50.
const COUNTRIES = ["BR", "BR", "IT", "DE", undefined, "SG", "MX"];
const PER_GIFT: Record<string, { duties: number; taxes: number }> = {
  BR: { duties: 960, taxes: 1180 },
  IT: { duties: 0, taxes: 1056 },
  DE: { duties: 0, taxes: 0 },
  SG: { duties: 0, taxes: 432 },
  MX: { duties: 0, taxes: 0 },
};
const body = (over: Record<string, unknown> = {}, countries = COUNTRIES) =>
  bulkBody(countries.length, over, (i) => (countries[i] ? { recipient_country: countries[i] } : {}));
const dollars = (cents: number) => (cents / 100).toFixed(2);
const DUTIES = 2 * 960;
const TAXES = 2 * 1180 + 1056 + 432;
const TOTAL = COUNTRIES.length * 4800 + DUTIES + TAXES;

describe("the landed cost, before the money moves", () => {
  it("dry_run: per country the price, duties, taxes and total, with how each was reached; the quote holds it", async () => {
    const a = await createAccount(t.db);
    const api = apiAs(a.tokens.live);
    const before = await counts(t.db);
    const dry = await api.post("/bulk/gifts?dry_run=true", body());
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(R.PriceQuoteDocument.safeParse(dry.body).success, JSON.stringify(dry.body)).toBe(true);
    const price = dry.body.meta.price;
    expect(price).toMatchObject({
      currency: "USD",
      total: dollars(TOTAL),
      charge: dollars(TOTAL),
      conversion: null,
      "landed-cost": { duties: dollars(DUTIES), taxes: dollars(TAXES) },
      quote: { id: expect.stringMatching(/^quo_/), "holds-for-seconds": 900 },
    });
    const lines = price["landed-cost"].countries as {
      country: string;
      gifts: number;
      basis: string;
      "per-gift": Record<string, string>;
      estimate: Record<string, unknown> | null;
    }[];
    expect(lines.map((l) => [l.country, l.gifts, l.basis])).toEqual([
      ["BR", 2, "estimated"],
      ["IT", 1, "estimated"],
      ["DE", 1, "included"],
      ["SG", 1, "estimated"],
      ["MX", 1, "estimated"],
    ]);
    for (const line of lines)
      expect(line["per-gift"], line.country).toEqual({
        price: "48.00",
        shipping: "0.00",
        duties: dollars(PER_GIFT[line.country].duties),
        taxes: dollars(PER_GIFT[line.country].taxes),
        total: dollars(4800 + PER_GIFT[line.country].duties + PER_GIFT[line.country].taxes),
      });
    expect(lines[0].estimate).toMatchObject({
      "duty-rate": "0.2",
      tax: "VAT",
      "tax-rate": "0.17",
      "tax-applied": true,
      "de-minimis": { currency: "USD", duty: "0", tax: "0" },
      source: expect.stringMatching(/Remessa Conforme/),
    });
    expect(lines[1].estimate).toMatchObject({ "de-minimis": { currency: "EUR", duty: "150", tax: "0" } });
    expect(lines[2].estimate).toBeNull();
    expect(lines[4].estimate).toMatchObject({ "tax-applied": false, "de-minimis": { duty: "117", tax: "50" } });
    // Nothing but the quote is written.
    expect(await counts(t.db)).toEqual(before);
    expect(await t.db.quote.findFirstOrThrow({ where: { teamId: a.team.id } })).toMatchObject({
      dutiesMinor: DUTIES,
      taxesMinor: TAXES,
      totalMinor: COUNTRIES.length * 4800,
    });
  });

  it("the create with the quote charges exactly its total; each gift's price is its country's; the ledger keeps the parts", async () => {
    const a = await createAccount(t.db);
    const api = apiAs(a.tokens.live);
    const dry = await api.post("/bulk/gifts?dry_run=true", body());
    const created = await api.post("/bulk/gifts", body({ quote: dry.body.meta.price.quote.id }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const gifts = created.body.data as { id: string; attributes: Record<string, string | null> }[];
    gifts.forEach((g, i) => {
      const own = PER_GIFT[COUNTRIES[i] ?? "DE"];
      expect(g.attributes, String(COUNTRIES[i])).toMatchObject({
        price: dollars(4800 + own.duties + own.taxes),
        duties: dollars(own.duties),
        taxes: dollars(own.taxes),
      });
    });
    const charge = await t.db.charge.findFirstOrThrow({ where: { teamId: a.team.id, kind: "charge" } });
    expect(charge).toMatchObject({
      amountCents: TOTAL,
      dutiesMinor: DUTIES,
      taxesMinor: TAXES,
      quoteId: dry.body.meta.price.quote.id,
    });
    // The ledger: one item per gift, adding up to the charge, each with its duties and taxes.
    const ledger = await api.get(`/teams/${a.team.id}/charges?page[size]=100`);
    expect(ledger.status).toBe(200);
    const items = ledger.body.data as {
      id: string;
      attributes: { amount: string; gift: string; duties: string; taxes: string };
    }[];
    expect(items.reduce((sum, item) => sum + Math.round(Number(item.attributes.amount) * 100), 0)).toBe(TOTAL);
    const brazil = items.find((item) => item.attributes.gift === gifts[0].id)!;
    expect(brazil.attributes).toMatchObject({ amount: "69.40", duties: "9.60", taxes: "11.80" });
    // The CSV export keeps the same parts, in its last columns.
    const csv = await api.get(`/teams/${a.team.id}/charges.csv`);
    const [header, ...rows] = parseCsv(csv.body as string);
    expect(header.slice(13, 15)).toEqual(["duties", "taxes"]);
    expect(rows.find((row) => row[5] === gifts[0].id)!.slice(13, 15)).toEqual(["9.60", "11.80"]);
    for (const row of rows)
      expect(row.slice(13)).toEqual(
        csvCellsOfLandedAndConversion(items.find((item) => item.id === row[0])!.attributes),
      );
    // Cancelling a gift to Brazil refunds its landed price, not the collection's.
    const cancelled = await api.delete(`/gifts/${gifts[0].id}`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const refund = await t.db.charge.findFirstOrThrow({ where: { teamId: a.team.id, kind: "refund" } });
    expect(refund.amountCents).toBe(-6940);
  });

  it("without a quote the create estimates the same; a quote for other countries is quote_mismatch", async () => {
    const a = await createAccount(t.db);
    const api = apiAs(a.tokens.live);
    const plain = await api.post("/bulk/gifts", body());
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect((await t.db.charge.findFirstOrThrow({ where: { teamId: a.team.id } })).amountCents).toBe(TOTAL);

    const dry = await api.post("/bulk/gifts?dry_run=true", body());
    const before = await counts(t.db);
    // The same number of gifts, one of them to Italy instead of Brazil.
    const moved = ["IT", ...COUNTRIES.slice(1)];
    const res = await api.post("/bulk/gifts", body({ quote: dry.body.meta.price.quote.id }, moved));
    const [error] = expectErrors(res, 409);
    expect(error).toMatchObject({ code: "quote_mismatch", source: { pointer: "/gift/quote" } });
    expect(error.detail).toContain(
      "recipients' countries (quoted BR×2, DE×1, IT×1, MX×1, SG×1, sent BR×1, DE×1, IT×2, MX×1, SG×1)",
    );
    expect(await counts(t.db)).toEqual(before);
  });

  it("a team billed in euros: the import charges convert at the price's own rate", async () => {
    const a = await createAccount(t.db);
    const api = apiAs(a.tokens.live);
    expect((await api.patch(`/teams/${a.team.id}/budget`, { budget: { currency: "EUR" } })).status).toBe(200);
    const perEuro = async (currency: string) =>
      parseRate((await t.db.exchangeRate.findFirstOrThrow({ where: { source: "ecb-snapshot", currency } })).rate)!;
    const rate = crossRate(await perEuro("USD"), parseRate("1")!);
    const toEur = (cents: number) => convertMinor(cents, "USD", "EUR", rate);
    const dry = await api.post("/bulk/gifts?dry_run=true", body({}, ["IT", "BR"]));
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    const expected = toEur(4800) * 2 + toEur(1056) + toEur(960) + toEur(1180);
    expect(dry.body.meta.price).toMatchObject({
      currency: "EUR",
      total: dollars(expected),
      "landed-cost": { duties: dollars(toEur(960)), taxes: dollars(toEur(1056) + toEur(1180)) },
    });
    const created = await api.post("/bulk/gifts", body({ quote: dry.body.meta.price.quote.id }, ["IT", "BR"]));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await t.db.charge.findFirstOrThrow({ where: { teamId: a.team.id } })).amountCents).toBe(expected);
  });

  it("a country Ribbon can't estimate for the collection is refused at each recipient naming it, dry run or not, writing nothing", async () => {
    const a = await createAccount(t.db);
    const api = apiAs(a.tokens.live);
    const before = await counts(t.db);
    // Outdoor Adventure is $125.00: past Mexico's USD 117 duty threshold.
    const outdoor = body({ collection: "Outdoor Adventure" }, ["MX", "DE", "MX"]);
    for (const path of ["/bulk/gifts?dry_run=true", "/bulk/gifts"]) {
      const problems = expectValidation(await api.post(path, outdoor));
      expect(problems.map((p) => [p.pointer, p.code])).toEqual([
        ["/gift/recipients_attributes/0/recipient_country", "landed_cost_unavailable"],
        ["/gift/recipients_attributes/2/recipient_country", "landed_cost_unavailable"],
      ]);
      expect(problems[0].detail).toMatch(/Mexico \(MX\).*USD 117/);
    }
    expect(await counts(t.db)).toEqual(before);
  });

  it("the sandbox quotes the landed cost and charges nothing", async () => {
    const a = await createAccount(t.db);
    const api = apiAs(a.tokens.sandbox);
    const dry = await api.post("/bulk/gifts?dry_run=true", body());
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.meta.price).toMatchObject({
      livemode: false,
      total: dollars(TOTAL),
      charge: "0.00",
      "landed-cost": { duties: dollars(DUTIES) },
    });
    const created = await api.post("/bulk/gifts", body());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data[0].attributes).toMatchObject({ price: "0.00", duties: null, taxes: null });
    expect(await t.db.charge.count({ where: { teamId: a.team.id } })).toBe(0);
  });
});
