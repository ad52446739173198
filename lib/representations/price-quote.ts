import type { PriceQuote } from "@/lib/gifts/price";
import { CURRENCY, formatMoney } from "@/lib/money";

const money = (cents: number | null) => (cents === null ? null : formatMoney(cents));

/** A dry run's price on the wire: money as decimal strings in `currency`, like a gift's price. */
export function serializePriceQuote(quote: PriceQuote) {
  return {
    livemode: quote.livemode,
    currency: CURRENCY,
    gifts: quote.gifts,
    collection: { id: String(quote.collection.id), name: quote.collection.name },
    "per-gift": {
      "product-maximum": formatMoney(quote.perGift.productMaximumCents),
      shipping: formatMoney(quote.perGift.shippingCents),
      fees: formatMoney(quote.perGift.feesCents),
      total: formatMoney(quote.perGift.totalCents),
    },
    total: formatMoney(quote.totalCents),
    charge: formatMoney(quote.chargeCents),
    budget: quote.budget
      ? {
          period: quote.budget.period,
          "monthly-limit": money(quote.budget.monthlyLimitCents),
          "per-gift-limit": money(quote.budget.perGiftLimitCents),
          spent: formatMoney(quote.budget.spentCents),
          "remaining-after": money(quote.budget.remainingAfterCents),
        }
      : null,
  };
}
