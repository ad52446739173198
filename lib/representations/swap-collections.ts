import type { SwapCollections } from "@/lib/catalogue/swap";
import type { ResourceObject } from "./resource";

/** A team's swap collections, as a `swap-collections` resource (its id is the team's). */
export function serializeSwapCollections(settings: SwapCollections): ResourceObject {
  return {
    type: "swap-collections",
    id: settings.teamId,
    attributes: { "collection-ids": settings.collectionIds.map(String) },
  };
}
