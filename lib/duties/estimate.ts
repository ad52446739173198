import { applyRate, applyRateInclusive, convertMinor, minorDigits, parseRate, type Rate } from "@/lib/money";
import { IMPORT_RULES, PRICED_DELIVERED, TAX_SOURCE, nationalTax, type DutyBand } from "./rules";

/** What a gift to a country pays on arrival, per gift, in the currency it is priced in. */
export type ImportEstimate =
  | { basis: "included"; dutiesMinor: 0; taxesMinor: 0 }
  | {
      basis: "estimated";
      dutiesMinor: number;
      taxesMinor: number;
      /** The duty rate applied (of the value, less `deduct` in the rule's currency); "0" under the de minimis. */
      dutyRate: string;
      /** The tax, its rate, and whether the value was at or under the country's tax-free threshold. */
      tax: { name: string; rate: string; applied: boolean };
      /** The thresholds compared, in the rule's currency. */
      deMinimis: { currency: string; dutyUpTo: number | null; taxUpTo: number };
      source: string;
    }
  | { basis: "unavailable"; reason: string };

const rateOf = (value: string): Rate | null => (/^0(\.0+)?$/.test(value) ? null : parseRate(value));
const major = (amount: number, currency: string) => Math.round(amount * 10 ** minorDigits(currency));

/**
 * The duty and tax a gift of `valueMinor` (goods and shipping, in `currency`) pays in `country`:
 * `included` where Ribbon delivers from stock in the country (PRICED_DELIVERED); else by the
 * country's IMPORT_RULES: the duty band the value falls in, then its VAT, GST or ICMS on the value
 * and the duty above the tax-free threshold; `unavailable` where Ribbon has no estimate (no rule,
 * or a band without a rate). `toRule` and `fromRule` convert between `currency` and the rule's
 * currency (UNIT_RATE when they are one). Each part is rounded half to even once, to `currency`'s
 * minor unit.
 */
export function estimateImportCharges(input: {
  country: string;
  valueMinor: number;
  currency: string;
  toRule: Rate;
  fromRule: Rate;
}): ImportEstimate {
  const { country, valueMinor, currency } = input;
  if (PRICED_DELIVERED.has(country)) return { basis: "included", dutiesMinor: 0, taxesMinor: 0 };
  const rule = IMPORT_RULES[country];
  const tax = nationalTax(country);
  if (!rule || !tax) return { basis: "unavailable", reason: "Ribbon has no duty and tax table for it" };
  const valueInRule = convertMinor(valueMinor, currency, rule.currency, input.toRule);
  const band: DutyBand | undefined = rule.duty.find(
    (b) => b.upTo === null || valueInRule <= major(b.upTo, rule.currency),
  );
  if (!band || band.rate === null) {
    const last = [...rule.duty].reverse().find((b) => b.upTo !== null);
    return {
      basis: "unavailable",
      reason: `its duty above ${rule.currency} ${last?.upTo ?? 0} depends on the goods' tariff lines, which Ribbon doesn't estimate`,
    };
  }
  const dutyRate = rateOf(band.rate);
  const deduct = band.deduct
    ? convertMinor(major(band.deduct, rule.currency), rule.currency, currency, input.fromRule)
    : 0;
  const dutiesMinor = dutyRate ? Math.max(0, applyRate(valueMinor, dutyRate) - deduct) : 0;
  const taxRate = rateOf(tax.rate);
  const applied = taxRate !== null && valueInRule > major(rule.taxFreeUpTo, rule.currency);
  const base = valueMinor + dutiesMinor;
  const taxesMinor = !applied ? 0 : rule.taxInclusive ? applyRateInclusive(base, taxRate!) : applyRate(base, taxRate!);
  return {
    basis: "estimated",
    dutiesMinor,
    taxesMinor,
    dutyRate: band.rate,
    tax: { name: tax.name, rate: tax.rate, applied },
    deMinimis: {
      currency: rule.currency,
      dutyUpTo: dutyFreeUpTo(rule.duty),
      taxUpTo: rule.taxFreeUpTo,
    },
    source: `${rule.source}; tax rate: ${TAX_SOURCE}`,
  };
}

/** The value up to which no duty is due: the end of the leading bands at rate 0 (null: none is ever due; 0: from the first cent). */
function dutyFreeUpTo(bands: readonly DutyBand[]): number | null {
  const free = bands.findIndex((b) => b.rate !== "0");
  if (free === -1) return null;
  return free === 0 ? 0 : bands[free - 1].upTo;
}
