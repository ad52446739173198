import { reaching } from "@/lib/catalogue/ships-to";
import { countryCodeOf } from "@/lib/format/countries";
import type { Locale } from "@/lib/i18n/locales";
import { likelyCountry } from "./likely-country";

/**
 * The country the untie page offers presents for: the recipient's own choice on the page (its
 * `?country=` GET form, so it works without JavaScript), else the country the sender named
 * (`recipient_country`), else the browser's (`pt-BR` → BR, lib/redemption/likely-country.ts),
 * else none. A forged or unknown `?country=` is ignored. The address's country still decides at
 * the redemption (lib/redemption/redeem.ts): this only decides what is offered.
 */
export function pageCountry(input: {
  asked: unknown;
  named: string | null;
  locale: Locale;
  acceptLanguage: string | null;
}): string {
  // A short string only: a query parameter is the recipient's (or anyone's) input.
  const asked = typeof input.asked === "string" && input.asked.length <= 8 ? countryCodeOf(input.asked) : null;
  return asked ?? input.named ?? likelyCountry(input.locale, input.acceptLanguage);
}

/**
 * What the page offers for `country`: the gift's own products that reach it and the swap products
 * that do. When none of its own reaches it, the swap products are the offer (`fallback`), and when
 * none of those either, the donation and "No thanks" are (`nothing`): never a dead end. Without a
 * country everything is shown, and the redemption checks the address's.
 */
export function offerFor<P extends { shipsTo: readonly string[] }>(
  products: P[],
  swapProducts: P[],
  country: string,
): { products: P[]; swapProducts: P[]; fallback: boolean; nothing: boolean } {
  if (country === "") return { products, swapProducts, fallback: false, nothing: false };
  const own = reaching(products, country);
  const swap = reaching(swapProducts, country);
  return {
    products: own,
    swapProducts: swap,
    fallback: own.length === 0,
    nothing: own.length === 0 && swap.length === 0,
  };
}
