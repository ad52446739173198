import { describe, expect, it } from "vitest";
import {
  convertMinor,
  crossRate,
  currencyCode,
  displayMoney,
  formatMoney,
  parseMoney,
  parseRate,
  rateString,
  UNIT_RATE,
} from "./money";

describe("money", () => {
  it("keeps the wire's plain digits, and says money to people as Intl does, the sign and thousands grouped", () => {
    expect(formatMoney(32_000_000)).toBe("320000.00");
    for (const [cents, shown] of [
      [0, "$0.00"],
      [5, "$0.05"],
      [99_999, "$999.99"],
      [100_000, "$1,000.00"],
      [32_000_000, "$320,000.00"],
      [123_456_789_01, "$123,456,789.01"],
      [-1_234_500, "-$12,345.00"],
    ] as const)
      expect(displayMoney(cents)).toBe(shown);
  });
});

describe("money in any currency (ISO 4217 minor units, half to even)", () => {
  it("writes each currency with its own minor digits, and reads amounts people type in it", () => {
    expect(formatMoney(2500, "USD")).toBe("25.00");
    expect(formatMoney(2500, "EUR")).toBe("25.00");
    expect(formatMoney(2500, "JPY")).toBe("2500");
    expect(formatMoney(1250, "KWD")).toBe("1.250");
    expect(formatMoney(-5, "EUR")).toBe("-0.05");
    expect(formatMoney(-5, "JPY")).toBe("-5");
    expect(parseMoney("25.5", "EUR")).toBe(2550);
    expect(parseMoney("2500", "JPY")).toBe(2500);
    for (const bad of ["25.5", "-1", "1e3", "", " 1", "0x10", "1,000", "9999999999"])
      expect(parseMoney(bad, "JPY"), bad).toBeNull();
    expect(parseMoney("1.001", "USD")).toBeNull();
    expect(() => formatMoney(1.5, "USD")).toThrow();
    expect(() => formatMoney(1, "XYZ")).toThrow(/Unknown currency/);
    expect(currencyCode("eur")).toBe("EUR");
    expect(currencyCode("EURO")).toBeNull();
    expect(currencyCode("__proto__")).toBeNull();
    expect(currencyCode("toString".slice(0, 3))).toBeNull();
  });

  it("says money to people in their locale with Intl, in the currency's own digits", () => {
    expect(displayMoney(250_000, "JPY")).toBe("¥250,000");
    expect(displayMoney(2_500, "EUR")).toBe("€25.00");
    expect(displayMoney(2_500, "EUR", "de")).toBe("25,00\u00a0€");
  });

  it("reads rates as exact decimals and refuses zero, negative and float-looking ones", () => {
    expect(parseRate("1.0163")).toEqual({ amount: 10163n, scale: 4 });
    expect(rateString(parseRate("138.05")!)).toBe("138.05");
    for (const bad of ["0", "0.0000", "-1.2", "1e3", "NaN", "Infinity", "", "1.", ".5", "1.0000000000001", 1.2])
      expect(parseRate(bad), String(bad)).toBeNull();
  });

  it("crosses rates through the euro to 10 digits, half to even, and converts once to the target's minor unit", () => {
    const usd = parseRate("1.0163")!; // the snapshot's USD per EUR
    const jpy = parseRate("138.05")!;
    const eur = parseRate("1")!;
    expect(rateString(crossRate(usd, eur))).toBe("0.9839614287"); // 0.98396142871199…
    expect(rateString(crossRate(usd, jpy))).toBe("135.8358752337"); // 135.83587523369…
    expect(convertMinor(4800, "USD", "EUR", crossRate(usd, eur))).toBe(4723); // 4723.0148… cents
    expect(convertMinor(4800, "USD", "JPY", crossRate(usd, jpy))).toBe(6520); // ¥6520.122…
    expect(convertMinor(6520, "JPY", "USD", crossRate(jpy, usd))).toBe(4800); // $47.9997… → 4800 cents
    // At exactly a half: to the even neighbour.
    const half = { amount: 5n, scale: 1 };
    expect(convertMinor(1, "USD", "EUR", half)).toBe(0); // 0.5 → 0
    expect(convertMinor(3, "USD", "EUR", half)).toBe(2); // 1.5 → 2
    expect(convertMinor(5, "USD", "EUR", half)).toBe(2); // 2.5 → 2
    expect(convertMinor(-3, "USD", "EUR", half)).toBe(-2); // -1.5 → -2
    expect(convertMinor(150, "USD", "JPY", { amount: 1n, scale: 0 })).toBe(2); // $1.50 → ¥1.5 → ¥2
    expect(convertMinor(250, "USD", "JPY", { amount: 1n, scale: 0 })).toBe(2); // $2.50 → ¥2.5 → ¥2
    // No float anywhere: a price a float would get wrong (0.1 + 0.2) stays exact.
    expect(convertMinor(30, "EUR", "USD", { amount: 1n, scale: 0 })).toBe(30);
    expect(crossRate(usd, usd)).toBe(UNIT_RATE);
  });
});
