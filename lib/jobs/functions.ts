import { cron, NonRetriableError, RetryAfterError, type Inngest } from "inngest";
import { getDb, type PrismaClient } from "@/lib/db";
import { deliverDueGifts, deliverGift, expireGifts, type MailTransport } from "@/lib/delivery";
import { advanceFulfilment, type FulfilmentOptions } from "@/lib/fulfilment";
import { runWebhooks } from "@/lib/webhooks";
import { purgeExpiredIdempotencyKeys } from "@/lib/idempotency";
import { giftCancelled, giftScheduled } from "./events";

/**
 * The `deliver-gift` step: delivers through the domain function and turns its answer
 * into what Inngest understands: "retry at" (RetryAfterError, at the gift's backoff time
 * or its send time) or "give up" (NonRetriableError, the gift is already `failed`).
 */
export async function deliverOrThrow(db: PrismaClient, giftId: string, transport?: MailTransport) {
  const result = await deliverGift(db, giftId, { transport });
  if (result.outcome === "retry") throw new RetryAfterError(`Attempt ${result.attempt} failed: ${result.error}`, result.retryAt);
  if (result.outcome === "failed") throw new NonRetriableError(`Gave up after ${result.attempt} attempts: ${result.error}`);
  if (result.outcome === "skipped" && result.reason === "not-due" && result.retryAt) throw new RetryAfterError("Not due yet", result.retryAt);
  // sent, suppressed, or nothing to do (cancelled, already sent, held by a sweep that will finish it).
  return { giftId: result.giftId, outcome: result.outcome, ...(result.outcome === "skipped" ? { reason: result.reason } : {}) };
}

export type JobDependencies = {
  db: () => Promise<PrismaClient>;
  /** Defaults to the transport chosen by the environment; tests pass a fake. */
  transport?: () => MailTransport;
  /** Defaults to the simulated warehouse; tests pass a fake. */
  fulfilment?: FulfilmentOptions["provider"];
};

/**
 * Ribbon's Inngest functions. Each calls one domain function from lib/delivery, which
 * holds all the rules (claiming, exactly-once, backoff, failure); the jobs only decide
 * when to call them and turn "try again later" into Inngest retries.
 */
export function createFunctions(client: Inngest.Any, deps: JobDependencies = { db: getDb }) {
  const transport = () => deps.transport?.();

  /** Sleeps until the gift's send time, then delivers it. Cancelled by `gift/cancelled` for the same gift. */
  const deliverScheduledGift = client.createFunction(
    {
      id: "deliver-scheduled-gift",
      name: "Deliver a scheduled gift email",
      triggers: [giftScheduled],
      cancelOn: [{ event: giftCancelled, match: "data.giftId" }],
      // deliverGift allows 5 attempts (MAX_ATTEMPTS) and then moves the gift to failed.
      retries: 6,
    },
    async ({ event, step }) => {
      await step.sleepUntil("wait-for-scheduled-at", event.data.scheduledAt);
      return step.run("deliver-gift", async () => deliverOrThrow(await deps.db(), event.data.giftId, transport()));
    },
  );

  /** The safety net: every minute, deliver whatever is due (events lost, runs cancelled by mistake, retries). */
  const sweepDueGifts = client.createFunction(
    { id: "sweep-due-gifts", name: "Sweep due gift emails", triggers: [cron("* * * * *")], concurrency: { limit: 1 } },
    async ({ step }) =>
      step.run("deliver-due-gifts", async () => {
        const { results: _results, ...summary } = await deliverDueGifts(await deps.db(), { transport: transport(), limit: 100 });
        return summary;
      }),
  );

  /** Daily, shortly after midnight UTC: unredeemed gifts past their expiry date move to `expired`. */
  const expireGiftsDaily = client.createFunction(
    { id: "expire-gifts", name: "Expire unredeemed gifts", triggers: [cron("TZ=UTC 5 0 * * *")] },
    async ({ step }) => step.run("expire-gifts", async () => ({ expired: (await expireGifts(await deps.db())).length })),
  );

  /** Every minute: turn new gift events into webhook deliveries and attempt the due ones (lib/webhooks). */
  const dispatchWebhooks = client.createFunction(
    { id: "dispatch-webhooks", name: "Dispatch webhooks", triggers: [cron("* * * * *")], concurrency: { limit: 1 } },
    async ({ step }) => step.run("run-webhooks", async () => runWebhooks(await deps.db())),
  );

  /** Every minute: submit orders for redeemed gifts and move them to shipped and delivered (one idempotent domain function). */
  const advanceFulfilmentEveryMinute = client.createFunction(
    { id: "advance-fulfilment", name: "Advance fulfilment", triggers: [cron("* * * * *")], concurrency: { limit: 1 } },
    async ({ step }) =>
      step.run("advance-fulfilment", async () => {
        const summary = await advanceFulfilment(await deps.db(), { provider: deps.fulfilment, limit: 100 });
        return Object.fromEntries(Object.entries(summary).map(([k, ids]) => [k, ids.length]));
      }),
  );

  /** Daily: idempotency keys older than 24 hours are forgotten (kept off the create path). */
  const purgeIdempotencyKeys = client.createFunction(
    { id: "purge-idempotency-keys", name: "Forget expired idempotency keys", triggers: [cron("TZ=UTC 15 0 * * *")] },
    async ({ step }) => step.run("purge-idempotency-keys", async () => ({ purged: await purgeExpiredIdempotencyKeys(await deps.db()) })),
  );

  return { deliverScheduledGift, sweepDueGifts, expireGifts: expireGiftsDaily, dispatchWebhooks, advanceFulfilment: advanceFulfilmentEveryMinute, purgeIdempotencyKeys };
}
