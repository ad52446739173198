import { describe, expect, test } from "vitest";
import { acceptedLocales } from "./accept-language";
import { emailLocale, resolveLocale } from "./resolve";

describe("resolveLocale", () => {
  test("the recipient's choice, else the gift's locale, else the browser's, else English", () => {
    expect(resolveLocale({ chosen: "ja", gift: "es", acceptLanguage: "de" })).toBe("ja");
    expect(resolveLocale({ chosen: null, gift: "es", acceptLanguage: "de" })).toBe("es");
    expect(resolveLocale({ gift: null, acceptLanguage: "de-DE,de;q=0.9" })).toBe("de");
    expect(resolveLocale({})).toBe("en");
    expect(resolveLocale({ acceptLanguage: "pt-BR,pt;q=0.9" })).toBe("en");
  });

  test("an unknown or forged cookie or gift locale is ignored", () => {
    expect(resolveLocale({ chosen: "xx", gift: "fr" })).toBe("fr");
    expect(resolveLocale({ chosen: "__proto__", gift: "constructor", acceptLanguage: "ar" })).toBe("ar");
    expect(resolveLocale({ chosen: "ES", gift: "en-US" })).toBe("en");
  });

  test("emails use the gift's locale, else English", () => {
    expect(emailLocale("ar")).toBe("ar");
    expect(emailLocale(null)).toBe("en");
    expect(emailLocale("klingon")).toBe("en");
  });
});

describe("acceptedLocales", () => {
  test("orders by q-value, then by the header's order", () => {
    expect(acceptedLocales("en;q=0.5, fr;q=0.8, de")).toEqual(["de", "fr", "en"]);
    expect(acceptedLocales("es, ja")).toEqual(["es", "ja"]);
    expect(acceptedLocales("ja;q=0.9,ar;q=0.9")).toEqual(["ja", "ar"]);
    expect(acceptedLocales("fr-CA;Q=0.7, zh-Hant-TW, ES-mx;q=0.8")).toEqual(["es", "fr"]);
  });

  test("q=0 refuses a language, even when another entry asks for it", () => {
    expect(acceptedLocales("de;q=0, de-AT, fr;q=0.1")).toEqual(["fr"]);
  });

  test("skips malformed entries and wildcards without throwing", () => {
    expect(acceptedLocales("*, es;q=abc, fr;q=2, ;;;, de;q=0.5;x=1, ja;q=0.25")).toEqual(["ja"]);
    expect(acceptedLocales("")).toEqual([]);
    expect(acceptedLocales(null)).toEqual([]);
    expect(acceptedLocales("\u0000\u202e<script>")).toEqual([]);
  });

  test("a huge header is cut, read in bounded time, and never throws", () => {
    const huge = `${"x-aaaaaaaa-".repeat(100_000)},de`;
    const started = performance.now();
    expect(acceptedLocales(huge)).toEqual([]);
    expect(acceptedLocales(`${"zz;q=0.1,".repeat(50_000)}de`)).toEqual([]);
    expect(acceptedLocales(`fr;q=0.5,${"a".repeat(1_000_000)}`)).toEqual(["fr"]);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
