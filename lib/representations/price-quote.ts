import type { PriceQuote } from "@/lib/gifts/price";
import { CURRENCY, formatMoney } from "@/lib/money";

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
  };
}
