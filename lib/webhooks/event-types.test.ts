import { describe, expect, it } from "vitest";
import { docSection, firstColumnCodes, readDoc } from "@/lib/testing/docs";
import { EVENT_TYPES } from "./event-types";

describe("docs/webhooks.md's event types and the code's", () => {
  it("list the same types, each once", () => {
    const documented = firstColumnCodes(docSection(readDoc("docs/webhooks.md"), "## Event types"));
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual([...EVENT_TYPES].sort());
  });
});
