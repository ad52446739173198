import { describe, expect, it } from "vitest";
import { closestName } from "./closest-name";

const NAMES = ["Coffee Lovers", "Tea Time", "Sweet Treats", "Cozy Night In"];

describe("the name a person most likely meant", () => {
  it("finds a typo's collection, whatever its case, and none for a name far from all", () => {
    expect(closestName("Cofee Lovers", NAMES)).toBe("Coffee Lovers");
    expect(closestName("coffee lover", NAMES)).toBe("Coffee Lovers");
    expect(closestName("Tea Tme", NAMES)).toBe("Tea Time");
    expect(closestName("Gardening", NAMES)).toBeNull();
    expect(closestName("", NAMES)).toBeNull();
  });

  it("keeps hostile input cheap: a huge name is no typo", () => {
    expect(closestName("x".repeat(1_000_000), NAMES)).toBeNull();
    expect(closestName("Coffee Lovers".padEnd(150, "!"), NAMES)).toBeNull();
  });
});
