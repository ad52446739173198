import { countryName, type Address } from "./schema";

/** All of the address the sender sees (API, emails): the full address is for fulfilment only. */
export type SenderAddress = { city: string; region: string | null; country: string };

export function senderAddress(address: Address): SenderAddress {
  return { city: address.city, region: address.region || null, country: address.country };
}

/** "Springfield, IL, United States" */
export const destination = (address: Address) => [address.city, address.region, countryName(address.country)].filter(Boolean).join(", ");

/** The full address as a label, one line each (for the recipient and the warehouse). */
export function addressLines(address: Address): string[] {
  return [
    address.fullName,
    address.line1,
    address.line2,
    // "Springfield, IL 62701" where the region comes first, "75001 Paris" elsewhere.
    ["US", "CA", "AU"].includes(address.country)
      ? `${address.city}, ${[address.region, address.postalCode].filter(Boolean).join(" ")}`
      : [address.postalCode, address.city, address.region].filter(Boolean).join(" "),
    countryName(address.country),
  ].filter(Boolean);
}
