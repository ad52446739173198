import type { Fired } from "@/lib/simulation/test-clock";
import type { GiftView } from "@/lib/gifts";
import { serializeCollection, serializeDesign, serializeLogo } from "@/lib/representations/catalogue";
import { serializeGift, type SerializableGift } from "@/lib/representations/gift";
import { serializeUser } from "@/lib/representations/user";
import { jsonApiList, type ResourceObject } from "../document";
import type { PageLinks } from "../pagination";

/** The related users, collections, logos and designs of some gifts, each once. */
function included(gifts: GiftView[]): ResourceObject[] {
  const seen = new Map<string, ResourceObject>();
  const add = <T extends { id: string | number }>(type: string, row: T, serialize: (row: T) => ResourceObject) => {
    if (!seen.has(`${type}:${row.id}`)) seen.set(`${type}:${row.id}`, serialize(row));
  };
  for (const g of gifts) {
    add("users", g.sender, serializeUser);
    add("collections", g.collection, serializeCollection);
    add("logos", g.logo, serializeLogo);
    if (g.design) add("designs", g.design, serializeDesign);
  }
  return [...seen.values()];
}

export function giftDocument(gift: GiftView) {
  return { data: serializeGift(gift), included: included([gift]) };
}

/** The answer to an advance of a sandbox gift's clock: the gift, and what fired in time order. */
export function clockDocument({ gift, fired }: { gift: GiftView; fired: Fired[] }) {
  return {
    ...giftDocument(gift),
    meta: { fired: fired.map((f) => ({ gift: f.gift, type: f.type, at: f.at.toISOString() })) },
  };
}

export function giftListDocument(gifts: GiftView[], links?: PageLinks) {
  return { data: gifts.map(serializeGift), included: included(gifts), ...(links ? { links } : {}) };
}

/** The response of `giftListDocument(gifts)`, its text made as it is sent (see jsonApiList). */
export function giftListResponse(gifts: SerializableGift[]): Response {
  return jsonApiList(gifts, serializeGift, { included: included(gifts) });
}
