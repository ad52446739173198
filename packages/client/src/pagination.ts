import type { RequestOptions, Transport } from "./http.js";
import type { Result } from "./types.js";

type ListDocument<Item> = { data: Item[]; links?: { next?: string | null } };

/** `{stage: "sent", pageSize: 100}` → `filter[stage]=sent&page[size]=100`. */
export function listQuery(params: Record<string, unknown> = {}): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (key === "pageSize") query.set("page[size]", String(value));
    else if (key === "after") query.set("page[after]", String(value));
    else query.set(`filter[${key}]`, String(value));
  }
  return query;
}

/**
 * A paginated list (cursor pagination): `for await (const gift of ribbon.gifts.list())` walks
 * every item, following `links.next` page after page; `.pages()` walks the pages themselves.
 * Nothing is requested until it is iterated. The next page is asked of the same endpoint with
 * the query of `links.next`, so the token only ever goes to the client's `baseUrl`.
 */
export class Paginated<Item, Doc extends ListDocument<Item> = ListDocument<Item>> implements AsyncIterable<Item> {
  constructor(
    private readonly transport: Transport,
    private readonly path: string,
    private readonly query: URLSearchParams,
    private readonly options: RequestOptions = {},
  ) {}

  /** Every page, the first one first, each with its request id. */
  async *pages(): AsyncGenerator<Result<Doc>, void, undefined> {
    let query: string = this.query.toString();
    const seen = new Set<string>();
    for (;;) {
      seen.add(query);
      const page = await this.transport.document<Doc>({ method: "GET", path: this.path, query }, this.options);
      yield page;
      const next = page.links?.next;
      if (!next) return;
      query = new URL(next, this.transport.baseUrl).search.replace(/^\?/, "");
      if (seen.has(query)) return; // a server that pointed back at a page already read: stop, never loop
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.pages()) yield* page.data;
  }

  /** Only the first page (with its `links.next`). */
  async firstPage(): Promise<Result<Doc>> {
    for await (const page of this.pages()) return page;
    throw new Error("unreachable");
  }

  /** Every item in one array; `limit` stops early (it reads only the pages needed). */
  async toArray(limit = Infinity): Promise<Item[]> {
    const items: Item[] = [];
    if (limit <= 0) return items;
    for await (const item of this) {
      items.push(item);
      if (items.length >= limit) break;
    }
    return items;
  }
}
