import { config } from "@/lib/config";
import { badRequest } from "@/lib/errors";
import { decodeCursor, encodeCursor, type Cursor } from "@/lib/gifts";

export const DEFAULT_PAGE_SIZE = 50;
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
  if (!after || (idPattern && !idPattern.test(after.id))) throw badRequest("page[after] is not a valid cursor: use the links.next URL of the previous page.", { parameter: "page[after]" });
  return { size, after };
}

/**
 * Splits the extra row the query fetched off the page and builds `links.next`. The
 * access token is never echoed into links: callers send it again themselves.
 */
export function paginate<T extends { createdAt: Date; id: string | number }>(rows: T[], page: Page, url: URL) {
  const items = rows.slice(0, page.size);
  let next: string | null = null;
  if (rows.length > page.size) {
    const params = new URLSearchParams(url.searchParams);
    params.delete("access_token");
    params.set("page[after]", encodeCursor(items[items.length - 1]));
    next = `${config.appUrl}${url.pathname}?${params.toString()}`;
  }
  return { items, links: { next } };
}
