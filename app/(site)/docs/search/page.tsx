import type { Metadata } from "next";
import Link from "next/link";
import { DocsSearchForm } from "@/components/docs/DocsSearchForm";
import { MAX_QUERY_CHARS, searchDocs, type DocsEntry } from "../search-index";

export const metadata: Metadata = { title: "Search the docs" };

type Props = { searchParams: Promise<{ q?: string | string[] }> };

const KIND_LABELS: Record<DocsEntry["kind"], string> = {
  endpoint: "Endpoint",
  resource: "Resource",
  error: "Error code",
  tool: "MCP tool",
};

/** /docs/search?q=…: what the reference holds for the words asked, each a link to its place on /docs. */
export default async function DocsSearchPage({ searchParams }: Props) {
  const q = (await searchParams).q;
  const query = (Array.isArray(q) ? q[0] : q) ?? "";
  const { words, results, total } = searchDocs(query);
  return (
    <main className="page-width py-10">
      <p className="text-sm">
        <Link href="/docs" className="underline">
          API reference
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">Search the docs</h1>
      <div className="mt-4">
        <DocsSearchForm query={query.slice(0, MAX_QUERY_CHARS)} maxLength={MAX_QUERY_CHARS} />
      </div>
      {words.length > 0 && (
        <p className="mt-6 text-stone-700" role="status" data-testid="search-count">
          {total === 0
            ? `Nothing in the reference holds every one of: ${words.join(", ")}.`
            : `${total} ${total === 1 ? "place holds" : "places hold"} ${words.join(", ")}${total > results.length ? `; the first ${results.length}:` : ":"}`}
        </p>
      )}
      {results.length > 0 && (
        <ol className="mt-4 space-y-4" data-testid="search-results">
          {results.map((entry) => (
            <li key={`${entry.kind} ${entry.title}`}>
              <p className="text-xs uppercase tracking-wide text-stone-600">{KIND_LABELS[entry.kind]}</p>
              <a href={entry.href} className="font-mono font-semibold text-[var(--ribbon)] underline">
                {entry.title}
              </a>
              <p className="mt-1 line-clamp-2 max-w-3xl text-sm text-stone-700">{entry.text}</p>
            </li>
          ))}
        </ol>
      )}
      {words.length > 0 && total === 0 && (
        <p className="mt-4 text-sm">
          Try one word, an error code such as <code>quote_used</code>, or a path such as <code>/gifts</code>; or read
          the{" "}
          <a href="/docs/agents" className="underline">
            guide for AI agents
          </a>
          .
        </p>
      )}
    </main>
  );
}
