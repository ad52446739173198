import { badRequest } from "@/lib/errors";
import { isStage, STAGES, type GiftFilter } from "@/lib/gifts";

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
