import { describe, expect, it } from "vitest";
import { addressLines } from "./address";
import { addressRules } from "./address-format";
import ADDRESS_METADATA from "./address-metadata.json";
import { COUNTRY_CODES } from "@/lib/format/countries";
import { addressSchema, fieldErrors, redemptionFromForm, redemptionSchema } from "./schema";

const base = {
  fullName: "Kim Lee",
  line1: "1 Main Street",
  city: "Springfield",
  region: "Somewhere",
  email: "kim@example.test",
};
const check = (country: string, postalCode: string, extra: Record<string, string> = {}) =>
  addressSchema.safeParse({ ...base, country, postalCode, ...extra });

describe("the address schema", () => {
  it.each([
    ["US", ["94103", "94103-1234"], ["9410", "ABCDE", "94103-12", "941031234"]],
    ["CA", ["K1A 0B1", "k1a0b1", "H3Z 2Y7"], ["K1A 0B", "D1A 0B1", "12345", "K1A-0B1"]],
    ["GB", ["SW1A 1AA", "sw1a1aa", "M1 1AE", "EC1A 1BB", "GIR 0AA"], ["SW1A", "12345", "SW1A 1A"]],
    ["DE", ["10115", "80331"], ["1011", "101155", "D-10115"]],
    ["FR", ["75001", "13008", "75 001"], ["7500", "750011", "A5001"]],
    ["NL", ["1012 AB", "1012ab"], ["0123 AB", "1012 A", "10123"]],
    ["AU", ["2000", "0800"], ["200", "20000", "NSW 2000"]],
    ["JP", ["100-0001", "1000001"], ["1000", "100-00011", "ABC-DEFG"]],
  ])("%s postal codes", (country, good, bad) => {
    for (const code of good) expect(check(country, code).success, `${country} ${code}`).toBe(true);
    for (const code of bad) {
      const result = check(country, code);
      expect(result.success, `${country} ${code}`).toBe(false);
      expect(fieldErrors(result.error!)["postalCode"]).toMatch(/^Enter a valid/);
    }
  });

  it("normalises postal codes to upper case and trims every field", () => {
    const result = addressSchema.parse({ ...base, fullName: "  Kim  ", country: "CA", postalCode: " k1a 0b1 " });
    expect(result).toMatchObject({ fullName: "Kim", postalCode: "K1A 0B1", line2: "", phone: "" });
  });

  it("needs a state, province or prefecture where the country's addresses have one", () => {
    for (const [country, postalCode, word] of [
      ["US", "94103", "state"],
      ["CA", "K1A 0B1", "province"],
      ["AU", "2000", "state"],
      ["ES", "28001", "province"],
      ["JP", "100-0001", "prefecture"],
    ]) {
      expect(fieldErrors(check(country, postalCode, { region: "" }).error!).region).toBe(`Enter your ${word}`);
    }
    expect(check("GB", "SW1A 1AA", { region: "" }).success).toBe(true);
    expect(check("IE", "", { region: "" }).success).toBe(true); // county and Eircode are optional in Ireland
  });

  it("follows the country's fields: names, required ones, and drops the ones it doesn't use", () => {
    expect(addressRules("US")).toMatchObject({
      city: { label: "City", required: true },
      region: { label: "State", required: true },
      postalCode: { label: "ZIP code", required: true, example: "95014" },
    });
    expect(addressRules("GB")).toMatchObject({
      city: { label: "Post town", required: true },
      region: null,
      postalCode: { label: "Postal code" },
    });
    expect(addressRules("AU")).toMatchObject({ city: { label: "Suburb" }, region: { label: "State" } });
    expect(addressRules("JP")).toMatchObject({ city: null, region: { label: "Prefecture", required: true } });
    expect(addressRules("IE")).toMatchObject({
      region: { label: "County", required: false },
      postalCode: { label: "Eircode", required: false },
    });
    expect(fieldErrors(check("GB", "SW1A 1AA", { city: "" }).error!).city).toBe("Enter your post town");
    expect(fieldErrors(check("US", "9410").error!).postalCode).toBe(
      "Enter a valid ZIP code for United States, like 95014",
    );
    expect(fieldErrors(check("IE", "123").error!).postalCode).toBe("Enter a valid Eircode for Ireland, like A65 F4E2");
    // A German address has no state; a Japanese one no city field (it is part of the address lines).
    expect(addressSchema.parse({ ...base, country: "DE", postalCode: "10115", region: "Berlin" })).toMatchObject({
      region: "",
      city: "Springfield",
    });
    expect(
      addressSchema.parse({ ...base, country: "JP", postalCode: "100-0001", region: "Tokyo", city: "" }),
    ).toMatchObject({ city: "", region: "Tokyo" });
  });

  it("prints an address in the country's order", () => {
    const address = (country: string, postalCode: string, region = "") =>
      addressSchema.parse({ ...base, country, postalCode, region, line2: "Flat 2" });
    expect(addressLines(address("US", "62701", "IL"))).toEqual([
      "Kim Lee",
      "1 Main Street",
      "Flat 2",
      "Springfield, IL 62701",
      "United States",
    ]);
    expect(addressLines(address("DE", "10115"))).toEqual([
      "Kim Lee",
      "1 Main Street",
      "Flat 2",
      "10115 Springfield",
      "Germany",
    ]);
    expect(addressLines(address("GB", "SW1A 1AA"))).toEqual([
      "Kim Lee",
      "1 Main Street",
      "Flat 2",
      "Springfield",
      "SW1A 1AA",
      "United Kingdom",
    ]);
    expect(addressLines(address("JP", "100-0001", "Tokyo"))).toEqual([
      "Kim Lee",
      "1 Main Street",
      "Flat 2, Tokyo",
      "100-0001",
      "Japan",
    ]);
  });

  it("refuses countries we don't ship to, forged values and every problem at once", () => {
    expect(fieldErrors(check("ZZ", "123").error!)).toHaveProperty("country");
    expect(fieldErrors(check("us", "94103").error!)).toHaveProperty("country");
    const errors = fieldErrors(
      addressSchema.safeParse({ country: "US", postalCode: "1", fullName: 7, email: "x@" }).error!,
    );
    expect(Object.keys(errors).sort()).toEqual(["city", "email", "fullName", "line1", "postalCode", "region"]);
  });

  it("limits lengths and refuses control characters and bidirectional overrides", () => {
    expect(fieldErrors(check("DE", "10115", { fullName: "x".repeat(101) }).error!).fullName).toMatch(/at most 100/);
    expect(fieldErrors(check("DE", "10115", { email: `${"a".repeat(250)}@example.test` }).error!)).toHaveProperty(
      "email",
    );
    for (const evil of ["a\u0000b", "a\nb", "\u202egnp.exe", "a\u0085b"])
      expect(fieldErrors(check("DE", "10115", { line1: evil }).error!)).toHaveProperty("line1");
    expect(fieldErrors(check("DE", "10115", { phone: "<script>" }).error!)).toHaveProperty("phone");
    expect(
      check("DE", "10115", { phone: "+49 (30) 123-4567", line2: "Hinterhaus, 3. OG", fullName: "Zoë Ångström-Müller" })
        .success,
    ).toBe(true);
  });

  it("refuses what is not an address at all", () => {
    for (const value of [null, undefined, "1 Main Street", 42, [base], { ...base, country: ["US"] }])
      expect(addressSchema.safeParse(value).success).toBe(false);
  });

  it("takes every ISO 3166-1 country, each with its own address rules, and nothing else", () => {
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(249);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    // The snapshot of Google's metadata has a record for every code, and no other.
    expect(Object.keys(ADDRESS_METADATA).sort()).toEqual([...COUNTRY_CODES]);
    expect(check("BR", "01310-100", { region: "SP", city: "São Paulo" }).success).toBe(true);
    expect(fieldErrors(check("BR", "0131", { region: "SP" }).error!).postalCode).toMatch(/Brazil, like 40301-110/);
    for (const forged of ["ZZ", "UK", "EU", "br", "BRA", "", "AC", "__proto__", "toString"])
      expect(fieldErrors(check(forged, "10115").error!), forged).toHaveProperty("country");
  });
});

