import { COUNTRY_CODES, isCountryCode } from "@/lib/format/countries";
import { countryNameIn } from "@/lib/format/locale";
import ADDRESS_METADATA from "./address-metadata.json";

/**
 * Which address fields each country uses, what they are called, which are required, what a
 * postal code looks like and in which order a label prints them: Google's address metadata
 * (libaddressinput's, the data behind Chrome's and Android's address forms), the fields we read of
 * every ISO 3166-1 country, in the metadata's documented format (`fmt`, `require`, `zip`, the name
 * types), in ./address-metadata.json. The untie form and the server read the same rules from here.
 */

/**
 * The countries an address may be in: every ISO 3166-1 code (lib/format/countries.ts). Whether a
 * present can go there is the product's own `shipsTo` (lib/catalogue/ships-to.ts), checked by the
 * redemption; the address form's rules for each come from ./address-metadata.json (every code has
 * a record: lib/redemption/address-format.test.ts).
 */
export const ADDRESS_COUNTRIES = COUNTRY_CODES;

export type CountryCode = string;

type Metadata = {
  fmt?: string;
  lfmt?: string;
  require?: string;
  zip?: string;
  zipex?: string;
  zip_name_type?: string;
  state_name_type?: string;
  locality_name_type?: string;
};
const METADATA: Partial<Record<string, Metadata>> = ADDRESS_METADATA;
// The metadata's defaults for what a country leaves out.
const DEFAULTS = {
  fmt: "%N%n%O%n%A%n%C",
  require: "AC",
  zip_name_type: "postal",
  state_name_type: "province",
  locality_name_type: "city",
};

/** A country's English name (Intl's: "Brazil"), for the sender's words and the warehouse's label. */
export const countryName = (code: string) => countryNameIn(code, "en");

export { isCountryCode };

/** `type`: Google's name type ("zip", "post_town"; "anyCity"/"anyRegion" before a country is chosen), the key of its words in lib/i18n's catalogues. */
export type FieldRule = { label: string; required: boolean; type: string };
export type PostalRule = FieldRule & { pattern: RegExp | null; example: string | null };

/** The fields of an address that change with the country; null: the country does not use it. */
export type CountryAddressRules = { city: FieldRule | null; region: FieldRule | null; postalCode: PostalRule | null };

// Google's name types, as a label.
const NAMES: Record<string, string> = {
  zip: "ZIP code",
  postal: "Postal code",
  eircode: "Eircode",
  pin: "PIN code",
  post_town: "Post town",
  do_si: "Do/Si",
};
const label = (type: string) => NAMES[type] ?? type.charAt(0).toUpperCase() + type.slice(1).replaceAll("_", " ");

/** Before a country is chosen (and for the form without JavaScript): every field, generic labels. */
export const ANY_COUNTRY: CountryAddressRules = {
  city: { label: "Town or city", required: true, type: "anyCity" },
  region: { label: "State, province or region", required: false, type: "anyRegion" },
  postalCode: { label: "Postal code", required: true, type: "postal", pattern: null, example: null },
};

export function addressRules(country: string): CountryAddressRules {
  if (!isCountryCode(country)) return ANY_COUNTRY;
  const data = { ...DEFAULTS, ...METADATA[country] };
  // %C city, %S state/province, %Z postal code: used when in the format, required when in `require`.
  const rule = (letter: string, type: string): FieldRule | null =>
    data.fmt.includes(`%${letter}`) ? { label: label(type), required: data.require.includes(letter), type } : null;
  const postal = rule("Z", data.zip_name_type);
  return {
    city: rule("C", data.locality_name_type),
    region: rule("S", data.state_name_type),
    postalCode: postal && {
      ...postal,
      pattern: data.zip ? new RegExp(`^(?:${data.zip})$`) : null,
      example: data.zipex?.split(",")[0] ?? null,
    },
  };
}

type AddressText = {
  fullName: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
};

/** An address as the country writes it in Latin script (its `lfmt`, else `fmt`), one line each, the country last (labels, the warehouse). */
export function formatAddressLines(address: AddressText): string[] {
  const record = isCountryCode(address.country) ? METADATA[address.country] : undefined;
  const fmt = record ? (record.lfmt ?? record.fmt ?? DEFAULTS.fmt) : DEFAULTS.fmt + "%n%S %Z";
  const fields: Record<string, string> = {
    N: address.fullName,
    O: "",
    A: [address.line1, address.line2].filter(Boolean).join("\n"),
    C: address.city,
    S: address.region,
    Z: address.postalCode,
    D: "",
    X: "",
  };
  const text = fmt.replace(/%([A-Zn])/g, (_, letter: string) => (letter === "n" ? "\n" : (fields[letter] ?? "")));
  // Separators left beside an empty field ("Springfield, ", "〒") go with it.
  const lines = text
    .split("\n")
    .map((line) => line.replace(/^[\s,〒]+|[\s,]+$/g, "").replace(/\s{2,}/g, " "))
    .filter(Boolean);
  return [...lines, countryName(address.country)];
}
