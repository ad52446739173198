import type { PriceQuote } from "@/lib/gifts/price";
import { CURRENCY, formatMoney, rateString } from "@/lib/money";

/**
 * A dry run's price on the wire: money as decimal strings (the currency's own minor digits).
 * `currency` is the team's: `total`, `charge`, the budget and the caps are in it. `per-gift`
 * is the collection's price in the collection's currency (its own `currency`); when that is not
 * the team's, `conversion` says the rate used (with its day and source), one gift converted and
 * the total, and `quote` how long the total holds (docs/international.md).
 */
export function serializePriceQuote(quote: PriceQuote) {
  const c = quote.conversion ?? null;
  const currency = c?.currency ?? CURRENCY;
  const sourceCurrency = c?.sourceCurrency ?? currency;
  const money = (minor: number | null) => (minor === null ? null : formatMoney(minor, currency));
  const source = (minor: number) => formatMoney(minor, sourceCurrency);
  return {
    livemode: quote.livemode,
    currency,
    gifts: quote.gifts,
    collection: { id: String(quote.collection.id), name: quote.collection.name },
    "per-gift": {
      currency: sourceCurrency,
      "product-maximum": source(quote.perGift.productMaximumCents),
      shipping: source(quote.perGift.shippingCents),
      fees: source(quote.perGift.feesCents),
      total: source(quote.perGift.totalCents),
    },
    total: formatMoney(quote.totalCents, currency),
    charge: formatMoney(quote.chargeCents, currency),
    conversion: c && {
      from: c.sourceCurrency,
      to: c.currency,
      rate: rateString(c.rate.rate),
      "rate-date": c.rate.date,
      "rate-source": c.rate.source,
      "per-gift": formatMoney(c.perGiftMinor, currency),
      total: formatMoney(c.totalMinor, currency),
    },
    quote: c?.quote
      ? {
          id: c.quote.id,
          "expires-at": c.quote.expiresAt.toISOString(),
          "holds-for-seconds": Math.max(0, Math.round((c.quote.expiresAt.getTime() - Date.now()) / 1000)),
        }
      : null,
    "requires-approval": Boolean(quote.approval),
    "approval-reason": quote.approval ?? null,
    budget: quote.budget
      ? {
          period: quote.budget.period,
          "monthly-limit": money(quote.budget.monthlyLimitCents),
          "per-gift-limit": money(quote.budget.perGiftLimitCents),
          spent: formatMoney(quote.budget.spentCents, currency),
          "remaining-after": money(quote.budget.remainingAfterCents),
        }
      : null,
    caps: quote.caps
      ? {
          "per-gift": money(quote.caps.caps.perGiftCents),
          daily: money(quote.caps.caps.dailyCents),
          monthly: money(quote.caps.caps.monthlyCents),
          collections: quote.caps.caps.collectionIds?.map(String) ?? null,
          "spent-today": formatMoney(quote.caps.spentTodayCents, currency),
          "spent-this-month": formatMoney(quote.caps.spentThisMonthCents, currency),
          "remaining-today-after":
            quote.caps.caps.dailyCents === null
              ? null
              : formatMoney(
                  quote.caps.caps.dailyCents - quote.caps.spentTodayCents - quote.caps.requestedCents,
                  currency,
                ),
          "remaining-this-month-after":
            quote.caps.caps.monthlyCents === null
              ? null
              : formatMoney(
                  quote.caps.caps.monthlyCents - quote.caps.spentThisMonthCents - quote.caps.requestedCents,
                  currency,
                ),
        }
      : null,
  };
}
