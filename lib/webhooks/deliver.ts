import type { PrismaClient } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
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
/** How long a worker holds a claimed delivery: far longer than one attempt (10 s timeout) takes. */
export const LEASE_MS = 2 * 60_000;

export type WebhookWorkerOptions = {
  /** The scheduling clock (retry times, failure streaks); tests move it. Signatures always use the real time. */
  now?: Date;
  limit?: number;
  concurrency?: number;
  allowPrivate?: boolean;
  timeoutMs?: number;
};

export type AttemptResult = { deliveryId: number; outcome: "succeeded" | "retry" | "failed"; attempt: number; status: number | null; error: string | null };

const CLAIMED_SELECT = {
  id: true,
  payload: true,
  attempts: true,
  endpoint: { select: { id: true, url: true, secretCiphertext: true, previousSecretCiphertext: true, previousSecretExpiresAt: true } },
} as const satisfies Prisma.WebhookDeliverySelect;
type Claimed = Prisma.WebhookDeliveryGetPayload<{ select: typeof CLAIMED_SELECT }>;

/**
 * Claims due deliveries of enabled endpoints: one conditional UPDATE sets the lease and
 * counts the attempt; rows a concurrent claim holds are skipped, so two workers never
 * attempt the same delivery at once.
 */
export async function claimDeliveries(db: PrismaClient, { now, limit }: { now: Date; limit: number }): Promise<Claimed[]> {
  const at = now.toISOString();
  const rows = await db.$queryRaw<{ id: number }[]>`
    UPDATE "WebhookDelivery" SET "leaseUntil" = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamp, "attempts" = "attempts" + 1
    WHERE "id" IN (
      SELECT d."id" FROM "WebhookDelivery" d JOIN "WebhookEndpoint" e ON e."id" = d."endpointId"
      WHERE d."status" = 'pending' AND e."enabled" AND d."nextAttemptAt" <= ${at}::timestamp
        AND (d."leaseUntil" IS NULL OR d."leaseUntil" <= ${at}::timestamp)
      ORDER BY d."nextAttemptAt", d."id"
      LIMIT ${Math.max(1, Math.floor(limit))}::int
      FOR UPDATE OF d SKIP LOCKED
    )
    RETURNING "id"`;
  if (rows.length === 0) return [];
  return db.webhookDelivery.findMany({ where: { id: { in: rows.map((r) => r.id) } }, select: CLAIMED_SELECT, orderBy: { id: "asc" } });
}

/** The secrets that sign now: the current one, and the previous one during its grace period. */
function signingSecrets(endpoint: Claimed["endpoint"], now: Date): string[] {
  const secrets = [decryptSecret(endpoint.secretCiphertext)];
  if (endpoint.previousSecretCiphertext && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(decryptSecret(endpoint.previousSecretCiphertext));
  }
  return secrets;
}

/** The `webhook-id` of a delivery: the same on every retry, so receivers can drop duplicates. */
export const messageId = (deliveryId: number) => `msg_${deliveryId}`;

async function attempt(delivery: Claimed, options: Required<Pick<WebhookWorkerOptions, "allowPrivate">> & WebhookWorkerOptions): Promise<SendOutcome> {
  const realNow = new Date();
  const timestamp = Math.floor(realNow.getTime() / 1000);
  const headers = webhookHeaders(signingSecrets(delivery.endpoint, options.now ?? realNow), messageId(delivery.id), timestamp, delivery.payload);
  return postWebhook(delivery.endpoint.url, headers, delivery.payload, { allowPrivate: options.allowPrivate, timeoutMs: options.timeoutMs });
}

/**
 * Records one attempt and its consequences in one transaction: the attempt row, the
 * delivery (succeeded, retry at its backoff time, or failed after the last attempt) and
 * the endpoint's failure streak. An endpoint failing for DISABLE_AFTER_MS is disabled;
 * returns true when this call disabled it (so its owner is emailed once).
 */
async function record(db: PrismaClient, delivery: Claimed, sent: SendOutcome, now: Date): Promise<{ result: AttemptResult; disabled: boolean }> {
  const ok = sent.status !== null && sent.status >= 200 && sent.status < 300;
  const n = delivery.attempts;
  const outcome: AttemptResult["outcome"] = ok ? "succeeded" : n >= MAX_ATTEMPTS ? "failed" : "retry";
  const error = ok ? null : (sent.error ?? `HTTP ${sent.status}`);
  const disabled = await db.$transaction(async (tx) => {
    await tx.webhookAttempt.create({
      data: { deliveryId: delivery.id, endpointId: delivery.endpoint.id, attempt: n, responseStatus: sent.status, durationMs: sent.durationMs, responseBody: sent.body, error: error?.slice(0, 500) ?? null, succeeded: ok, createdAt: now },
    });
    await tx.webhookDelivery.updateMany({
      where: { id: delivery.id, status: "pending" },
      data:
        outcome === "retry"
          ? { leaseUntil: null, nextAttemptAt: new Date(now.getTime() + RETRY_SCHEDULE_MS[n - 1]) }
          : { leaseUntil: null, status: outcome, completedAt: now },
    });
    const endpointId = delivery.endpoint.id;
    if (ok) {
      await tx.webhookEndpoint.updateMany({ where: { id: endpointId, failingSince: { not: null } }, data: { failingSince: null } });
      return false;
    }
    await tx.webhookEndpoint.updateMany({ where: { id: endpointId, failingSince: null }, data: { failingSince: now } });
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { id: endpointId, enabled: true, failingSince: { lte: new Date(now.getTime() - DISABLE_AFTER_MS) } },
      data: { enabled: false, disabledReason: `Every delivery failed for 5 days (last error: ${error?.slice(0, 200)})` },
    });
    return count === 1;
  });
  return { result: { deliveryId: delivery.id, outcome, attempt: n, status: sent.status, error }, disabled };
}

/**
 * The webhook worker: claims due deliveries and attempts each (a few at a time). Safe to
 * run from any number of workers at once. A worker that dies mid-attempt leaves the
 * delivery leased; it is attempted again after LEASE_MS (receivers dedupe on webhook-id).
 */
export async function deliverDueWebhooks(db: PrismaClient, options: WebhookWorkerOptions = {}): Promise<AttemptResult[]> {
  const now = () => options.now ?? new Date();
  const allowPrivate = options.allowPrivate ?? allowPrivateAddresses();
  const claimed = await claimDeliveries(db, { now: now(), limit: options.limit ?? 50 });
  const results: AttemptResult[] = [];
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const delivery = claimed[next++];
      let sent: SendOutcome;
      try {
        sent = await attempt(delivery, { ...options, allowPrivate });
      } catch (error) {
        // e.g. a secret encrypted under another AUTH_SECRET: a failed attempt, never a crash.
        sent = { status: null, body: null, durationMs: 0, error: `not sent: ${error instanceof Error ? error.message : String(error)}` };
      }
      const { result, disabled } = await record(db, delivery, sent, now());
      if (disabled) await notifyEndpointDisabled(db, delivery.endpoint.id);
      results.push(result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 8, claimed.length)) }, worker));
  return results;
}
