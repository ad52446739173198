import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEDULED_JOBS } from "@/lib/jobs/registry";
import { processDatabaseForFile } from "@/lib/testing/teams";
import { currentRate, MAX_RATES_BYTES, parseEcbDaily, RatesDocumentError, refreshExchangeRates } from "./index";
import { rateString } from "@/lib/money";

const t = processDatabaseForFile();
const SNAPSHOT = readFileSync(path.join(__dirname, "ecb-snapshot.xml"), "utf8");

/** An ECB-shaped day with these rates. */
const ecb = (date: string, rates: [string, string][]) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube><Cube time='${date}'>${rates.map(([c, r]) => `<Cube currency='${c}' rate='${r}'/>`).join("")}</Cube></Cube>
</gesmes:Envelope>`;

// A local rates source (ports 3600-3699): each test sets what it answers.
let answer: (res: import("node:http").ServerResponse) => void = (res) => res.end(SNAPSHOT);
let server: Server;
const PORT = 3641;
const URL_ = `http://127.0.0.1:${PORT}/eurofxref-daily.xml`;
beforeAll(async () => {
  server = createServer((_req, res) => answer(res));
  await new Promise<void>((resolve) => server.listen(PORT, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the shipped snapshot", () => {
  it("is the ECB's file the migration seeded, rate for rate", async () => {
    const day = parseEcbDaily(SNAPSHOT);
    expect(day.date).toBe("2022-07-08");
    expect(day.rates).toHaveLength(31); // the euro and 30 of the 31 currencies the ECB listed that day
    expect(day.skipped).toEqual(["HRK"]); // the kuna, withdrawn in 2023
    const rows = await t.db.exchangeRate.findMany({ where: { source: "ecb-snapshot" } });
    expect(
      rows.map((r) => ({ currency: r.currency, rate: r.rate, date: r.date.toISOString().slice(0, 10), base: r.base })),
    ).toEqual(expect.arrayContaining(day.rates.map((r) => ({ ...r, date: day.date, base: "EUR" }))));
    expect(rows).toHaveLength(day.rates.length);
  });

  it("gives every currency the issue names a rate, crossed through the euro", async () => {
    for (const c of ["USD", "EUR", "GBP", "CAD", "AUD", "JPY"]) {
      const used = await currentRate(t.db, "USD", c);
      expect(used.rate.amount > 0n, c).toBe(true);
    }
    expect(rateString((await currentRate(t.db, "GBP", "JPY")).rate)).toBe("163.2086067270"); // 138.05 / 0.84585
    await expect(currentRate(t.db, "USD", "XAU")).rejects.toMatchObject({ status: 422, code: "currency_unavailable" });
  });
});

describe("reading a rates document (hostile input refused whole)", () => {
  it("refuses the huge, the malformed, entities, zero, negative and repeated rates", () => {
    const refused = [
      "x".repeat(MAX_RATES_BYTES + 1),
      "<not xml",
      "",
      "{}",
      ecb("2026-02-30", [["USD", "1.1"]]),
      ecb("tomorrow", [["USD", "1.1"]]),
      ecb("2026-01-02", []),
      ecb("2026-01-02", [["USD", "0"]]),
      ecb("2026-01-02", [["USD", "-1.1"]]),
      ecb("2026-01-02", [["USD", "1e3"]]),
      ecb("2026-01-02", [["USD", "NaN"]]),
      ecb("2026-01-02", [["USD", ""]]),
      ecb("2026-01-02", [["ZZZ", "1.1"]]),
      ecb("2026-01-02", [["usd", "1.1"]]),
      ecb("2026-01-02", [
        ["USD", "1.1"],
        ["USD", "1.2"],
      ]),
      ecb("2026-01-02", [["EUR", "2"]]),
      ecb(
        "2026-01-02",
        Array.from({ length: 201 }, () => ["USD", "1.1"] as [string, string]),
      ),
      `<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY a "aaaaaaaaaa">]><gesmes:Envelope xmlns:gesmes="x"><Cube><Cube time='2026-01-02'><Cube currency='USD' rate='&a;'/></Cube></Cube></gesmes:Envelope>`,
    ];
    for (const doc of refused) expect(() => parseEcbDaily(doc), doc.slice(0, 200)).toThrow(RatesDocumentError);
  });
});

describe("the refresh-exchange-rates job", () => {
  it("does nothing without RIBBON_EXCHANGE_RATES_URL (the tests and the embedded default stay offline)", async () => {
    expect(SCHEDULED_JOBS.refreshExchangeRates.id).toBe("refresh-exchange-rates");
    expect(await SCHEDULED_JOBS.refreshExchangeRates.run({ db: t.db } as never)).toEqual({ fetched: 0, stored: 0 });
  });

  it("stores a new day from the source, and converts at it from then on; the same day again stores nothing", async () => {
    answer = (res) =>
      res.end(
        ecb("2099-03-04", [
          ["USD", "1.2500"],
          ["JPY", "150.00"],
        ]),
      );
    expect(await refreshExchangeRates(t.db, { url: URL_ })).toEqual({ fetched: 3, stored: 3 });
    expect(await refreshExchangeRates(t.db, { url: URL_ })).toEqual({ fetched: 3, stored: 0 });
    const used = await currentRate(t.db, "USD", "JPY");
    expect({ rate: rateString(used.rate), date: used.date, source: used.source }).toEqual({
      rate: "120.0000000000",
      date: "2099-03-04",
      source: URL_,
    });
    await t.db.exchangeRate.deleteMany({ where: { source: URL_ } });
  });

  it("a refused answer stores nothing: an error status, a body over the bound, a malformed day, a hang past the timeout", async () => {
    const before = await t.db.exchangeRate.count();
    const cases: [string, (res: import("node:http").ServerResponse) => void, number?][] = [
      ["500", (res) => res.writeHead(500).end("down")],
      ["huge", (res) => res.end(ecb("2099-03-05", [["USD", "1." + "1".repeat(MAX_RATES_BYTES)]]))],
      [
        "huge, no length",
        (res) => {
          res.writeHead(200, { "transfer-encoding": "chunked" });
          const chunk = "x".repeat(16 * 1024);
          for (let i = 0; i < 8; i++) res.write(chunk);
          res.end();
        },
      ],
      ["malformed", (res) => res.end(ecb("2099-03-05", [["USD", "-2"]]))],
      ["hangs", () => {}, 300],
    ];
    for (const [what, a, timeoutMs] of cases) {
      answer = a;
      await expect(refreshExchangeRates(t.db, { url: URL_, timeoutMs }), what).rejects.toThrow();
    }
    expect(await t.db.exchangeRate.count()).toBe(before);
    answer = (res) => res.end(SNAPSHOT);
  });
});
