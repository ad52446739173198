import type { PrismaClient } from "@/lib/db";
import { randomSecret } from "@/lib/crypto";
import { badRequest, unknownFieldProblems, ValidationError } from "@/lib/errors";
import { visibleGifts } from "@/lib/gifts";
import type { TeamRef } from "@/lib/teams";
import { requireWebhookManager } from "./access";
import type { Actor } from "@/lib/actor";
import { getEndpoint } from "./endpoints";
import { eventsOfTypes, eventTypeOf, type EventType } from "./event-types";
import { endpointWants, giftsOf, webhookPayload } from "./payload";

/** How far back a replay may reach, and how many events one replay re-sends at most. */
export const REPLAY_WINDOW_MS = 30 * 24 * 60 * 60_000;
export const MAX_REPLAY_EVENTS = 10_000;

/** `{"since": "<ISO 8601 timestamp>"}` → the time, within the last 30 days. */
export function parseReplayInput(body: Record<string, unknown>, now: Date): Date {
  const unknown = unknownFieldProblems(body, ["since"]);
  if (unknown.length > 0) throw new ValidationError(unknown);
  const since =
    typeof body.since === "string" && /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(body.since)
      ? new Date(body.since)
      : null;
  if (!since || Number.isNaN(since.getTime()))
    throw new ValidationError([
      {
        detail: "Since must be an ISO 8601 timestamp (YYYY-MM-DDThh:mm:ssZ)",
        pointer: "/since",
        code: "invalid_timestamp",
      },
    ]);
  if (since.getTime() < now.getTime() - REPLAY_WINDOW_MS)
    throw new ValidationError([
      { detail: "Since must be within the last 30 days", pointer: "/since", code: "out_of_range" },
    ]);
  return since;
}

/**
 * Re-sends to one endpoint every event since `since` it subscribes to: new deliveries
 * sharing one replay id (so they never collide with the originals or another replay),
 * attempted by the worker like any other. Returns the replay id and how many were queued.
 */
export async function replayEvents(
  db: PrismaClient,
  caller: Actor,
  team: TeamRef,
  endpointId: string,
  since: Date,
  now = new Date(),
) {
  await requireWebhookManager(db, caller, team);
  const endpoint = await getEndpoint(db, caller, team, endpointId);
  const events = await db.giftEvent.findMany({
    where: {
      createdAt: { gte: since },
      AND: [eventsOfTypes(endpoint.eventTypes as EventType[])],
      gift: visibleGifts(caller, team),
    },
    select: { id: true, giftId: true, stage: true, action: true, createdAt: true },
    orderBy: { id: "asc" },
    take: MAX_REPLAY_EVENTS + 1,
  });
  if (events.length > MAX_REPLAY_EVENTS)
    throw badRequest(`More than ${MAX_REPLAY_EVENTS} events since ${since.toISOString()}: replay a shorter period.`);
  const replayId = `rpl_${randomSecret(12)}`;
  // A message re-sent is the same message: the bytes first sent to this endpoint, where there were any.
  const originals = new Map(
    (
      await db.webhookDelivery.findMany({
        where: { endpointId: endpoint.id, replayId: "", eventId: { in: events.map((e) => e.id) } },
        select: { eventId: true, payload: true },
      })
    ).map((d) => [d.eventId, d.payload]),
  );
  const gifts = await giftsOf(db, events);
  const owner = { teamId: team.id, ownerId: caller.user.id, eventTypes: endpoint.eventTypes, createdAt: new Date(0) };
  const rows = events.flatMap((event) => {
    const gift = gifts.get(event.giftId);
    return gift && endpointWants(owner, event, gift)
      ? [
          {
            eventId: event.id,
            endpointId: endpoint.id,
            replayId,
            eventType: eventTypeOf(event),
            payload: originals.get(event.id) ?? webhookPayload(event, gift),
            nextAttemptAt: now,
            createdAt: now,
          },
        ]
      : [];
  });
  const { count } = await db.webhookDelivery.createMany({ data: rows });
  return { replayId, deliveries: count };
}
