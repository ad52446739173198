import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html";

describe("escapeHtml", () => {
  it("escapes what would end a text node or a quoted attribute, as React does", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#x27;y&#x27;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
  });

  it("leaves other text as it is, an already escaped entity included (escaped again)", () => {
    expect(escapeHtml("Côte d’Ivoire · 日本")).toBe("Côte d’Ivoire · 日本");
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
  });
});
