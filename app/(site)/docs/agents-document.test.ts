import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { anchorOf, blocks } from "@/components/docs/GuideMarkdown";
import { renderAgentsDocument } from "./agents-document";

// /docs/agents is docs/agents.md rendered at build: every heading, list, table and code block
// becomes HTML (no markdown left showing), and every link of the guide to itself lands on a heading.
const markdown = readFileSync("docs/agents.md", "utf8");
const html = renderAgentsDocument(["/_next/static/site.css"], markdown);

describe("the agents guide at /docs/agents", () => {
  it("renders every heading with GitHub's anchor, and no markdown syntax is left in the text", () => {
    const headings = blocks(markdown).filter((b) => b.kind === "heading");
    expect(headings.length).toBeGreaterThan(5);
    for (const heading of headings) expect(html, heading.text).toContain(`id="${anchorOf(heading.text)}"`);
    expect(anchorOf("For host developers and operators")).toBe("for-host-developers-and-operators");
    const text = html.replace(/<pre[\s\S]*?<\/pre>/g, "").replace(/<[^>]+>/g, "");
    expect(text).not.toMatch(/```|\]\(|\*\*|^#+\s/m);
    expect(html).toContain("<pre");
    expect(html).toContain('<link rel="stylesheet" href="/_next/static/site.css"/>');
    expect(html).not.toContain("<script");
  });

  it("links to itself land on its headings; the API reference on /docs; other guides are text, never a broken link", () => {
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    const hrefs = [...html.matchAll(/ href="([^"]+)"/g)].map((m) => m[1]);
    for (const href of hrefs.filter((h) => h.startsWith("#") || h.startsWith("/docs/agents#")))
      expect(ids.has(href.split("#")[1]), href).toBe(true);
    expect(hrefs.some((h) => h.endsWith(".md") || h.includes(".md#"))).toBe(false);
    expect(html).toContain("Dynamic Client Registration");
    expect(html).toContain("Loopback redirects on any port");
  });
});
