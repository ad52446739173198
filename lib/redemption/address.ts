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
