import { describe, expect, it } from "vitest";
import { describeReminder, parseDuration } from "./duration";

describe("reminders in words", () => {
  it("says a duration as people do, after sending or before expiry", () => {
    expect(describeReminder("P3D")).toBe("3 days after sending");
    expect(describeReminder("P1D")).toBe("1 day after sending");
    expect(describeReminder("-P2D")).toBe("2 days before expiry");
    expect(describeReminder("PT12H")).toBe("12 hours after sending");
    expect(describeReminder("P1DT6H30M")).toBe("1 day 6 hours 30 minutes after sending");
    expect(describeReminder("P2W")).toBe("2 weeks after sending");
    expect(describeReminder("P14D")).toBe("2 weeks after sending");
    expect(describeReminder("P7D")).toBe("7 days after sending");
    expect(describeReminder("P1W")).toBe("7 days after sending");
  });

  it("leaves what is no duration as it is (a stored value is never hidden)", () => {
    expect(describeReminder("P2Q")).toBe("P2Q");
    expect(parseDuration("P0D")).toBeNull();
    expect(describeReminder("P0D")).toBe("P0D");
  });
});
