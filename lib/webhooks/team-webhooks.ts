import { queryRows, type Queryable } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TeamRef } from "@/lib/teams";
import type { EndpointView } from "./endpoints";

/** One of an endpoint's latest attempts, as the team page shows it. */
export type RecentAttempt = {
  id: number;
  attempt: number;
  succeeded: boolean;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  createdAt: Date;
  delivery: { eventType: string; replayId: string };
};

export type TeamWebhook = { endpoint: EndpointView; attempts: RecentAttempt[]; moreAttempts: boolean };

type Row = EndpointView & { attempts: (Omit<RecentAttempt, "createdAt" | "delivery"> & Stamped)[] };
type Stamped = { createdAt: string; eventType: string; replayId: string };

/**
 * A live team's webhook endpoints, oldest first, each with its `shown` latest attempts (newest
 * first, as listAttempts orders them) and whether it has more: the team page's one read of them,
 * where an endpoint and its attempts through Prisma were two statements an endpoint and one more.
 */
export async function teamWebhooks(db: Queryable, team: TeamRef, shown: number): Promise<TeamWebhook[]> {
  const rows = await queryRows<Row>(
    db,
    Prisma.sql`
      SELECT e."id", e."teamId", e."url", e."description", e."eventTypes", e."enabled", e."disabledReason",
             e."previousSecretExpiresAt", e."createdAt", e."updatedAt",
             (SELECT coalesce(json_agg(json_build_object(
                       'id', w."id", 'attempt', w."attempt", 'succeeded', w."succeeded",
                       'responseStatus', w."responseStatus", 'error', w."error", 'durationMs', w."durationMs",
                       'createdAt', w."createdAt", 'eventType', d."eventType", 'replayId', d."replayId")
                     ORDER BY w."createdAt" DESC, w."id" DESC), '[]')
                FROM (SELECT * FROM "WebhookAttempt" a WHERE a."endpointId" = e."id"
                       ORDER BY a."createdAt" DESC, a."id" DESC LIMIT ${shown + 1}) w
                JOIN "WebhookDelivery" d ON d."id" = w."deliveryId") AS "attempts"
        FROM "WebhookEndpoint" e
       WHERE e."teamId" = ${team.id}
       ORDER BY e."createdAt", e."id"`,
  );
  return rows.map(({ attempts, ...endpoint }) => ({
    endpoint,
    attempts: attempts.slice(0, shown).map(({ createdAt, eventType, replayId, ...attempt }) => ({
      ...attempt,
      createdAt: new Date(`${createdAt}Z`), // timestamp inside JSON: UTC, without its zone
      delivery: { eventType, replayId },
    })),
    moreAttempts: attempts.length > shown,
  }));
}
