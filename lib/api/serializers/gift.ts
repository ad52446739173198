import type { GiftView } from "@/lib/gifts";
import { untieUrl } from "@/lib/gifts";
import { CURRENCY, formatMoney } from "@/lib/money";
import { senderAddress, type SenderAddress } from "@/lib/redemption/address";
import { addressSchema } from "@/lib/redemption/schema";
import { jsonApiList, type ResourceObject } from "../document";
import type { PageLinks } from "../pagination";
import { serializeCollection, serializeDesign, serializeLogo } from "./catalogue";
import { serializeUser } from "./user";

function senderAddressOf(address: unknown): SenderAddress | null {
  if (address === null || address === undefined) return null; // most gifts: not redeemed yet
  const parsed = addressSchema.safeParse(address);
  return parsed.success ? senderAddress(parsed.data) : null;
}

const ref = (type: string, id: string | number | null | undefined) => ({ data: id === null || id === undefined ? null : { type, id: String(id) } });

/** A gift, with its untie token when the caller has it (a just-created gift): saves an HMAC. */
type SerializableGift = GiftView & { untieToken?: string };

export function serializeGift(g: SerializableGift): ResourceObject {
  return {
    type: "gifts",
    id: g.id,
    attributes: {
      "external-id": g.id,
      team: g.teamId,
      "sender-name": g.sender.name ?? g.sender.email,
      name: g.recipientName,
      "untie-url": untieUrl(g.id, g.untieToken),
      "delivery-method": g.deliveryMethod,
      email: g.email,
      "cc-email": g.ccEmail,
      stage: g.stage,
      "last-event-at": g.lastEventAt.toISOString(),
      "scheduled-at": g.scheduledAt?.toISOString() ?? null,
      // Present only when an expiry applies, as the contract says.
      ...(g.expiresOn ? { "expires-on": g.expiresOn.toISOString().slice(0, 10) } : {}),
      subject: g.subject,
      message: g.message,
      from: g.from,
      "thank-you-note": g.thankYouNote,
      "selected-product": g.selectedProduct && { id: String(g.selectedProduct.id), name: g.selectedProduct.name },
      variant: g.variant && { id: String(g.variant.id), name: g.variant.name },
      "redemption-email": g.redemptionEmail,
      // The sender sees where the gift goes, not the street: the full address is for fulfilment only.
      address: senderAddressOf(g.address),
      carrier: g.carrier,
      "tracking-number": g.trackingNumber,
      "tracking-url": g.trackingUrl,
      price: formatMoney(g.priceCents),
      currency: CURRENCY,
      livemode: g.livemode,
      "created-at": g.createdAt.toISOString(),
      events: g.events.map((e) => ({ stage: e.stage, message: e.message, "created-at": e.createdAt.toISOString() })),
    },
    relationships: {
      sender: ref("users", g.sender.id),
      collection: ref("collections", g.collectionId),
      logo: ref("logos", g.logoId),
      design: ref("designs", g.designId),
    },
  };
}

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

export function giftListDocument(gifts: GiftView[], links?: PageLinks) {
  return { data: gifts.map(serializeGift), included: included(gifts), ...(links ? { links } : {}) };
}

/** The response of `giftListDocument(gifts)`, its text made as it is sent (see jsonApiList). */
export function giftListResponse(gifts: SerializableGift[]): Response {
  return jsonApiList(gifts, serializeGift, { included: included(gifts) });
}
