import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  formatDay,
  formatInZone,
  formatInZoneToSecond,
  instantInZone,
  isTimeZone,
} from "./time-zone";
import { timeZoneChoices } from "./time-zone-choices";

const at = (local: string, zone: string) => instantInZone(local, zone)?.toISOString() ?? null;

describe("a wall-clock time in a time zone", () => {
  it("is the instant it names there, with the zone's offset on that day (DST included)", () => {
    expect(at("2030-01-15T09:00", "America/New_York")).toBe("2030-01-15T14:00:00.000Z"); // EST, -5
    expect(at("2030-07-15T09:00", "America/New_York")).toBe("2030-07-15T13:00:00.000Z"); // EDT, -4
    expect(at("2030-07-15T09:00:30", "Europe/London")).toBe("2030-07-15T08:00:30.000Z");
    expect(at("2030-01-01T00:00", "Asia/Kolkata")).toBe("2029-12-31T18:30:00.000Z");
    expect(at("2030-07-15T09:00", "Australia/Sydney")).toBe("2030-07-14T23:00:00.000Z"); // winter there, +10
    expect(at("2030-07-15T09:00", "UTC")).toBe("2030-07-15T09:00:00.000Z");
  });

  it("at the spring-forward boundary: the last minute before, the skipped hour moved forward, the first minute after", () => {
    // New York, 10 March 2030: 02:00 EST becomes 03:00 EDT.
    expect(at("2030-03-10T01:59", "America/New_York")).toBe("2030-03-10T06:59:00.000Z");
    expect(at("2030-03-10T02:30", "America/New_York")).toBe("2030-03-10T07:30:00.000Z"); // = 03:30 EDT
    expect(at("2030-03-10T03:00", "America/New_York")).toBe("2030-03-10T07:00:00.000Z");
  });

  it("in the hour that happens twice (fall back), the first of the two", () => {
    // New York, 3 November 2030: 02:00 EDT becomes 01:00 EST; 01:30 happens at 05:30Z and 06:30Z.
    expect(at("2030-11-03T01:30", "America/New_York")).toBe("2030-11-03T05:30:00.000Z");
    expect(at("2030-11-03T02:30", "America/New_York")).toBe("2030-11-03T07:30:00.000Z");
  });

  it("is nothing for a time that isn't real or a zone that isn't one", () => {
    for (const local of [
      "2030-02-29T09:00",
      "2030-13-01T09:00",
      "2030-01-01T24:00",
      "2030-01-01T09:60",
      "2030-01-01",
      "x",
    ])
      expect(at(local, "UTC")).toBeNull();
    expect(at("2030-01-01T09:00", "Mars/Olympus_Mons")).toBeNull();
  });
});

describe("isTimeZone", () => {
  it("takes IANA names the server knows, old aliases included", () => {
    for (const zone of [
      "UTC",
      "Europe/London",
      "America/Argentina/Buenos_Aires",
      "Etc/GMT+5",
      "US/Eastern",
      "Asia/Calcutta",
    ])
      expect(isTimeZone(zone), zone).toBe(true);
  });

  it("refuses forged values: offsets, paths, unknown names, markup, prototype keys, huge strings", () => {
    for (const zone of [
      "",
      "+05:00",
      "-0800",
      "GMT+5",
      "Mars/Olympus_Mons",
      "../../etc/passwd",
      "Europe/London/../../x",
      "Europe/London\u0000",
      "<script>alert(1)</script>",
      "__proto__",
      "constructor",
      "Europe/London ",
      `America/${"A".repeat(10_000)}`,
    ])
      expect(isTimeZone(zone), zone).toBe(false);
  });
});

describe("formatInZone", () => {
  it("reads the instant as the sender does, the zone named", () => {
    expect(formatInZone(new Date("2030-07-15T13:00:00Z"), "America/New_York")).toBe(
      "Mon, 15 Jul 2030, 09:00 America/New_York",
    );
  });

  it("reuses one formatter a zone: the same text as toLocaleString, across DST, minutes and seconds apart", () => {
    const options = {
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    } as const;
    for (const zone of ["UTC", "Europe/London", "America/New_York", "Australia/Lord_Howe"])
      for (let at = Date.UTC(2030, 0, 1); at < Date.UTC(2031, 0, 1); at += 86_400_000 * 3 + 3_607_001) {
        const instant = new Date(at);
        expect(formatInZone(instant, zone)).toBe(
          `${instant.toLocaleString("en-GB", { ...options, timeZone: zone })} ${zone}`,
        );
        expect(formatInZoneToSecond(instant, zone)).toBe(
          `${instant.toLocaleString("en-GB", { ...options, second: "2-digit", timeZone: zone })} ${zone}`,
        );
      }
  });

  it("refuses a zone that is none, every time (a failed zone is not remembered as a formatter)", () => {
    for (let i = 0; i < 2; i++) expect(() => formatInZone(new Date(), "Not/AZone")).toThrow(RangeError);
    expect(() => formatInZoneToSecond(new Date(), "x".repeat(10_000))).toThrow(RangeError);
  });
});

describe("today's names", () => {
  it("answers today's IANA name where ICU still answers an old one, and keeps every other name", () => {
    expect(canonicalTimeZone("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(canonicalTimeZone("asia/calcutta")).toBe("Asia/Kolkata");
    expect(canonicalTimeZone("Europe/Kiev")).toBe("Europe/Kyiv");
    expect(canonicalTimeZone("America/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
    expect(canonicalTimeZone("europe/paris")).toBe("Europe/Paris");
    expect(canonicalTimeZone("Mars/Olympus_Mons")).toBeNull();
  });

  it("offers one choice per zone group under today's name, UTC first, and maps the group's other names to it", () => {
    const { choices, sameAs } = timeZoneChoices();
    const names = choices.map((c) => c.name);
    expect(names[0]).toBe("UTC");
    expect(names).toContain("Asia/Kolkata");
    expect(names).toContain("Europe/Kyiv");
    expect(names).not.toContain("Asia/Calcutta");
    expect(names).not.toContain("Europe/Kiev");
    expect(new Set(names).size).toBe(names.length);
    // Every choice is a zone the server takes, under the very name the server stores.
    expect(names.filter((n) => canonicalTimeZone(n) !== n)).toEqual([]);
    expect(sameAs["Asia/Calcutta"]).toBe("Asia/Kolkata");
    expect(choices.find((c) => c.name === "Asia/Kolkata")?.label).toMatch(
      /^UTC\+05:30 India Time: .*Mumbai.*\(Asia\/Kolkata\)$/,
    );
  });
});

describe("a calendar date for people", () => {
  it("reads as the pages' instants do, its day whatever the server's zone", () => {
    expect(formatDay(new Date("2030-06-30"))).toBe("Sun, 30 Jun 2030");
    expect(formatDay(new Date("2026-12-02T00:00:00Z"))).toBe("Wed, 2 Dec 2026");
  });
});