describe("the redemption form", () => {
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [k, v] of entries) data.append(k, v);
    return data;
  };

  it("takes a chosen variant's product when no product was ticked (no JavaScript), only when it is the only one", () => {
    expect(
      redemptionFromForm(
        form([
          ["variant_3", ""],
          ["variant_7", "12"],
        ]),
      ),
    ).toMatchObject({ productId: "7", variantId: "12" });
    expect(
      redemptionFromForm(
        form([
          ["productId", "3"],
          ["variant_3", "5"],
          ["variant_7", "12"],
        ]),
      ),
    ).toMatchObject({ productId: "3", variantId: "5" });
    expect(
      redemptionFromForm(
        form([
          ["variant_3", "5"],
          ["variant_7", "12"],
        ]),
      ),
    ).toMatchObject({ productId: "", variantId: null });
  });

  it("refuses a note over the limit with its length, never cuts it", () => {
    const result = redemptionSchema.safeParse({
      productId: 1,
      address: { ...base, country: "DE", postalCode: "10115" },
      thankYouNote: "x".repeat(5000),
    });
    expect(fieldErrors(result.error!).thankYouNote).toBe("Your note is 5,000 characters: shorten it to 500 or fewer");
  });
});

describe("the recipient's phone number", () => {
  const redemption = (country: string, phone: string, postalCode = "10115") =>
    redemptionSchema.safeParse({
      productId: "1",
      address: { ...base, region: { BR: "SP", US: "CA" }[country] ?? "", country, postalCode, phone },
    });

  it("is checked for the address's country and kept as E.164", () => {
    const ok = (country: string, phone: string, postalCode?: string) => {
      const parsed = redemption(country, phone, postalCode);
      expect(parsed.success, `${country} ${phone} ${JSON.stringify(parsed.error && fieldErrors(parsed.error))}`).toBe(
        true,
      );
      return parsed.success ? parsed.data.address.phone : null;
    };
    expect(ok("BR", "(11) 98765-4321", "01310-100")).toBe("+5511987654321");
    expect(ok("DE", "030 1234567")).toBe("+49301234567");
    expect(ok("US", "(650) 253-0000", "94103")).toBe("+16502530000");
    // Its own + country code wins: a recipient in Germany with a British mobile.
    expect(ok("DE", "+44 7400 123456")).toBe("+447400123456");
    expect(ok("AQ", "+44 7400 123456", "")).toBe("+447400123456");
    // None given: none stored.
    expect(ok("DE", "")).toBe("");
  });

  it("refuses a number that is none in that country, with a field error naming it", () => {
    for (const [country, phone, postal] of [
      ["BR", "1234567", "01310-100"],
      ["DE", "0000000", "10115"],
      ["US", "555-0100", "94103"],
      ["US", "+1 000 000 0000", "94103"],
      // A territory without a numbering plan of its own in the metadata: only + numbers.
      ["AQ", "12345678", ""],
    ]) {
      const parsed = redemption(country, phone, postal);
      expect(parsed.success, `${country} ${phone}`).toBe(false);
      expect(Object.keys(fieldErrors(parsed.error!)), `${country} ${phone}`).toEqual(["address.phone"]);
      expect(fieldErrors(parsed.error!)["address.phone"]).toMatch(/^Enter a phone number that works in /);
    }
  });

  it("shows the phone's problem together with every other one", () => {
    const parsed = redemptionSchema.safeParse({
      productId: "1",
      address: { country: "JP", phone: "12345678", email: "" },
    });
    expect(fieldErrors(parsed.error!)["address.phone"]).toMatch(/works in Japan/);
  });

  it("reads back addresses stored before the check (the lenient schema)", () => {
    expect(
      addressSchema.safeParse({ ...base, country: "US", postalCode: "94103", region: "CA", phone: "555-0100" }).success,
    ).toBe(true);
  });
});
