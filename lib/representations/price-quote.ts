import type { PriceQuote } from "@/lib/gifts/price";
import { CURRENCY, formatMoney, rateString } from "@/lib/money";

/**
 * Per country its recipients name: how many gifts, and one gift's price, shipping, duties, taxes
 * and total in the team's currency, with how the import charges were reached: `included` (priced
 * delivered) or `estimated` (the duty rate, the tax and its rate, the thresholds compared, the
 * source). The totals of duties and taxes; the goods are `total` less them. null: no country named.
 */
function landedCostOnWire(quote: PriceQuote, currency: string) {
  const landed = quote.landed;
  if (!landed) return null;
  const goodsPerGift = quote.conversion?.perGiftMinor ?? quote.perGift.totalCents;
  const shipping = quote.conversion ? null : quote.perGift.shippingCents;
  const money = (minor: number) => formatMoney(minor, currency);
  return {
    duties: money(landed.dutiesMinor),
    taxes: money(landed.taxesMinor),
    countries: landed.lines.map((line) => {
      const e = line.estimate;
      return {
        country: line.country,
        gifts: line.gifts,
        "per-gift": {
          // The goods with their shipping, as the price converts them (shipping apart when not converted).
          price: money(goodsPerGift - (shipping ?? 0)),
          shipping: shipping === null ? null : money(shipping),
          duties: money(line.dutiesMinor),
          taxes: money(line.taxesMinor),
          total: money(goodsPerGift + line.dutiesMinor + line.taxesMinor),
        },
        basis: e?.basis ?? "estimated",
        estimate:
          e?.basis === "estimated"
            ? {
                "duty-rate": e.dutyRate,
                tax: e.tax.name,
                "tax-rate": e.tax.rate,
                "tax-applied": e.tax.applied,
                "de-minimis": {
                  currency: e.deMinimis.currency,
                  duty: e.deMinimis.dutyUpTo === null ? null : String(e.deMinimis.dutyUpTo),
                  tax: String(e.deMinimis.taxUpTo),
                },
                source: e.source,
              }
            : null,
      };
    }),
  };
}

/**
 * A dry run's price on the wire: money as decimal strings (the currency's own minor digits).
 * `currency` is the team's: `total`, `charge`, the budget and the caps are in it. `per-gift`
 * is the collection's price in the collection's currency (its own `currency`); when that is not
 * the team's, `conversion` says the rate used (with its day and source), one gift converted and
 * the total, and `quote` how long the total holds (docs/international.md).
 */
export function serializePriceQuote(quote: PriceQuote) {
  const c = quote.conversion ?? null;
  const held = quote.held ?? c?.quote ?? null;
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
    "landed-cost": landedCostOnWire(quote, currency),
    quote: held
      ? {
          id: held.id,
          "expires-at": held.expiresAt.toISOString(),
          "holds-for-seconds": Math.max(0, Math.round((held.expiresAt.getTime() - Date.now()) / 1000)),
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
