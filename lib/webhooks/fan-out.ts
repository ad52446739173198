import type { PrismaClient } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { eventTypeOf } from "./event-types";
import { endpointWants, giftsOf, webhookPayload } from "./payload";

export type FanOutSummary = { events: number; deliveries: number };

/**
 * The outbox reader: takes up to `limit` gift events not dispatched yet (rows another
 * worker holds are skipped), makes one delivery per interested enabled endpoint and marks
 * the events dispatched, all in one transaction. Stage changes write their event in the
 * transaction that changes the stage, so every committed change is seen here exactly
 * once; the unique (event, endpoint, replay) key makes a second delivery impossible even
 * if two workers raced on one event.
 */
export async function fanOutEvents(
  db: PrismaClient,
  { limit = 100, now = new Date() }: { limit?: number; now?: Date } = {},
): Promise<FanOutSummary> {
  return db.$transaction(async (tx) => {
    const claimed = await queryRows<{ id: number }>(
      tx,
      Prisma.sql`
      UPDATE "GiftEvent" SET "webhooksDispatchedAt" = ${now.toISOString()}::timestamp
      WHERE "id" IN (
        SELECT "id" FROM "GiftEvent" WHERE "webhooksDispatchedAt" IS NULL
        ORDER BY "id" LIMIT ${Math.max(1, Math.floor(limit))}::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING "id"`,
    );
    if (claimed.length === 0) return { events: 0, deliveries: 0 };
    const events = await tx.giftEvent.findMany({
      where: { id: { in: claimed.map((c) => c.id) } },
      select: {
        id: true,
        giftId: true,
        stage: true,
        action: true,
        createdAt: true,
        gift: { select: { teamId: true } },
      },
      orderBy: { id: "asc" },
    });
    const endpoints = await tx.webhookEndpoint.findMany({
      where: { enabled: true, teamId: { in: [...new Set(events.map((e) => e.gift.teamId))] } },
      select: { id: true, teamId: true, ownerId: true, eventTypes: true, createdAt: true },
    });
    if (endpoints.length === 0) return { events: events.length, deliveries: 0 };

    const interested = events.filter((e) =>
      endpoints.some((ep) => ep.teamId === e.gift.teamId && ep.eventTypes.includes(eventTypeOf(e))),
    );
    const gifts = await giftsOf(tx, interested);
    const rows = interested.flatMap((event) => {
      const gift = gifts.get(event.giftId);
      if (!gift) return [];
      const payload = webhookPayload(event, gift);
      return endpoints
        .filter((endpoint) => endpointWants(endpoint, event, gift))
        .map((endpoint) => ({
          eventId: event.id,
          endpointId: endpoint.id,
          eventType: eventTypeOf(event),
          payload,
          nextAttemptAt: now,
          createdAt: now,
        }));
    });
    const { count } =
      rows.length > 0 ? await tx.webhookDelivery.createMany({ data: rows, skipDuplicates: true }) : { count: 0 };
    return { events: events.length, deliveries: count };
  });
}
