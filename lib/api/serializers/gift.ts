import type { Fired } from "@/lib/simulation/test-clock";
import { mayHoldUntieLink, type GiftView } from "@/lib/gifts";
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

/** Who reads the answer: a gift's untie URL is shown only to those who may hold it (mayHoldUntieLink). */
export type GiftReader = { role: string; user: { id: string } };

const serializeFor = (reader: GiftReader) => (gift: SerializableGift) =>
  serializeGift(gift, mayHoldUntieLink(reader, gift));

export function giftDocument(gift: GiftView, reader: GiftReader) {
  return { data: serializeFor(reader)(gift), included: included([gift]) };
}

/** The answer to an advance of a sandbox gift's clock: the gift, and what fired in time order. */
export function clockDocument({ gift, fired }: { gift: GiftView; fired: Fired[] }, reader: GiftReader) {
  return {
    ...giftDocument(gift, reader),
    meta: { fired: fired.map((f) => ({ gift: f.gift, type: f.type, at: f.at.toISOString() })) },
  };
}

export function giftListDocument(gifts: GiftView[], reader: GiftReader, links?: PageLinks) {
  return { data: gifts.map(serializeFor(reader)), included: included(gifts), ...(links ? { links } : {}) };
}

/** The response of `giftListDocument(gifts)`, its text made as it is sent (see jsonApiList). */
export function giftListResponse(gifts: SerializableGift[], reader: GiftReader): Response {
  return jsonApiList(gifts, serializeFor(reader), { included: included(gifts) });
}
