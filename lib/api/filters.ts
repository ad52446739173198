import { badRequest } from "@/lib/errors";
import type { LedgerFilter } from "@/lib/billing";
import { isStage, STAGES, type GiftFilter } from "@/lib/gifts";
import { parseTimestamp } from "@/lib/gifts/fields";

const GIFT_FILTERS = ["filter[stage]", "filter[email]"];

/** `filter[stage]` and `filter[email]` (exact address, any case) on the gift list; any other filter is a 400. */
export function readGiftFilter(url: URL): GiftFilter {
  for (const name of url.searchParams.keys()) {
    if (/^filter/i.test(name) && !GIFT_FILTERS.includes(name)) {
      throw badRequest(`Unknown filter "${name}": the gift list can be filtered by ${GIFT_FILTERS.join(" and ")}.`, {
        parameter: name,
      });
    }
  }
  const stage = url.searchParams.get("filter[stage]") ?? undefined;
  if (stage !== undefined && !isStage(stage)) {
    throw badRequest(`filter[stage] must be one of: ${STAGES.join(", ")}.`, { parameter: "filter[stage]" });
  }
  const email = url.searchParams.get("filter[email]")?.trim() || undefined;
  if (email?.includes("\u0000"))
    throw badRequest("filter[email] has invalid characters.", { parameter: "filter[email]" });
  return { stage, email };
}

/** The charges list's filters (the same for its CSV export). */
export const CHARGE_FILTERS = ["created_after", "created_before", "batch"] as const;

/** A `filter[created_…]` value: an ISO 8601 date (midnight UTC) or date-time with a zone. */
function readTime(url: URL, name: string): Date | undefined {
  const value = url.searchParams.get(name);
  if (value === null || value === "") return undefined;
  const time = value.length <= 40 ? parseTimestamp(value) : null;
  if (!time)
    throw badRequest(
      `${name} must be an ISO 8601 date (YYYY-MM-DD, midnight UTC) or date-time with a zone (YYYY-MM-DDThh:mm:ssZ).`,
      { parameter: name },
    );
  return time;
}

/**
 * `filter[created_after]` (inclusive), `filter[created_before]` (exclusive) and `filter[batch]`
 * (a batch id, `bat_…`) on the charges list. Each is given at most once; a bad value is a 400
 * naming the parameter. Unknown filters were refused by apiRoute already.
 */
export function readChargeFilter(url: URL): LedgerFilter {
  for (const filter of CHARGE_FILTERS) {
    const name = `filter[${filter}]`;
    if (url.searchParams.getAll(name).length > 1)
      throw badRequest(`${name} is given more than once.`, { parameter: name });
  }
  const batchId = url.searchParams.get("filter[batch]") || undefined;
  if (batchId !== undefined && !/^bat_[\w-]{1,64}$/.test(batchId))
    throw badRequest("filter[batch] is not a batch id (bat_…): see a gift's batch.id.", { parameter: "filter[batch]" });
  return {
    createdAfter: readTime(url, "filter[created_after]"),
    createdBefore: readTime(url, "filter[created_before]"),
    batchId,
  };
}
