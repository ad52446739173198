import { docsAnchor } from "@/components/docs/anchors";
import type { OpenApi } from "@/components/docs/openapi-types";
import { openApiDocument } from "@/lib/api/openapi/document";
import { ERROR_CODES, errorAnchor } from "@/lib/api/openapi/error-codes";
import { TOOLS } from "@/lib/mcp/tools";

/** One thing the docs search finds: where it is on /docs, its heading and the words it is found by. */
export type DocsEntry = { kind: "endpoint" | "resource" | "error" | "tool"; title: string; text: string; href: string };

/** Most characters and words a search reads: a longer query is cut, never worked through. */
export const MAX_QUERY_CHARS = 100;
export const MAX_QUERY_WORDS = 8;
/** Most results a search lists (the rest are counted). */
export const MAX_RESULTS = 30;

let index: DocsEntry[] | undefined;

/**
 * What /docs holds, as entries to search: every endpoint of the OpenAPI document (the same
 * anchors as the reference), every resource, every error code and every MCP tool. Made once per
 * process from what the reference itself renders, so the two can't disagree.
 */
export function docsIndex(): DocsEntry[] {
  if (index) return index;
  const doc = openApiDocument() as unknown as OpenApi;
  const endpoints = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => !operation.operationId.endsWith("OnDefaultTeam"))
      .map(([method, operation]): DocsEntry => ({
        kind: "endpoint",
        title: `${method.toUpperCase()} ${path}`,
        text: [operation.summary, operation.description, operation.operationId].filter(Boolean).join(" "),
        href: `/docs#${docsAnchor(operation.operationId)}`,
      })),
  );
  const resources = Object.entries(doc.components.schemas)
    .filter(([, schema]) => schema.properties?.attributes)
    .map(([name, schema]): DocsEntry => ({
      kind: "resource",
      title: name,
      text: [schema.description, ...Object.keys(schema.properties?.attributes?.properties ?? {})].join(" "),
      href: `/docs#schema-${name}`,
    }));
  const errors = ERROR_CODES.map((e): DocsEntry => ({
    kind: "error",
    title: e.code,
    text: `${e.status} ${e.meaning}`,
    href: `/docs#${errorAnchor(e.code)}`,
  }));
  const tools = TOOLS.map((tool): DocsEntry => ({
    kind: "tool",
    title: tool.name,
    text: `${tool.title} ${tool.description}`,
    href: "/docs#mcp",
  }));
  index = [...endpoints, ...resources, ...errors, ...tools];
  return index;
}

/** The query's words: lower case, at most MAX_QUERY_WORDS of at most MAX_QUERY_CHARS in all. */
export function queryWords(query: string): string[] {
  return query
    .slice(0, MAX_QUERY_CHARS)
    .toLowerCase()
    .split(/[^\p{L}\p{N}_/{}.-]+/u)
    .filter(Boolean)
    .slice(0, MAX_QUERY_WORDS);
}

/**
 * The entries holding every word of the query, those with a word in the title first, in the
 * reference's order otherwise; at most MAX_RESULTS, with how many there were. Linear in the index.
 */
export function searchDocs(query: string): { words: string[]; results: DocsEntry[]; total: number } {
  const words = queryWords(query);
  if (words.length === 0) return { words, results: [], total: 0 };
  const found = docsIndex()
    .map((entry, order) => {
      const title = entry.title.toLowerCase();
      const all = `${title} ${entry.text.toLowerCase()}`;
      if (!words.every((w) => all.includes(w))) return null;
      return { entry, order, inTitle: words.filter((w) => title.includes(w)).length };
    })
    .filter((hit) => hit !== null)
    .sort((a, b) => b.inTitle - a.inTitle || a.order - b.order);
  return { words, results: found.slice(0, MAX_RESULTS).map((hit) => hit.entry), total: found.length };
}
