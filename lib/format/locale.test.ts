import { expect, test } from "vitest";
import { countryNameIn, localNumber, localPrice, longDate } from "./locale";

const day = new Date("2027-01-15T00:00:00Z");

test("dates in each locale's own order and words, on the UTC day", () => {
  expect(longDate(day, "en")).toBe("15 January 2027");
  expect(longDate(day, "es")).toBe("15 de enero de 2027");
  expect(longDate(day, "fr")).toBe("15 janvier 2027");
  expect(longDate(day, "de")).toBe("15. Januar 2027");
  expect(longDate(day, "ja")).toBe("2027年1月15日");
  expect(longDate(day, "ar")).toMatch(/يناير/);
  // Just before midnight UTC is still that day, whatever the server's zone.
  expect(longDate(new Date("2027-01-15T23:59:59Z"), "en")).toBe("15 January 2027");
});

test("prices and counts with the locale's separators and currency sign", () => {
  expect(localPrice(123456, "USD", "en")).toBe("$1,234.56");
  expect(localPrice(123456, "USD", "de")).toBe("1.234,56\u00a0$");
  expect(localPrice(123456, "USD", "fr")).toMatch(/^1\s234,56\s\$US$/);
  expect(localPrice(123456, "USD", "ja")).toBe("$1,234.56");
  expect(localPrice(123456, "USD", "ar")).toMatch(/US\$|\$/);
  expect(localNumber(1234, "de")).toBe("1.234");
});

test("country names in the locale", () => {
  expect(countryNameIn("DE", "en")).toBe("Germany");
  expect(countryNameIn("DE", "es")).toBe("Alemania");
  expect(countryNameIn("DE", "ja")).toBe("ドイツ");
  expect(countryNameIn("JP", "ar")).toBe("اليابان");
  expect(countryNameIn("not a code", "fr")).toBe("not a code");
});

test("the kept formatters give each call its own value, and strange input is formatted or refused as before", () => {
  // The same locale's formatter, reused: each call still formats its own date and price.
  expect(longDate(new Date("2027-03-02T00:00:00Z"), "fr")).toBe("2 mars 2027");
  expect(longDate(day, "fr")).toBe("15 janvier 2027");
  expect(localPrice(100, "EUR", "de")).toBe("1,00\u00a0€");
  expect(localPrice(100, "USD", "de")).toBe("1,00\u00a0$");
  // Hostile: a locale the site doesn't have (not kept, still formatted as Intl does), a currency Intl refuses.
  expect(longDate(day, "en-US" as never)).toBe("January 15, 2027");
  expect(() => longDate(day, "not a locale!" as never)).toThrow(RangeError);
  expect(() => localPrice(100, "DOLLARS", "en")).toThrow(RangeError);
  expect(() => localPrice(100, "DOLLARS", "en")).toThrow(RangeError);
  // Many currencies (hostile data): every one is right, kept or not.
  for (let i = 0; i < 100; i++) {
    const code = `X${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`;
    expect(localPrice(100, code, "en")).toBe(
      new Intl.NumberFormat("en", { style: "currency", currency: code }).format(1),
    );
  }
  expect(localPrice(100, "USD", "en")).toBe("$1.00");
});
