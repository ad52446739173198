import type { Tx } from "@/lib/db";
import { badRequest } from "@/lib/errors";
import { visibleGifts, type Cursor } from "@/lib/gifts";
import type { TeamRef } from "@/lib/teams";
import type { Caller } from "@/lib/tokens";
import { EVENT_TYPES, eventsOfTypes, isEventType, type EventType } from "./event-types";

export type EventFilter = { type?: EventType; giftId?: string };

/** `filter[type]` (an event type) and `filter[gift]` (a gift id) on the event feed. */
export function readEventFilter(url: URL): EventFilter {
  const type = url.searchParams.get("filter[type]") ?? undefined;
  if (type !== undefined && !isEventType(type))
    throw badRequest(`filter[type] must be one of: ${EVENT_TYPES.join(", ")}.`, { parameter: "filter[type]" });
  const giftId = url.searchParams.get("filter[gift]") || undefined;
  if (giftId !== undefined && (giftId.length > 100 || giftId.includes("\u0000")))
    throw badRequest("filter[gift] is not a gift id.", { parameter: "filter[gift]" });
  return { type, giftId };
}

/** The events of the gifts a caller sees in a team (in the sandbox, its own), newest first; one extra row for paging. */
export function listEvents(
  db: Tx,
  input: { caller: Caller; team: TeamRef; filter: EventFilter; size: number; after?: Cursor },
) {
  const { caller, team, filter, after } = input;
  return db.giftEvent.findMany({
    where: {
      gift: { ...visibleGifts(caller, team), ...(filter.giftId ? { id: filter.giftId } : {}) },
      ...(filter.type ? { AND: [eventsOfTypes([filter.type])] } : {}),
      ...(after
        ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: Number(after.id) } }] }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.size + 1,
    select: { id: true, giftId: true, stage: true, action: true, message: true, createdAt: true },
  });
}

export type EventView = Awaited<ReturnType<typeof listEvents>>[number];
