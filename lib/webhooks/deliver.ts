import type { PrismaClient } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { queryRows } from "@/lib/database/sql";
import { LEASE_MS, renewWhileWorking } from "@/lib/database/lease";
import { decryptSecret } from "./secrets";
import { postWebhook, type SendOutcome } from "./send";
import { allowPrivateAddresses } from "./settings";
import { webhookHeaders } from "./sign";
import { notifyEndpointDisabled } from "./notify-disabled";

/** Waits after failed attempts 1, 2, … 9: 30 s, 2 min, 8 min, 32 min, 2 h, 8 h, 16 h, 24 h, 24 h (≈ 3.1 days in all). */
export const RETRY_SCHEDULE_MS = [30e3, 120e3, 480e3, 1_920e3, 7_200e3, 28_800e3, 57_600e3, 86_400e3, 86_400e3];
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1;
/** An endpoint whose attempts have all failed for this long is disabled (and its owner emailed). */
export const DISABLE_AFTER_MS = 5 * 24 * 60 * 60_000;
/** How long a claim holds a delivery unless its worker renews it (see lib/database/lease). */
export { LEASE_MS };

export type WebhookWorkerOptions = {
  /** The scheduling clock (retry times, failure streaks); tests move it. Signatures always use the real time. */
  now?: Date;
  limit?: number;
  concurrency?: number;
  allowPrivate?: boolean;
  timeoutMs?: number;
};

export type AttemptResult = {
  deliveryId: number;
  outcome: "succeeded" | "retry" | "failed";
  attempt: number;
  status: number | null;
  error: string | null;
};

const CLAIMED_SELECT = {
  id: true,
  eventId: true,
  payload: true,
  attempts: true,
  endpoint: {
    select: {
      id: true,
      url: true,
      secretCiphertext: true,
      previousSecretCiphertext: true,
      previousSecretExpiresAt: true,
    },
  },
} as const satisfies Prisma.WebhookDeliverySelect;
type Claimed = Prisma.WebhookDeliveryGetPayload<{ select: typeof CLAIMED_SELECT }>;

/**
 * Claims due deliveries of enabled endpoints: one conditional UPDATE sets the lease and
 * counts the attempt; rows a concurrent claim holds are skipped, so two workers never
 * attempt the same delivery at once.
 */
export async function claimDeliveries(
  db: PrismaClient,
  { now, limit }: { now: Date; limit: number },
): Promise<Claimed[]> {
  const at = now.toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    Prisma.sql`
    UPDATE "WebhookDelivery" SET "leaseUntil" = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamp, "attempts" = "attempts" + 1
    WHERE "id" IN (
      SELECT d."id" FROM "WebhookDelivery" d JOIN "WebhookEndpoint" e ON e."id" = d."endpointId"
      WHERE d."status" = 'pending' AND e."enabled" AND d."nextAttemptAt" <= ${at}::timestamp
        AND (d."leaseUntil" IS NULL OR d."leaseUntil" <= ${at}::timestamp)
      ORDER BY d."nextAttemptAt", d."id"
      LIMIT ${Math.max(1, Math.floor(limit))}::int
      FOR UPDATE OF d SKIP LOCKED
    )
    RETURNING "id"`,
  );
  if (rows.length === 0) return [];
  return db.webhookDelivery.findMany({
    where: { id: { in: rows.map((r) => r.id) } },
    select: CLAIMED_SELECT,
    orderBy: { id: "asc" },
  });
}

/** The secrets that sign now: the current one, and the previous one during its grace period. */
export function signingSecrets(
  endpoint: Pick<Claimed["endpoint"], "secretCiphertext" | "previousSecretCiphertext" | "previousSecretExpiresAt">,
  now: Date,
): string[] {
  const secrets = [decryptSecret(endpoint.secretCiphertext)];
  if (endpoint.previousSecretCiphertext && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(decryptSecret(endpoint.previousSecretCiphertext));
  }
  return secrets;
}

/**
 * The `webhook-id` of a message: one per event, the same on every retry and every replay of it
 * (Standard Webhooks: a re-sent message keeps its id, with a new timestamp and signature), so
 * receivers can drop duplicates.
 */
export const messageId = (eventId: number) => `msg_${eventId}`;

async function attempt(
  delivery: Claimed,
  options: Required<Pick<WebhookWorkerOptions, "allowPrivate">> & WebhookWorkerOptions,
): Promise<SendOutcome> {
  const realNow = new Date();
  const timestamp = Math.floor(realNow.getTime() / 1000);
  const headers = webhookHeaders(
    signingSecrets(delivery.endpoint, options.now ?? realNow),
    messageId(delivery.eventId),
    timestamp,
    delivery.payload,
  );
  return postWebhook(delivery.endpoint.url, headers, delivery.payload, {
    allowPrivate: options.allowPrivate,
    timeoutMs: options.timeoutMs,
  });
}

type Sent = { delivery: Claimed; sent: SendOutcome };

const succeeded = (sent: SendOutcome) => sent.status !== null && sent.status >= 200 && sent.status < 300;

