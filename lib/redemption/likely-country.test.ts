import { describe, expect, test } from "vitest";
import { acceptedRegions } from "@/lib/i18n";
import { likelyCountry } from "./likely-country";

describe("the address form's first country", () => {
  test("the browser's region (any ISO 3166-1 country), else the page language's country, else none", () => {
    expect(likelyCountry("en", "en-GB,en;q=0.9")).toBe("GB");
    expect(likelyCountry("ar", "en-US")).toBe("US");
    expect(likelyCountry("fr", "fr-BE,fr;q=0.9,en-CA;q=0.8")).toBe("BE");
    // Any country of ISO 3166-1, whatever the catalogue reaches (the page then offers what reaches it).
    expect(likelyCountry("de", "de-AT")).toBe("AT");
    expect(likelyCountry("en", "pt-BR,pt;q=0.9")).toBe("BR");
    // A region that is no country (419: Latin America) is skipped.
    expect(likelyCountry("es", "es-419")).toBe("ES");
    expect(likelyCountry("ja", null)).toBe("JP");
    expect(likelyCountry("en", "en")).toBe("");
    expect(likelyCountry("ar", "ar")).toBe("");
  });

  test("weights decide, q=0 refuses, and a hostile header is harmless", () => {
    expect(acceptedRegions("en-US;q=0.5, en-GB")).toEqual(["GB", "US"]);
    expect(acceptedRegions("en-GB;q=0, en-IE")).toEqual(["IE"]);
    expect(acceptedRegions("zh-Hant-TW")).toEqual(["TW"]);
    expect(acceptedRegions("<script>-GB, ;;;, de;q=abc")).toEqual([]);
    expect(acceptedRegions("x".repeat(100_000))).toEqual([]);
    expect(acceptedRegions(`${"en-GB;q=0.1,".repeat(5000)}en-US`)).toEqual(["GB"]);
    expect(likelyCountry("en", "en-ZZ, en-__, en-GB")).toBe("GB");
  });
});
