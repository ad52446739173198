import { config } from "@/lib/config";
import { badRequest } from "@/lib/errors";
import { DEFAULT_PAGE_SIZE, decodeCursor, encodeCursor, type Cursor } from "@/lib/gifts";

export { DEFAULT_PAGE_SIZE };
export const MAX_PAGE_SIZE = 200;

export type Page = { size: number; after?: Cursor };

/**
 * `page[size]` (1–200, default 50) and `page[after]` (a cursor from `links.next`).
 * `idPattern`: what ids of this list look like (a cursor from another list is no cursor here).
 */
export function readPage(url: URL, idPattern?: RegExp): Page {
  const sizeParam = url.searchParams.get("page[size]");
  const size = sizeParam === null ? DEFAULT_PAGE_SIZE : Number(sizeParam);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw badRequest(`page[size] must be a whole number from 1 to ${MAX_PAGE_SIZE}.`, { parameter: "page[size]" });
  }
  const afterParam = url.searchParams.get("page[after]");
  if (afterParam === null || afterParam === "") return { size };
  const after = decodeCursor(afterParam);
  if (!after || (idPattern && !idPattern.test(after.id)))
    throw badRequest("page[after] is not a valid cursor: use the links.next URL of the previous page.", {
      parameter: "page[after]",
    });
  return { size, after };
}

export type PageLinks = { self: string; first: string; next: string | null };

/** This list's URL on APP_URL with `page[after]` set (or removed); never with the access token. */
function pageUrl(url: URL, after: string | null): string {
  const params = new URLSearchParams(url.searchParams);
  params.delete("access_token");
  if (after === null) params.delete("page[after]");
  else params.set("page[after]", after);
  const query = params.toString();
  return `${config.appUrl}${url.pathname}${query ? `?${query}` : ""}`;
}

/**
 * Splits the extra row the query fetched off the page and builds the JSON:API pagination
 * links. The access token is never echoed into links: callers send it again themselves.
 */
export function paginate<T extends { createdAt: Date; id: string | number }>(
  rows: T[],
  page: Page,
  url: URL,
): { items: T[]; links: PageLinks } {
  const items = rows.slice(0, page.size);
  const next = rows.length > page.size ? pageUrl(url, encodeCursor(items[items.length - 1])) : null;
  return { items, links: { self: pageUrl(url, url.searchParams.get("page[after]")), first: pageUrl(url, null), next } };
}

/** For an endpoint that answers everything at once (an export): `page[…]` is refused rather than ignored. */
export function refusePaging(url: URL, why: string): void {
  for (const name of ["page[size]", "page[after]"])
    if (url.searchParams.has(name)) throw badRequest(`${name} is not taken here: ${why}`, { parameter: name });
}
