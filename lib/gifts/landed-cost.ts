import type { Queryable } from "@/lib/database/sql";
import { estimateImportCharges, IMPORT_RULES, PRICED_DELIVERED, type ImportEstimate } from "@/lib/duties";
import type { FieldProblem } from "@/lib/errors";
import { countryNameIn } from "@/lib/format/locale";
import { convertMinor, UNIT_RATE, type Rate } from "@/lib/money";
import { currentRate } from "@/lib/rates";

/** One country's gifts of a create: how many, and what each pays on arrival in the team's currency. */
export type LandedLine = {
  country: string;
  gifts: number;
  dutiesMinor: number;
  taxesMinor: number;
  /** How it was estimated (a dry run shows it; a create from a quote has the amounts only). */
  estimate?: Exclude<ImportEstimate, { basis: "unavailable" }>;
};

/**
 * The import charges of a create whose recipients name their country: a line per country, each
 * recipient's share (in the recipients' order; nothing for one who names no country), the totals
 * in the team's currency, and whether any was estimated (then a dry run holds it as a quote).
 */
export type LandedCost = {
  lines: LandedLine[];
  perRecipient: { dutiesMinor: number; taxesMinor: number }[];
  dutiesMinor: number;
  taxesMinor: number;
  estimated: boolean;
};

type Recipient = { recipientCountry?: string | null; pointer: string };

const NONE = { dutiesMinor: 0, taxesMinor: 0 };

/** What a stored quote keeps of the lines: per country, the gifts and one gift's duties and taxes. */
export type StoredLanded = Record<string, { gifts: number; dutiesMinor: number; taxesMinor: number }>;

export const storedLanded = (landed: LandedCost): StoredLanded =>
  Object.fromEntries(
    landed.lines.map((l) => [l.country, { gifts: l.gifts, dutiesMinor: l.dutiesMinor, taxesMinor: l.taxesMinor }]),
  );

/** The recipients' countries counted (the ones naming none left out): what a quote is for. */
export function countriesOf(recipients: Recipient[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of recipients)
    if (r.recipientCountry) counts.set(r.recipientCountry, (counts.get(r.recipientCountry) ?? 0) + 1);
  return counts;
}

/** Lines, shares and totals from one gift's charges per country. */
function assemble(recipients: Recipient[], perGift: Map<string, Omit<LandedLine, "country" | "gifts">>): LandedCost {
  const counts = countriesOf(recipients);
  const lines = [...counts].map(([country, gifts]) => ({ country, gifts, ...perGift.get(country)! }));
  const perRecipient = recipients.map((r) => (r.recipientCountry ? perGift.get(r.recipientCountry)! : NONE));
  return {
    lines,
    perRecipient: perRecipient.map(({ dutiesMinor, taxesMinor }) => ({ dutiesMinor, taxesMinor })),
    dutiesMinor: lines.reduce((sum, l) => sum + l.dutiesMinor * l.gifts, 0),
    taxesMinor: lines.reduce((sum, l) => sum + l.taxesMinor * l.gifts, 0),
    estimated: lines.some((l) => l.estimate?.basis === "estimated" || l.dutiesMinor + l.taxesMinor > 0),
  };
}

/**
 * The landed cost's import part for a create of gifts worth `valueMinor` each in `sourceCurrency`
 * (the collection's), priced in `currency` at `rate` (UNIT_RATE when one currency): per named country, one gift's duties and
 * taxes estimated on its customs value (the collection's price and shipping, lib/duties) in the
 * collection's currency and converted at the price's own rate, so the parts add up to what is
 * charged. null when no recipient names a country. A country Ribbon can't estimate is a problem
 * at each recipient naming it (422 `landed_cost_unavailable`): nothing is quoted or created.
 * Reads one rate pair per currency the countries' thresholds are in.
 */
export async function landedCost(
  db: Queryable,
  input: {
    recipients: Recipient[];
    /** One gift's customs value: its price and shipping (giftPrice's total), in `sourceCurrency`. */
    valueMinor: number;
    sourceCurrency: string;
    currency: string;
    rate: Rate;
  },
): Promise<{ landed: LandedCost | null; problems: FieldProblem[] }> {
  const { recipients, valueMinor, sourceCurrency, currency } = input;
  const countries = [...countriesOf(recipients).keys()];
  if (countries.length === 0) return { landed: null, problems: [] };
  // One rate pair per currency the thresholds are in, read one statement at a time (one connection).
  const pairs = new Map<string, { toRule: Rate; fromRule: Rate }>();
  const ratesTo = async (ruleCurrency: string) => {
    let pair = pairs.get(ruleCurrency);
    if (!pair) {
      const to = await currentRate(db, sourceCurrency, ruleCurrency);
      const from = await currentRate(db, ruleCurrency, sourceCurrency);
      pair = { toRule: to.rate, fromRule: from.rate };
      pairs.set(ruleCurrency, pair);
    }
    return pair;
  };
  const perGift = new Map<string, Omit<LandedLine, "country" | "gifts">>();
  const unavailable = new Map<string, string>();
  for (const country of countries) {
    // The thresholds are in the rule's currency: its rates are read only for a country with a rule.
    const ruleCurrency = PRICED_DELIVERED.has(country) ? undefined : IMPORT_RULES[country]?.currency;
    const rates = ruleCurrency ? await ratesTo(ruleCurrency) : { toRule: UNIT_RATE, fromRule: UNIT_RATE };
    const estimate = estimateImportCharges({ country, valueMinor, currency: sourceCurrency, ...rates });
    if (estimate.basis === "unavailable") {
      unavailable.set(country, estimate.reason);
      continue;
    }
    const toTeam = (minor: number) => convertMinor(minor, sourceCurrency, currency, input.rate);
    perGift.set(country, {
      dutiesMinor: toTeam(estimate.dutiesMinor),
      taxesMinor: toTeam(estimate.taxesMinor),
      estimate,
    });
  }
  const problems = recipients
    .filter((r) => r.recipientCountry && unavailable.has(r.recipientCountry))
    .map((r) => ({
      detail: `Ribbon can't quote what a gift from this collection pays on arrival in ${countryNameIn(r.recipientCountry!, "en")} (${r.recipientCountry}): ${unavailable.get(r.recipientCountry!)}. Choose a collection priced lower, or leave recipient_country out`,
      pointer: `${r.pointer}/recipient_country`,
      code: "landed_cost_unavailable",
    }));
  if (problems.length > 0) return { landed: null, problems };
  return { landed: assemble(recipients, perGift), problems: [] };
}

/** A quote's import charges for the create that names it (its countries already matched). */
export const landedFromQuote = (recipients: Recipient[], stored: StoredLanded): LandedCost =>
  assemble(
    recipients,
    new Map(Object.entries(stored).map(([c, l]) => [c, { dutiesMinor: l.dutiesMinor, taxesMinor: l.taxesMinor }])),
  );
