import type { SwapCollections } from "@/lib/catalogue/swap";
import { serializeSwapCollections } from "@/lib/representations/swap-collections";

export const swapCollectionsDocument = (settings: SwapCollections) => ({ data: serializeSwapCollections(settings) });
