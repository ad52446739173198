import type { GiftView } from "@/lib/gifts";
import { eventTypeOf, untieUrl } from "@/lib/gifts";
import { isAwaitingChoice } from "@/lib/gifts/stages";
import { reminderSchedule } from "@/lib/reminders/cadence";
import { formatMoney } from "@/lib/money";
import { senderAddress, type SenderAddress } from "@/lib/redemption/address";
import { addressSchema } from "@/lib/redemption/schema";
import type { ResourceObject } from "./resource";

function senderAddressOf(address: unknown): SenderAddress | null {
  if (address === null || address === undefined) return null; // most gifts: not redeemed yet
  const parsed = addressSchema.safeParse(address);
  return parsed.success ? senderAddress(parsed.data) : null;
}

const ref = (type: string, id: string | number | null | undefined) => ({
  data: id === null || id === undefined ? null : { type, id: String(id) },
});

/**
 * When the gift's next reminder goes out: only known once it is sent, only while it awaits a
 * choice, and null when none will (the recipient unsubscribed or complained, the address was
 * suppressed or bounced: the reminder sweep has nothing to look at, `nextReminderAt` is null).
 */
function nextReminderAt(g: GiftView): string | null {
  if (!isAwaitingChoice(g.stage) || g.remindersStoppedAt !== null || g.nextReminderAt === null) return null;
  return reminderSchedule(g)[g.remindersSent]?.toISOString() ?? null;
}

/** A gift, with its untie token when the caller has it (a just-created gift): saves an HMAC. */
export type SerializableGift = GiftView & { untieToken?: string };

/**
 * The gift as the API, webhooks and pages show it. `withUntieUrl` false: `untie-url` is null (the
 * reader may see the gift but not hold its link: lib/gifts/changer.ts, mayHoldUntieLink).
 */
export function serializeGift(g: SerializableGift, withUntieUrl: boolean): ResourceObject {
  return {
    type: "gifts",
    id: g.id,
    attributes: {
      "external-id": g.id,
      team: g.teamId,
      "sender-name": g.sender.name ?? g.sender.email,
      // Erased (lib/privacy): the column holds the placeholder "", the API shows null.
      name: g.recipientName === "" ? null : g.recipientName,
      "untie-url": withUntieUrl ? untieUrl(g.id, g.untieVersion, g.untieToken) : null,
      "delivery-method": g.deliveryMethod,
      email: g.email,
      "cc-email": g.ccEmail,
      stage: g.stage,
      "last-event-at": g.lastEventAt.toISOString(),
      "scheduled-at": g.scheduledAt?.toISOString() ?? null,
      // Present only when an expiry applies, as the contract says.
      ...(g.expiresOn ? { "expires-on": g.expiresOn.toISOString().slice(0, 10) } : {}),
      locale: g.locale,
      // The country the sender named for the recipient (ISO 3166-1 alpha-2), or null; where it shipped is `address.country`.
      "recipient-country": g.recipientCountry,
      subject: g.subject,
      message: g.message,
      from: g.from,
      "thank-you-note": g.thankYouNote,
      // A donated gift: the charity the recipient chose and the value recorded against it (the price).
      charity: g.donatedTo && {
        id: g.donatedTo.slug,
        name: g.donatedTo.name,
        amount: formatMoney(g.donatedCents ?? 0),
      },
      // Swapped: the swap collection the chosen product came from (null: the gift's own collection).
      "swap-collection": g.swapCollectionId === null ? null : String(g.swapCollectionId),
      "selected-product": g.selectedProduct && { id: String(g.selectedProduct.id), name: g.selectedProduct.name },
      variant: g.variant && { id: String(g.variant.id), name: g.variant.name },
      batch: g.batch,
      "redemption-email": g.redemptionEmail,
      // The sender sees where the gift goes, not the street: the full address is for fulfilment only.
      address: senderAddressOf(g.address),
      carrier: g.carrier,
      "tracking-number": g.trackingNumber,
      "tracking-url": g.trackingUrl,
      "delivery-issue": g.deliveryIssue,
      reminders: g.reminders,
      "time-zone": g.timeZone,
      "reminders-sent": g.remindersSent,
      "next-reminder-at": nextReminderAt(g),
      "test-clock": g.clockAt?.toISOString() ?? null,
      price: formatMoney(g.priceCents, g.currency),
      currency: g.currency,
      // What the gift pays on arrival in its recipient-country, among `price` (null: none estimated).
      duties: g.dutiesMinor == null ? null : formatMoney(g.dutiesMinor, g.currency),
      taxes: g.taxesMinor == null ? null : formatMoney(g.taxesMinor, g.currency),
      livemode: g.livemode,
      "created-at": g.createdAt.toISOString(),
      events: g.events.map((e) => ({
        type: eventTypeOf(e),
        stage: e.stage,
        message: e.message,
        "created-at": e.createdAt.toISOString(),
      })),
    },
    relationships: {
      sender: ref("users", g.sender.id),
      collection: ref("collections", g.collectionId),
      logo: ref("logos", g.logoId),
      design: ref("designs", g.designId),
    },
  };
}
