import { describe, expect, it } from "vitest";
import { displayMoney, formatMoney } from "./money";

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