function resultOf({ delivery, sent }: Sent): AttemptResult {
  const ok = succeeded(sent);
  const outcome = ok ? "succeeded" : delivery.attempts >= MAX_ATTEMPTS ? "failed" : "retry";
  return {
    deliveryId: delivery.id,
    outcome,
    attempt: delivery.attempts,
    status: sent.status,
    error: ok ? null : (sent.error ?? `HTTP ${sent.status}`),
  };
}

/**
 * Records a batch of attempts and their consequences in one transaction: the attempt rows,
 * the deliveries (succeeded, retry at their backoff time, or failed after the last
 * attempt) and each endpoint's failure streak (any success ends it). An endpoint whose
 * streak reaches DISABLE_AFTER_MS is disabled; returns the endpoints this call disabled
 * (the conditional update lets only one worker do it, so the owner is emailed once).
 */
async function record(db: PrismaClient, batch: Sent[], now: Date): Promise<AttemptResult[]> {
  const results = batch.map(resultOf);
  await db.$transaction(async (tx) => {
    await tx.webhookAttempt.createMany({
      data: batch.map(({ delivery, sent }, i) => ({
        deliveryId: delivery.id,
        endpointId: delivery.endpoint.id,
        attempt: delivery.attempts,
        responseStatus: sent.status,
        durationMs: sent.durationMs,
        responseBody: sent.body,
        error: results[i].error?.slice(0, 500) ?? null,
        succeeded: results[i].outcome === "succeeded",
        createdAt: now,
      })),
    });
    const ids = (keep: (r: AttemptResult) => boolean) => results.filter(keep).map((r) => r.deliveryId);
    for (const status of ["succeeded", "failed"] as const) {
      const done = ids((r) => r.outcome === status);
      if (done.length > 0)
        await tx.webhookDelivery.updateMany({
          where: { id: { in: done }, status: "pending" },
          data: { status, leaseUntil: null, completedAt: now },
        });
    }
    for (const attempt of new Set(results.filter((r) => r.outcome === "retry").map((r) => r.attempt))) {
      const retry = ids((r) => r.outcome === "retry" && r.attempt === attempt);
      const nextAttemptAt = new Date(now.getTime() + RETRY_SCHEDULE_MS[attempt - 1]);
      await tx.webhookDelivery.updateMany({
        where: { id: { in: retry }, status: "pending" },
        data: { leaseUntil: null, nextAttemptAt },
      });
    }
    const healthy = new Set(batch.filter(({ sent }) => succeeded(sent)).map(({ delivery }) => delivery.endpoint.id));
    const failing = [...new Set(batch.map(({ delivery }) => delivery.endpoint.id))].filter((id) => !healthy.has(id));
    if (healthy.size > 0)
      await tx.webhookEndpoint.updateMany({
        where: { id: { in: [...healthy] }, failingSince: { not: null } },
        data: { failingSince: null },
      });
    if (failing.length === 0) return;
    await tx.webhookEndpoint.updateMany({
      where: { id: { in: failing }, failingSince: null },
      data: { failingSince: now },
    });
    const disabling = await tx.webhookEndpoint.updateManyAndReturn({
      where: { id: { in: failing }, enabled: true, failingSince: { lte: new Date(now.getTime() - DISABLE_AFTER_MS) } },
      data: { enabled: false, disabledReason: "Every delivery failed for 5 days" },
      select: { id: true },
    });
    // The owner's email is queued with the change that disables the endpoint: exactly once.
    for (const { id } of disabling) await notifyEndpointDisabled(tx, id);
  });
  return results;
}

/**
 * The webhook worker: claims due deliveries, attempts them (a few at a time), then
 * records the batch. Safe to run from any number of workers at once. The worker renews its
 * leases while the batch runs; one that dies mid-batch stops renewing, and its deliveries
 * are attempted again once LEASE_MS has passed (receivers dedupe on webhook-id).
 */
export async function deliverDueWebhooks(
  db: PrismaClient,
  options: WebhookWorkerOptions = {},
): Promise<AttemptResult[]> {
  const now = () => options.now ?? new Date();
  const allowPrivate = options.allowPrivate ?? allowPrivateAddresses();
  const claimed = await claimDeliveries(db, { now: now(), limit: options.limit ?? 50 });
  if (claimed.length === 0) return [];
  const batch: Sent[] = [];
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const delivery = claimed[next++];
      try {
        batch.push({ delivery, sent: await attempt(delivery, { ...options, allowPrivate }) });
      } catch (error) {
        // e.g. a secret encrypted under another AUTH_SECRET: a failed attempt, never a crash.
        batch.push({
          delivery,
          sent: {
            status: null,
            body: null,
            durationMs: 0,
            error: `not sent: ${error instanceof Error ? error.message : String(error)}`,
          },
        });
      }
    }
  };
  const ids = claimed.map((d) => d.id);
  const stopRenewing = renewWhileWorking(() => {
    const until = new Date(Date.now() + LEASE_MS);
    return db.webhookDelivery.updateMany({
      where: { id: { in: ids }, status: "pending", leaseUntil: { lt: until } },
      data: { leaseUntil: until },
    });
  });
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 8, claimed.length)) }, worker));
    return await record(db, batch, now());
  } finally {
    stopRenewing();
  }
}
