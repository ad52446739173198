import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/api/openapi/document";
import { ERROR_CODES } from "@/lib/api/openapi/error-codes";
import { TOOLS } from "@/lib/mcp/tools";
import { renderDocsDocument } from "./document";
import { docsIndex, MAX_QUERY_CHARS, MAX_QUERY_WORDS, MAX_RESULTS, queryWords, searchDocs } from "./search-index";

// /docs/search finds what /docs renders: every endpoint, resource, error code and MCP tool, each
// linking to an anchor the rendered reference has. The lists are read from the code, not written here.
const html = renderDocsDocument([]);
const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, { operationId: string }>> };

describe("the docs search", () => {
  it("indexes every endpoint, error code and tool, each linking to an anchor /docs has", () => {
    const index = docsIndex();
    const operations = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).filter((o) => !o.operationId.endsWith("OnDefaultTeam")),
    );
    expect(index.filter((e) => e.kind === "endpoint")).toHaveLength(operations.length);
    expect(index.filter((e) => e.kind === "error").map((e) => e.title)).toEqual(ERROR_CODES.map((e) => e.code));
    expect(index.filter((e) => e.kind === "tool").map((e) => e.title)).toEqual(TOOLS.map((t) => t.name));
    expect(index.filter((e) => e.kind === "resource").length).toBeGreaterThan(5);
    for (const entry of index) {
      const [page, anchor] = entry.href.split("#");
      expect(page).toBe("/docs");
      expect(html.includes(`id="${anchor}"`), entry.href).toBe(true);
    }
    // The reference itself carries the box: a GET form, no script.
    expect(/<form role="search"[^>]*action="\/docs\/search" method="get"/.test(html)).toBe(true);
  });

  it("finds an error code, an endpoint by its path and a field, those naming it in their title first", () => {
    expect(searchDocs("quote_used").results[0]).toMatchObject({ kind: "error", title: "quote_used" });
    const byPath = searchDocs("post /teams/{team_id}/gifts").results;
    expect(byPath[0]).toMatchObject({ kind: "endpoint", title: "POST /teams/{team_id}/gifts" });
    expect(searchDocs("recipient_country").total).toBeGreaterThan(0);
    expect(searchDocs("Quote_Used").results[0].title).toBe("quote_used"); // any case
    expect(searchDocs("no-such-word-anywhere")).toMatchObject({ results: [], total: 0 });
  });

  it("reads a hostile query only up to its bounds: cut, at most 8 words, at most 30 results, never a throw", () => {
    expect(queryWords("x".repeat(100_000))).toEqual(["x".repeat(MAX_QUERY_CHARS)]);
    expect(queryWords("a b c d e f g h i j k l")).toHaveLength(MAX_QUERY_WORDS);
    expect(queryWords("\u0000<script>\u202e(a+)+$")).toEqual(["script", "a"]);
    expect(searchDocs("   ")).toMatchObject({ words: [], results: [], total: 0 });
    const wide = searchDocs("e");
    expect(wide.results).toHaveLength(MAX_RESULTS);
    expect(wide.total).toBeGreaterThan(MAX_RESULTS);
  });
});
