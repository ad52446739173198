import { describe, expect, it } from "vitest";
import { addressLines } from "./address";
import { addressRules } from "./address-format";
import { addressSchema, fieldErrors, redemptionFromForm, redemptionSchema, SHIP_TO_COUNTRIES } from "./schema";

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

  it("lists each country we ship to once", () => {
    expect(new Set(SHIP_TO_COUNTRIES.map((c) => c.code)).size).toBe(SHIP_TO_COUNTRIES.length);
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
