import { describe, expect, it } from "vitest";
import { afterResponse } from "./after-response";

describe("afterResponse", () => {
  it("outside a Next request, runs the task now and waits for it", async () => {
    const done: string[] = [];
    await afterResponse(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      done.push("task");
    });
    expect(done).toEqual(["task"]);
  });
});
