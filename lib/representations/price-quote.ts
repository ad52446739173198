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
    "requires-approval": Boolean(quote.approval),
    "approval-reason": quote.approval ?? null,
    budget: quote.budget
      ? {
          period: quote.budget.period,
          "monthly-limit": money(quote.budget.monthlyLimitCents),
          "per-gift-limit": money(quote.budget.perGiftLimitCents),
          spent: formatMoney(quote.budget.spentCents),
          "remaining-after": money(quote.budget.remainingAfterCents),
        }
      : null,
    caps: quote.caps
      ? {
          "per-gift": money(quote.caps.caps.perGiftCents),
          daily: money(quote.caps.caps.dailyCents),
          monthly: money(quote.caps.caps.monthlyCents),
          collections: quote.caps.caps.collectionIds?.map(String) ?? null,
          "spent-today": formatMoney(quote.caps.spentTodayCents),
          "spent-this-month": formatMoney(quote.caps.spentThisMonthCents),
          "remaining-today-after":
            quote.caps.caps.dailyCents === null
              ? null
              : formatMoney(quote.caps.caps.dailyCents - quote.caps.spentTodayCents - quote.caps.requestedCents),
          "remaining-this-month-after":
            quote.caps.caps.monthlyCents === null
              ? null
              : formatMoney(quote.caps.caps.monthlyCents - quote.caps.spentThisMonthCents - quote.caps.requestedCents),
        }
      : null,
  };
}
