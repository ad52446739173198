import { describe, expect, it } from "vitest";
import { BillingError, HttpError, ValidationError } from "@/lib/errors";
import { refusalOf } from "./form-action";

describe("refusalOf: what a form shows when the domain refuses its post", () => {
  it("words validation, HTTP and billing refusals, and throws anything else on (a bug is never a form message)", () => {
    const problems = [
      { pointer: "/a", detail: "A is too long" },
      { pointer: "/b", detail: "B is missing" },
    ];
    expect(refusalOf(new ValidationError(problems))).toBe("A is too long. B is missing");
    expect(refusalOf(new ValidationError(problems), ([first]) => `First: ${first.detail}`)).toBe(
      "First: A is too long",
    );
    expect(refusalOf(new HttpError(409, "Conflict", "Already approved."))).toBe("Already approved.");
    expect(refusalOf(new BillingError("This team has no card on file.", "no_card_on_file"))).toBe(
      "This team has no card on file.",
    );
    const bug = new TypeError("x is undefined");
    expect(() => refusalOf(bug)).toThrow(bug);
  });
});
