import { describe, expect, it } from "vitest";
import { config } from "@/proxy";
import { isPagePath, NOT_PAGE_PREFIXES } from "./page-headers.mjs";

describe("which paths are pages", () => {
  it("proxy.ts's matcher leaves out exactly the prefixes that get no page headers", () => {
    const sources = config.matcher.map((m) => (typeof m === "string" ? m : m.source));
    const excluded = sources.map((s) => /^\/\(\(\?!([^)]*)\)\.\*\)$/.exec(s)?.[1]).find(Boolean);
    expect(excluded?.split("|")).toEqual(NOT_PAGE_PREFIXES);
  });

  it("pages and the site's routes are pages; the API, Inngest and static files are not", () => {
    for (const path of ["/", "/docs", "/untie/abc", "/api/auth/session", "/api/health", "/no-such-page"])
      expect(isPagePath(path), path).toBe(true);
    for (const path of ["/api/v1/teams", "/api/inngest", "/_next/static/chunks/a.js", "/catalogue/a.svg", "/icon.svg"])
      expect(isPagePath(path), path).toBe(false);
  });
});
