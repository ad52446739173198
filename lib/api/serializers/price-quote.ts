import type { PriceQuote } from "@/lib/gifts";
import { serializePriceQuote } from "@/lib/representations/price-quote";

/**
 * A dry run's answer: a JSON:API document with only `meta` (nothing was created, so there is no
 * resource to return): `meta.dry-run` is true and `meta.price` is what the real call would cost.
 */
export function priceQuoteDocument(quote: PriceQuote) {
  return { meta: { "dry-run": true, price: serializePriceQuote(quote) } };
}
