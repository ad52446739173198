/**
 * The docs' search box: a plain GET form to /docs/search (the reference has no script at all),
 * so it works with JavaScript off and a result page is a link to share.
 */
export function DocsSearchForm({ query = "", maxLength }: { query?: string; maxLength: number }) {
  return (
    <form role="search" action="/docs/search" method="get" className="flex max-w-xl gap-2">
      <label htmlFor="docs-search" className="sr-only">
        Search the docs
      </label>
      <input
        id="docs-search"
        type="search"
        name="q"
        defaultValue={query}
        maxLength={maxLength}
        placeholder="Search endpoints, fields, error codes, tools"
        className="min-w-0 flex-1 rounded-lg border border-stone-400 bg-white px-3 py-2"
      />
      <button type="submit" className="button-secondary">
        Search
      </button>
    </form>
  );
}
