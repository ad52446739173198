import { countryNameIn } from "@/lib/format/locale";
import type { Locale } from "@/lib/i18n/locales";
import { countryName, formatAddressLines } from "./address-format";
import type { Address } from "./schema";

/** All of the address the sender sees (API, emails): the full address is for fulfilment only. */
export type SenderAddress = { city: string; region: string | null; country: string };

export function senderAddress(address: Address): SenderAddress {
  return { city: address.city, region: address.region || null, country: address.country };
}

/** "Springfield, IL, United States" */
export const destination = (address: Address) =>
  [address.city, address.region, countryName(address.country)].filter(Boolean).join(", ");

/** The full address as a label, one line each, in the country's order (for the recipient and the warehouse). */
export const addressLines = (address: Address): string[] => formatAddressLines(address);

/** The address for its recipient: in the country's order, the country named in the recipient's language. */
export const addressLinesIn = (address: Address, locale: Locale): string[] => [
  ...formatAddressLines(address).slice(0, -1),
  countryNameIn(address.country, locale),
];
