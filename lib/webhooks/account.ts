import type { PrismaClient } from "@/lib/db";
import { randomSecret } from "@/lib/crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { SANDBOX_TEAM_ID } from "@/lib/teams";
import { signingSecrets } from "./deliver";
import { postWebhook, type SendOutcome } from "./send";
import { allowPrivateAddresses } from "./settings";
import { webhookHeaders } from "./sign";

/** The endpoints a signed-in user sees: those of their teams, and their own sandbox ones. */
function visibleTo(userId: string): Prisma.WebhookEndpointWhereInput {
  return { OR: [{ team: { memberships: { some: { userId } } } }, { teamId: SANDBOX_TEAM_ID, ownerId: userId }] };
}

/** The endpoints a user manages (sends test events to): their teams' where they are an owner, and their own sandbox ones. */
function managedBy(userId: string): Prisma.WebhookEndpointWhereInput {
  return {
    OR: [{ team: { memberships: { some: { userId, role: "owner" } } } }, { teamId: SANDBOX_TEAM_ID, ownerId: userId }],
  };
}

/** For the account page: each endpoint with its five latest attempts. */
export function listEndpointsForUser(db: PrismaClient, userId: string) {
  return db.webhookEndpoint.findMany({
    where: visibleTo(userId),
    orderBy: [{ teamId: "asc" }, { createdAt: "asc" }],
    select: {
      id: true,
      teamId: true,
      url: true,
      description: true,
      enabled: true,
      disabledReason: true,
      attempts: {
        orderBy: { id: "desc" },
        take: 5,
        select: {
          id: true,
          succeeded: true,
          responseStatus: true,
          durationMs: true,
          error: true,
          createdAt: true,
          delivery: { select: { eventType: true } },
        },
      },
    },
  });
}

/**
 * Sends a `webhook.test` message to one of the user's endpoints now, signed like any other
 * (same safety rules), and reports the answer. Not recorded as an attempt: it belongs to
 * no gift event. Null when the user doesn't manage that endpoint.
 */
export async function sendTestEvent(db: PrismaClient, userId: string, endpointId: string): Promise<SendOutcome | null> {
  const endpoint = await db.webhookEndpoint.findFirst({
    where: { AND: [managedBy(userId), { id: endpointId }] },
    select: {
      id: true,
      url: true,
      secretCiphertext: true,
      previousSecretCiphertext: true,
      previousSecretExpiresAt: true,
    },
  });
  if (!endpoint) return null;
  const now = new Date();
  const body = JSON.stringify({
    type: "webhook.test",
    timestamp: now.toISOString(),
    data: { endpoint: endpoint.id, message: "A test event from your Ribbon account page." },
  });
  const headers = webhookHeaders(
    signingSecrets(endpoint, now),
    `msg_test_${randomSecret(12)}`,
    Math.floor(now.getTime() / 1000),
    body,
  );
  return postWebhook(endpoint.url, headers, body, { allowPrivate: allowPrivateAddresses() });
}
