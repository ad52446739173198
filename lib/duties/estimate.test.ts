import { describe, expect, it } from "vitest";
import { parseRate, UNIT_RATE, type Rate } from "@/lib/money";
import { estimateImportCharges, type ImportEstimate } from "./estimate";

const rate = (value: string): Rate => parseRate(value)!;
// Cross rates through the euro as lib/money makes them (USD per euro 1.0163, CHF per euro 0.9921).
const USD_TO_EUR = rate("0.9839614287");
const EUR_TO_USD = rate("1.0163");
const USD_TO_CHF = rate("0.9761881334");
const CHF_TO_USD = rate("1.0243927023");

const estimate = (country: string, valueMinor: number, toRule = UNIT_RATE, fromRule = UNIT_RATE) =>
  estimateImportCharges({ country, valueMinor, currency: "USD", toRule, fromRule });
const amounts = (e: ImportEstimate) =>
  e.basis === "unavailable" ? e.basis : { basis: e.basis, duties: e.dutiesMinor, taxes: e.taxesMinor };

describe("estimateImportCharges", () => {
  it("counts nothing where Ribbon delivers from stock in the country", () => {
    for (const country of ["US", "DE", "JP", "GB"])
      expect(amounts(estimate(country, 12_500))).toEqual({ basis: "included", duties: 0, taxes: 0 });
  });

  it("the EU: no duty up to EUR 150, VAT at the country's rate from the first euro", () => {
    // $40.00 is EUR 39.36: under the duty threshold; Italy's VAT is 22 %.
    expect(amounts(estimate("IT", 4000, USD_TO_EUR, EUR_TO_USD))).toEqual({
      basis: "estimated",
      duties: 0,
      taxes: 880,
    });
    // Finland's 25.5 %: $125.00 → 3187.5 cents, half to even → 3188.
    expect(amounts(estimate("FI", 12_500, USD_TO_EUR, EUR_TO_USD))).toEqual({
      basis: "estimated",
      duties: 0,
      taxes: 3188,
    });
    // $200.00 is EUR 196.79: past the band the table covers, no estimate.
    expect(estimate("IT", 20_000, USD_TO_EUR, EUR_TO_USD)).toMatchObject({ basis: "unavailable" });
  });

  it("Brazil: 20 % up to USD 50, 60 % less USD 20 above, ICMS on a base that includes it", () => {
    // $40: duty 8.00; ICMS 17 % of 48.00 grossed up: 48 × 0.17 / 0.83 = 9.8313… → 9.83.
    expect(amounts(estimate("BR", 4000))).toEqual({ basis: "estimated", duties: 800, taxes: 983 });
    // $100 (UOL's worked example of the rule, 2025): duty 60 − 20 = 40.00, ICMS 140 × 0.17 / 0.83 = 28.67.
    expect(amounts(estimate("BR", 10_000))).toEqual({ basis: "estimated", duties: 4000, taxes: 2867 });
    // The band's edge is inclusive: $50.00 is still 20 %.
    expect(amounts(estimate("BR", 5000))).toMatchObject({ duties: 1000 });
  });

  it("Mexico from the United States: nothing up to USD 50, IVA to USD 117, no estimate past it", () => {
    expect(amounts(estimate("MX", 4800))).toEqual({ basis: "estimated", duties: 0, taxes: 0 });
    expect(amounts(estimate("MX", 8900))).toEqual({ basis: "estimated", duties: 0, taxes: 1424 });
    expect(estimate("MX", 12_500)).toMatchObject({ basis: "unavailable" });
  });

  it("Switzerland: nothing while the tax would be CHF 5 or less, then 8.1 %", () => {
    expect(amounts(estimate("CH", 4800, USD_TO_CHF, CHF_TO_USD))).toEqual({ basis: "estimated", duties: 0, taxes: 0 });
    // $89.00 is CHF 86.88: 8.1 % of 8900 cents = 720.9 → 721.
    expect(amounts(estimate("CH", 8900, USD_TO_CHF, CHF_TO_USD))).toEqual({
      basis: "estimated",
      duties: 0,
      taxes: 721,
    });
  });

  it("says what it compared and where the figures come from", () => {
    const e = estimate("BR", 10_000);
    expect(e).toMatchObject({
      basis: "estimated",
      dutyRate: "0.6",
      tax: { name: "VAT", rate: "0.17", applied: true },
      deMinimis: { currency: "USD", dutyUpTo: 0, taxUpTo: 0 },
    });
    expect(e.basis === "estimated" && e.source).toMatch(/Remessa Conforme.*sales-tax@2\.23\.0/);
    expect(estimate("SG", 4000)).toMatchObject({ deMinimis: { dutyUpTo: null } });
    expect(estimate("IT", 4000, USD_TO_EUR, EUR_TO_USD)).toMatchObject({
      deMinimis: { currency: "EUR", dutyUpTo: 150 },
    });
  });

  it("a country without a table has no estimate", () => {
    expect(estimate("BW", 4000)).toMatchObject({ basis: "unavailable" });
  });
});
