import type { Queryable } from "@/lib/database/sql";
import { queryRows } from "@/lib/database/sql";
import { HttpError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { crossRate, parseRate, rateString, UNIT_RATE, type Rate } from "@/lib/money";

/** The rate a conversion used, with its provenance: `rate` units of `to` per one `from`. */
export type UsedRate = { from: string; to: string; rate: Rate; date: string; source: string };

/** No rate for a currency (the table lacks it): 422 `currency_unavailable`, nothing charged. */
export const currencyUnavailable = (currency: string) =>
  new HttpError(
    422,
    "Unprocessable Content",
    `There is no exchange rate for ${currency}: Ribbon can't convert into or out of it.`,
    { currency },
    "currency_unavailable",
  );

/**
 * The current rate from → to: through the euro, from the newest day of reference rates stored
 * (one source's day: the one fetched last, or the shipped snapshot), crossRate's rounding. A
 * currency to itself is UNIT_RATE with no table read.
 */
export async function currentRate(db: Queryable, from: string, to: string): Promise<UsedRate> {
  if (from === to) return { from, to, rate: UNIT_RATE, date: "", source: "" };
  const rows = await queryRows<{ currency: string; rate: string; date: Date; source: string }>(
    db,
    Prisma.sql`
      WITH "day" AS (SELECT "date", "source" FROM "ExchangeRate" ORDER BY "date" DESC, "fetchedAt" DESC LIMIT 1)
      SELECT r."currency", r."rate", r."date", r."source" FROM "ExchangeRate" r JOIN "day" d USING ("date", "source")
      WHERE r."currency" IN (${from}, ${to})`,
  );
  const perEuro = (currency: string) => {
    const row = rows.find((r) => r.currency === currency);
    const rate = row && parseRate(row.rate);
    if (!row || !rate) throw currencyUnavailable(currency);
    return { rate, row };
  };
  const source = perEuro(from);
  const target = perEuro(to);
  return {
    from,
    to,
    rate: crossRate(source.rate, target.rate),
    date: source.row.date.toISOString().slice(0, 10),
    source: source.row.source,
  };
}

/** A used rate on the wire. */
export const rateOnWire = (used: UsedRate) => ({
  from: used.from,
  to: used.to,
  rate: rateString(used.rate),
  date: used.date,
  source: used.source,
});
