import TAX_TABLE from "./tax-rates.json";

/**
 * Where a gift lands with nothing more to pay: Ribbon's fulfilment partners deliver from stock in
 * these countries, so a price there already includes any duty and tax (priced delivered). Every
 * other country a product ships to is reached from Ribbon's warehouse in the United States, and
 * its import charges are estimated by IMPORT_RULES. `lib/duties/rules.test.ts` fails on a country
 * a seeded product ships to that is in neither.
 */
export const PRICED_DELIVERED: ReadonlySet<string> = new Set([
  "US",
  "CA",
  "GB",
  "IE",
  "DE",
  "FR",
  "NL",
  "BE",
  "ES",
  "AU",
  "JP",
]);

/**
 * One band of a country's customs duty on a consignment's customs value (in the rule's currency,
 * major units): up to `upTo` (inclusive; null: no upper end) the duty is `rate` of the value less
 * `deduct`; `rate` null: Ribbon has no estimate above the band before it (the duty depends on the
 * product's tariff line, which the catalogue doesn't carry), and a quote for the country is refused.
 */
export type DutyBand = { upTo: number | null; rate: string | null; deduct?: number };

/**
 * How a country taxes an imported gift: the duty in bands, then the tax (the country's standard
 * VAT, GST or ICMS rate, from tax-rates.json) on the value and the duty, unless the value is at
 * most `taxFreeUpTo` (in `currency`). `taxInclusive`: the tax is levied on a base that includes
 * itself (Brazil's ICMS). Thresholds compare the value of the goods and their shipping.
 */
export type ImportRule = {
  currency: string;
  duty: readonly DutyBand[];
  taxFreeUpTo: number;
  taxInclusive?: boolean;
  /** Where the thresholds and bands come from. */
  source: string;
};

const GEA = "Global Express Association, de minimis database (global-express.org), read 2026-12-03";

// The European Union's rules, the same in each member state: no duty on a consignment of intrinsic
// value up to EUR 150 (Council Regulation (EC) 1186/2009, art. 23), VAT from the first euro since
// 1 July 2021 (Council Directive (EU) 2017/2455).
const EU: ImportRule = {
  currency: "EUR",
  duty: [
    { upTo: 150, rate: "0" },
    { upTo: null, rate: null },
  ],
  taxFreeUpTo: 0,
  source: `${GEA}; Regulation (EC) 1186/2009 art. 23; Directive (EU) 2017/2455`,
};

/** The import charges of each country a product ships to that isn't priced delivered. */
export const IMPORT_RULES: Readonly<Record<string, ImportRule>> = {
  // The EU's members that aren't priced delivered: one customs union, one rule.
  AT: EU,
  BG: EU,
  CY: EU,
  CZ: EU,
  DK: EU,
  EE: EU,
  FI: EU,
  GR: EU,
  HR: EU,
  HU: EU,
  IT: EU,
  LT: EU,
  LU: EU,
  LV: EU,
  MT: EU,
  PL: EU,
  PT: EU,
  RO: EU,
  SE: EU,
  SI: EU,
  SK: EU,
  // Switzerland levies nothing when the tax would be CHF 5 or less (about CHF 62 of goods at 8.1 %);
  // its duties go by gross weight, not value, and the catalogue's goods weigh under a kilo: none estimated.
  CH: {
    currency: "CHF",
    duty: [{ upTo: null, rate: "0" }],
    taxFreeUpTo: 62,
    source: `Federal Office for Customs and Border Security: tax amounts up to CHF 5 are not collected`,
  },
  // Norway's VOEC scheme: goods up to NOK 3,000 enter duty-free, with VAT from the first krone.
  NO: {
    currency: "NOK",
    duty: [
      { upTo: 3000, rate: "0" },
      { upTo: null, rate: null },
    ],
    taxFreeUpTo: 0,
    source: `Norwegian Tax Administration, VOEC (low value goods up to NOK 3,000)`,
  },
  // Brazil's Remessa Conforme: import tax of 20 % up to USD 50, 60 % less USD 20 up to USD 3,000;
  // ICMS (17 %) on every consignment, levied on a base that includes it.
  BR: {
    currency: "USD",
    duty: [
      { upTo: 50, rate: "0.2" },
      { upTo: 3000, rate: "0.6", deduct: 20 },
      { upTo: null, rate: null },
    ],
    taxFreeUpTo: 0,
    taxInclusive: true,
    source: `${GEA}; Receita Federal, Remessa Conforme (Lei 14.902/2024); ICMS at the states' uniform 17 % for Remessa Conforme`,
  },
  // Mexico, for express shipments from the United States (USMCA): no duty up to USD 117, no tax
  // (IVA) up to USD 50; above USD 117 the duty depends on the goods' tariff lines.
  MX: {
    currency: "USD",
    duty: [
      { upTo: 117, rate: "0" },
      { upTo: null, rate: null },
    ],
    taxFreeUpTo: 50,
    source: `USMCA Article 7.8 and its Mexican de minimis (USD 117 duties, USD 50 taxes)`,
  },
  // New Zealand: no duty up to NZD 1,000; GST on low-value goods from the first dollar, collected at sale.
  NZ: {
    currency: "NZD",
    duty: [
      { upTo: 1000, rate: "0" },
      { upTo: null, rate: null },
    ],
    taxFreeUpTo: 0,
    source: `Inland Revenue, GST on low-value imported goods (up to NZD 1,000)`,
  },
  // Singapore levies no duty except on liquor, tobacco, motor vehicles and petroleum (none in the
  // catalogue); GST on low-value goods from the first dollar since 2023.
  SG: {
    currency: "SGD",
    duty: [{ upTo: null, rate: "0" }],
    taxFreeUpTo: 0,
    source: `Singapore Customs; IRAS, GST on low-value goods (from 1 January 2023)`,
  },
  // South Korea: from the United States, duty- and tax-free up to USD 200 (KORUS FTA, list clearance).
  KR: {
    currency: "USD",
    duty: [
      { upTo: 200, rate: "0" },
      { upTo: null, rate: null },
    ],
    taxFreeUpTo: 200,
    source: `Korea Customs Service, list clearance up to USD 200 for goods from the United States`,
  },
};

type TaxEntry = { type: string; rate: string };
const TAXES = (TAX_TABLE as { source: string; rates: Record<string, TaxEntry> }).rates;

/** Where the tax rates come from (the shipped snapshot: tax-rates.source.md). */
export const TAX_SOURCE = (TAX_TABLE as { source: string }).source;

/** A country's national VAT, GST or sales tax: its name ("VAT", "GST") and standard rate as a decimal string. */
export function nationalTax(country: string): { name: string; rate: string } | null {
  const entry = TAXES[country];
  return entry ? { name: entry.type.toUpperCase(), rate: entry.rate } : null;
}
