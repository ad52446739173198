import type { Tx } from "@/lib/db";
import { serializeGift } from "@/lib/representations/gift";
import { loadGifts, type GiftView } from "@/lib/gifts";
import { eventTypeOf } from "./event-types";

export type DispatchableEvent = { id: number; giftId: string; stage: string; action: string | null; createdAt: Date };

/** The body of a webhook: `{type, timestamp, data}` with the gift as the API shows it. */
export function webhookPayload(event: DispatchableEvent, gift: GiftView): string {
  return JSON.stringify({
    type: eventTypeOf(event),
    timestamp: event.createdAt.toISOString(),
    // With its untie URL: a team's endpoints are set up by its owners (in the sandbox, each
    // person's endpoints get only their own gifts), who may hold every gift's link.
    data: serializeGift(gift, true),
  });
}

/** The gifts of some events, by id, loaded in one query. */
export async function giftsOf(tx: Tx, events: DispatchableEvent[]): Promise<Map<string, GiftView>> {
  const gifts = await loadGifts(tx, [...new Set(events.map((e) => e.giftId))]);
  return new Map(gifts.map((g) => [g.id, g]));
}

/** Whether an endpoint receives an event: its team, its types, created before the event, and in the shared sandbox only its owner's gifts. */
export function endpointWants(
  endpoint: { teamId: string; ownerId: string; eventTypes: string[]; createdAt: Date },
  event: DispatchableEvent,
  gift: { teamId: string; livemode: boolean; sender: { id: string } },
): boolean {
  return (
    endpoint.teamId === gift.teamId &&
    endpoint.eventTypes.includes(eventTypeOf(event)) &&
    event.createdAt >= endpoint.createdAt &&
    (gift.livemode || endpoint.ownerId === gift.sender.id)
  );
}
