import { describe, expect, it } from "vitest";
import { addressSchema, fieldErrors, SHIP_TO_COUNTRIES } from "./schema";

const base = { fullName: "Kim Lee", line1: "1 Main Street", city: "Springfield", region: "Somewhere", email: "kim@example.test" };
const check = (country: string, postalCode: string, extra: Record<string, string> = {}) => addressSchema.safeParse({ ...base, country, postalCode, ...extra });

describe("the address schema", () => {
  it.each([
    ["US", ["94103", "94103-1234"], ["9410", "ABCDE", "94103-12", "941031234"]],
    ["CA", ["K1A 0B1", "k1a0b1", "H3Z 2Y7"], ["K1A 0B", "D1A 0B1", "12345", "K1A-0B1"]],
    ["GB", ["SW1A 1AA", "sw1a1aa", "M1 1AE", "EC1A 1BB", "GIR 0AA"], ["SW1A", "12345", "SW1A 1A"]],
    ["DE", ["10115", "80331"], ["1011", "101155", "D-10115"]],
    ["FR", ["75001", "13008"], ["7500", "750011", "75 001"]],
    ["NL", ["1012 AB", "1012ab"], ["0123 AB", "1012 A", "10123"]],
    ["AU", ["2000", "0800"], ["200", "20000", "NSW 2000"]],
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

  it("needs a state or province in the US, Canada and Australia only", () => {
    for (const [country, postalCode] of [["US", "94103"], ["CA", "K1A 0B1"], ["AU", "2000"]]) {
      expect(fieldErrors(check(country, postalCode, { region: "" }).error!)).toHaveProperty("region");
    }
    expect(check("GB", "SW1A 1AA", { region: "" }).success).toBe(true);
  });

  it("refuses countries we don't ship to, forged values and every problem at once", () => {
    expect(fieldErrors(check("ZZ", "123").error!)).toHaveProperty("country");
    expect(fieldErrors(check("us", "94103").error!)).toHaveProperty("country");
    const errors = fieldErrors(addressSchema.safeParse({ country: "US", postalCode: "1", fullName: 7, email: "x@" }).error!);
    expect(Object.keys(errors).sort()).toEqual(["city", "email", "fullName", "line1", "postalCode", "region"]);
  });

  it("limits lengths and refuses control characters and bidirectional overrides", () => {
    expect(fieldErrors(check("DE", "10115", { fullName: "x".repeat(101) }).error!).fullName).toMatch(/at most 100/);
    expect(fieldErrors(check("DE", "10115", { email: `${"a".repeat(250)}@example.test` }).error!)).toHaveProperty("email");
    for (const evil of ["a\u0000b", "a\nb", "\u202egnp.exe", "a\u0085b"]) expect(fieldErrors(check("DE", "10115", { line1: evil }).error!)).toHaveProperty("line1");
    expect(fieldErrors(check("DE", "10115", { phone: "<script>" }).error!)).toHaveProperty("phone");
    expect(check("DE", "10115", { phone: "+49 (30) 123-4567", line2: "Hinterhaus, 3. OG", fullName: "Zoë Ångström-Müller" }).success).toBe(true);
  });

  it("refuses what is not an address at all", () => {
    for (const value of [null, undefined, "1 Main Street", 42, [base], { ...base, country: ["US"] }]) expect(addressSchema.safeParse(value).success).toBe(false);
  });

  it("lists each country we ship to once", () => {
    expect(new Set(SHIP_TO_COUNTRIES.map((c) => c.code)).size).toBe(SHIP_TO_COUNTRIES.length);
  });
});
