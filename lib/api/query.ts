import { badRequest } from "@/lib/errors";

const GENERAL = new Set(["access_token", "page[size]", "page[after]"]);

// JSON:API says a server must refuse a `sort` or `include` it does not support; `fields` likewise.
const UNSUPPORTED: [RegExp, string][] = [
  [/^sort$/, "sort is not supported: lists are newest first."],
  [/^include$/, "include is not supported: responses always include the related resources."],
  [/^fields\[.*\]$/, "sparse fieldsets (fields[…]) are not supported: responses carry every attribute."],
];

/**
 * Refuses query parameters no endpoint understands, so a typo is an error rather than a
 * silently ignored filter. `filter[…]` keys are checked by each list's own filter reader.
 */
export function assertKnownQuery(url: URL): void {
  for (const key of new Set(url.searchParams.keys())) {
    if (GENERAL.has(key) || key.startsWith("filter[")) continue;
    const unsupported = UNSUPPORTED.find(([pattern]) => pattern.test(key));
    throw badRequest(unsupported?.[1] ?? `${key} is not a known query parameter.`, { parameter: key });
  }
}
