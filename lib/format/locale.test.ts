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
