import { badRequest } from "@/lib/errors";
import { isStage, STAGES, type GiftFilter } from "@/lib/gifts";

/** `filter[stage]` and `filter[email]` on the gift list. */
export function readGiftFilter(url: URL): GiftFilter {
  const stage = url.searchParams.get("filter[stage]") ?? undefined;
  if (stage !== undefined && !isStage(stage)) {
    throw badRequest(`filter[stage] must be one of: ${STAGES.join(", ")}.`, { parameter: "filter[stage]" });
  }
  const email = url.searchParams.get("filter[email]")?.trim() || undefined;
  if (email?.includes("\u0000")) throw badRequest("filter[email] has invalid characters.", { parameter: "filter[email]" });
  return { stage, email };
}
