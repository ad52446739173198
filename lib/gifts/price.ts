import type { BudgetUse, CapsUse } from "@/lib/billing";
import type { UsedRate } from "@/lib/rates";
import type { LandedCost } from "./landed-cost";

/**
 * What one gift costs, in parts. A collection's price is the most a gift from it can cost: it
 * covers its most expensive product with shipping, so today shipping and fees are included
 * (0 here). The parts exist so that a client reading them keeps working the day they aren't.
 */
export type GiftPrice = { productMaximumCents: number; shippingCents: number; feesCents: number; totalCents: number };

export function giftPrice(collection: { priceCents: number }): GiftPrice {
  const parts = { productMaximumCents: collection.priceCents, shippingCents: 0, feesCents: 0 };
  return { ...parts, totalCents: parts.productMaximumCents + parts.shippingCents + parts.feesCents };
}

/**
 * A create priced in the team's currency from a collection priced in another: one gift's parts
 * in the collection's currency (`source`), the rate used (with its day and source), one gift's
 * price converted once (half to even, lib/money.ts) and the total (that × gifts, so each gift's
 * refund is exactly its share). `quote`: the quote it comes from, or the one a dry run wrote.
 */
export type Conversion = {
  currency: string;
  sourceCurrency: string;
  source: GiftPrice;
  rate: UsedRate;
  perGiftMinor: number;
  totalMinor: number;
  quote: { id: string; expiresAt: Date } | null;
};

/** The price of a create before it is made (`dry_run`): per gift, the total, and what the call would charge. */
export type PriceQuote = {
  livemode: boolean;
  gifts: number;
  collection: { id: number; name: string };
  perGift: GiftPrice;
  totalCents: number;
  /** What the real call charges the team's card: the total when live; sandbox gifts are never charged. */
  chargeCents: number;
  /** A dry run's use of the team's budget (null in the sandbox: never charged). */
  budget?: BudgetUse | null;
  /** A dry run's use of the calling credential's caps (null: it has none, or the sandbox). */
  caps?: CapsUse | null;
  /** Why the gifts would wait for an owner's approval (and be charged only then); null: they wouldn't. */
  approval?: string | null;
  /**
   * The collection's currency is not the team's: the per-gift parts above are in the
   * collection's currency, and this says the rate, the converted price per gift and the total
   * in the team's currency (`totalCents` and `chargeCents` are then that total), with the quote
   * that holds it. null: one currency, nothing converted.
   */
  conversion?: Conversion | null;
  /**
   * What the gifts pay on arrival in the countries their recipients name (lib/gifts/landed-cost.ts),
   * in the team's currency: `totalCents` and `chargeCents` include it. null: no country named.
   */
  landed?: LandedCost | null;
  /** The quote a dry run wrote to hold its total (a conversion or an estimate of import charges). */
  held?: { id: string; expiresAt: Date } | null;
};

export function priceQuote(input: {
  livemode: boolean;
  gifts: number;
  collection: { id: number; name: string; priceCents: number };
}): PriceQuote {
  const perGift = giftPrice(input.collection);
  const totalCents = perGift.totalCents * input.gifts;
  return {
    livemode: input.livemode,
    gifts: input.gifts,
    collection: { id: input.collection.id, name: input.collection.name },
    perGift,
    totalCents,
    chargeCents: input.livemode ? totalCents : 0,
  };
}
