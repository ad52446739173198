import { describe, expect, it } from "vitest";
import { relativeTime, utcMinute } from "./relative-time";

const now = new Date("2026-11-24T12:00:00.000Z");
const at = (ms: number) => new Date(now.getTime() + ms);
const MIN = 60_000;
const HOUR = 60 * MIN;

describe("relativeTime", () => {
  it("says how long ago, in whole units rounded down", () => {
    expect(relativeTime(now, now)).toBe("just now");
    expect(relativeTime(at(-59_999), now)).toBe("just now");
    expect(relativeTime(at(-MIN), now)).toBe("1 minute ago");
    expect(relativeTime(at(-3 * MIN - 59_000), now)).toBe("3 minutes ago");
    expect(relativeTime(at(-HOUR), now)).toBe("1 hour ago");
    expect(relativeTime(at(-25 * HOUR), now)).toBe("1 day ago");
    expect(relativeTime(at(-400 * 24 * HOUR), now)).toBe("400 days ago");
  });

  it("says how long until, never promising more time than is left", () => {
    expect(relativeTime(at(1), now)).toBe("in less than a minute");
    expect(relativeTime(at(24 * HOUR - 1), now)).toBe("in 23 hours");
    expect(relativeTime(at(24 * HOUR), now)).toBe("in 1 day");
    expect(relativeTime(at(90 * MIN), now)).toBe("in 1 hour");
    expect(relativeTime(at(2 * MIN), now)).toBe("in 2 minutes");
  });
});

describe("utcMinute", () => {
  it("names the instant in UTC to the minute", () => {
    expect(utcMinute(new Date("2026-11-24T01:02:59.999Z"))).toBe("2026-11-24 01:02 UTC");
  });
});
