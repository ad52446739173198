import type { PrismaClient, Tx } from "@/lib/db";
import { randomSecret } from "@/lib/crypto";
import { conflict, notFound } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { lockTeam, type TeamRef } from "@/lib/teams";
import { requireWebhookManager } from "./access";
import type { Actor } from "@/lib/actor";
import type { EndpointInput } from "./schema";
import { encryptSecret, newSigningSecret } from "./secrets";

/** Endpoints per team (per user in the shared sandbox team). */
export const MAX_ENDPOINTS = 20;
/** How long the previous secret still signs after a rotation. */
export const ROTATION_GRACE_MS = 24 * 60 * 60_000;

export const ENDPOINT_SELECT = {
  id: true,
  teamId: true,
  url: true,
  description: true,
  eventTypes: true,
  enabled: true,
  disabledReason: true,
  previousSecretExpiresAt: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.WebhookEndpointSelect;

export type EndpointView = Prisma.WebhookEndpointGetPayload<{ select: typeof ENDPOINT_SELECT }>;

/** The endpoints a caller manages in a team: all of the team's, or in the sandbox only its own. */
export function visibleEndpoints(caller: Actor, team: TeamRef): Prisma.WebhookEndpointWhereInput {
  return caller.mode === "sandbox" ? { teamId: team.id, ownerId: caller.user.id } : { teamId: team.id };
}

export function listEndpoints(db: Tx, caller: Actor, team: TeamRef): Promise<EndpointView[]> {
  return db.webhookEndpoint.findMany({
    where: visibleEndpoints(caller, team),
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: ENDPOINT_SELECT,
  });
}

export async function getEndpoint(db: Tx, caller: Actor, team: TeamRef, id: string): Promise<EndpointView> {
  const endpoint = id.includes("\u0000")
    ? null
    : await db.webhookEndpoint.findFirst({ where: { ...visibleEndpoints(caller, team), id }, select: ENDPOINT_SELECT });
  if (!endpoint) throw notFound(`No webhook endpoint "${id}" in team "${team.id}".`);
  return endpoint;
}

// Changing endpoints (create, update, delete, rotate; replay in replay.ts) is for a live team's
// owners: requireWebhookManager. Reading them is for every member.

/**
 * Creates an endpoint; the signing secret is returned this once (stored encrypted). The
 * team row is locked while counting, so concurrent creates can't pass the limit together.
 */
export async function createEndpoint(
  db: PrismaClient,
  caller: Actor,
  team: TeamRef,
  input: EndpointInput,
): Promise<{ endpoint: EndpointView; secret: string }> {
  await requireWebhookManager(db, caller, team);
  const secret = newSigningSecret();
  const endpoint = await db.$transaction(async (tx) => {
    await lockTeam(tx, team.id);
    if ((await tx.webhookEndpoint.count({ where: visibleEndpoints(caller, team) })) >= MAX_ENDPOINTS) {
      throw conflict(`A team can have at most ${MAX_ENDPOINTS} webhook endpoints: delete one first.`);
    }
    return tx.webhookEndpoint.create({
      data: {
        id: `whe_${randomSecret(16)}`,
        teamId: team.id,
        ownerId: caller.user.id,
        url: input.url!,
        description: input.description ?? null,
        eventTypes: input.eventTypes ?? [],
        enabled: input.enabled ?? true,
        secretCiphertext: encryptSecret(secret),
      },
      select: ENDPOINT_SELECT,
    });
  });
  return { endpoint, secret };
}

/** What a paused endpoint says: who paused it, by where they did (the team page's session or a token). */
const pausedBy = (caller: Actor) => (caller.via === "session" ? "Paused on the team page" : "Disabled through the API");

/** Re-enabling an endpoint clears its failure streak (it was disabled for failing). */
export async function updateEndpoint(
  db: Tx,
  caller: Actor,
  team: TeamRef,
  id: string,
  input: EndpointInput,
): Promise<EndpointView> {
  await requireWebhookManager(db, caller, team);
  const current = await getEndpoint(db, caller, team, id);
  const reenabled = input.enabled === true && !current.enabled;
  return db.webhookEndpoint.update({
    where: { id: current.id },
    data: {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.eventTypes !== undefined ? { eventTypes: input.eventTypes } : {}),
      ...(input.enabled !== undefined
        ? { enabled: input.enabled, disabledReason: input.enabled ? null : pausedBy(caller) }
        : {}),
      ...(reenabled ? { failingSince: null } : {}),
    },
    select: ENDPOINT_SELECT,
  });
}

export async function deleteEndpoint(db: Tx, caller: Actor, team: TeamRef, id: string): Promise<EndpointView> {
  await requireWebhookManager(db, caller, team);
  const endpoint = await getEndpoint(db, caller, team, id);
  await db.webhookEndpoint.delete({ where: { id: endpoint.id } });
  return endpoint;
}

/**
 * A new signing secret, returned this once. The previous one keeps signing (a second
 * signature in `webhook-signature`) for ROTATION_GRACE_MS, so receivers can switch over.
 */
export async function rotateSecret(
  db: Tx,
  caller: Actor,
  team: TeamRef,
  id: string,
  now = new Date(),
): Promise<{ endpoint: EndpointView; secret: string }> {
  await requireWebhookManager(db, caller, team);
  const current = await getEndpoint(db, caller, team, id);
  const { secretCiphertext } = await db.webhookEndpoint.findUniqueOrThrow({
    where: { id: current.id },
    select: { secretCiphertext: true },
  });
  const secret = newSigningSecret();
  // Conditional on the secret read: of two concurrent rotations one wins, the other is a 409.
  const { count } = await db.webhookEndpoint.updateMany({
    where: { id: current.id, secretCiphertext },
    data: {
      secretCiphertext: encryptSecret(secret),
      previousSecretCiphertext: secretCiphertext,
      previousSecretExpiresAt: new Date(now.getTime() + ROTATION_GRACE_MS),
    },
  });
  if (count === 0) throw conflict("The secret was rotated by another request at the same time: try again.");
  return { endpoint: await getEndpoint(db, caller, team, id), secret };
}
