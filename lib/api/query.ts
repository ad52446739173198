import { badRequest } from "@/lib/errors";

const GENERAL = new Set(["access_token", "page[size]", "page[after]"]);

// JSON:API says a server must refuse a `sort` or `include` it does not support; `fields` likewise.
const UNSUPPORTED: [RegExp, string][] = [
  [/^sort$/, "sort is not supported: lists are newest first."],
  [/^include$/, "include is not supported: responses always include the related resources."],
  [/^fields\[.*\]$/, "sparse fieldsets (fields[…]) are not supported: responses carry every attribute."],
];

/**
 * Refuses query parameters the endpoint does not understand, so a typo is an error rather
 * than a silently ignored filter. `filters` are the `filter[…]` names the endpoint takes, `params` its other parameters.
 */
export function assertKnownQuery(url: URL, filters: readonly string[] = [], params: readonly string[] = []): void {
  for (const key of new Set(url.searchParams.keys())) {
    if (GENERAL.has(key) || params.includes(key)) continue;
    const filter = /^filter\[(.*)\]$/.exec(key)?.[1];
    if (filter !== undefined) {
      if (filters.includes(filter)) continue;
      const known = filters.length
        ? `Filters here: ${filters.map((f) => `filter[${f}]`).join(", ")}.`
        : "This endpoint takes no filters.";
      throw badRequest(`${key} is not a known filter. ${known}`, { parameter: key });
    }
    const unsupported = UNSUPPORTED.find(([pattern]) => pattern.test(key));
    throw badRequest(unsupported?.[1] ?? `${key} is not a known query parameter.`, { parameter: key });
  }
}

/**
 * `?dry_run=true` on a create: validate and price it, write nothing. Absent or `false`: the real
 * call. Anything else is refused, so `?dry_run=yes` never creates (and charges) by mistake.
 */
export function readDryRun(url: URL): boolean {
  const values = url.searchParams.getAll("dry_run");
  if (values.length === 0) return false;
  if (values.length === 1 && (values[0] === "true" || values[0] === "false")) return values[0] === "true";
  throw badRequest('dry_run is "true" or "false", given once.', { parameter: "dry_run" });
}
