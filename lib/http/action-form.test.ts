import { describe, expect, it } from "vitest";
import { hasUnreadableActionFields } from "./action-form";

// Found by the fuzzer (tests/server/fuzz.test.ts): these no-JavaScript form posts made Next answer 500.
const post = (fields: [string, string][], headers: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  return new Request("http://localhost:3000/untie/x", { method: "POST", body: form, headers });
};
const META = ["$ACTION_1:0", '{"id":"60a63b63c45d8df42ff7ecd8030e4be76879715089","bound":"$@1"}'] as [string, string];

describe("hasUnreadableActionFields", () => {
  it("a form as the page renders it is readable", async () => {
    expect(
      await hasUnreadableActionFields(
        post([["$ACTION_REF_1", ""], META, ["$ACTION_1:1", "[{}]"], ["$ACTION_KEY", "k1"], ["secret", "s"]]),
      ),
    ).toBe(false);
  });

  it("an action field that isn't JSON is not", async () => {
    expect(await hasUnreadableActionFields(post([["$ACTION_REF_1", ""], META, ["$ACTION_1:1", ";&V*b"]]))).toBe(true);
  });

  it("a reference to a field that isn't there is not", async () => {
    expect(await hasUnreadableActionFields(post([["$ACTION_REF_1", ""], META, ["$ACTION_KEY", "k1"]]))).toBe(true);
  });

  it("leaves alone posts from Next's own client, other methods, other bodies and forms without actions", async () => {
    expect(await hasUnreadableActionFields(post([META], { "next-action": "abc" }))).toBe(false);
    expect(
      await hasUnreadableActionFields(
        new Request("http://localhost:3000/x", {
          method: "POST",
          body: "{",
          headers: { "content-type": "application/json" },
        }),
      ),
    ).toBe(false);
    expect(
      await hasUnreadableActionFields(
        new Request("http://localhost:3000/x", {
          method: "POST",
          body: "garbage",
          headers: { "content-type": "multipart/form-data; boundary=z" },
        }),
      ),
    ).toBe(false);
    expect(await hasUnreadableActionFields(post([["city", "x"]]))).toBe(false);
  });
});
