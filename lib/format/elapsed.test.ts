import { describe, expect, it } from "vitest";
import { formatElapsed } from "./elapsed";

describe("formatElapsed", () => {
  it("reads at a glance, rounded down to the minute", () => {
    expect(formatElapsed(0)).toBe("under a minute");
    expect(formatElapsed(59)).toBe("under a minute");
    expect(formatElapsed(45 * 60 + 59)).toBe("45 min");
    expect(formatElapsed(4 * 3600)).toBe("4 h");
    expect(formatElapsed(4 * 3600 + 10 * 60)).toBe("4 h 10 min");
    expect(formatElapsed(2 * 86400 + 3 * 3600 + 59)).toBe("2 d 3 h");
    expect(formatElapsed(3 * 86400)).toBe("3 d");
    expect(formatElapsed(-5)).toBe("under a minute");
  });
});
