import { cron, NonRetriableError, RetryAfterError, type Inngest, type InngestFunction } from "inngest";
import { getDb, type PrismaClient } from "@/lib/db";
import { deliverGift } from "@/lib/delivery";
import { type MailTransport } from "@/lib/outbox";
import type { FulfilmentOptions } from "@/lib/fulfilment";
import { giftCancelled, giftScheduled } from "./events";
import { EVENT_JOBS, SCHEDULED_JOBS, type ScheduledJob } from "./registry";

/**
 * The `deliver-gift` step: delivers through the domain function and turns its answer
 * into what Inngest understands: "retry at" (RetryAfterError, at the gift's backoff time
 * or its send time) or "give up" (NonRetriableError, the gift is already `failed`).
 */
export async function deliverOrThrow(db: PrismaClient, giftId: string, transport?: MailTransport) {
  const result = await deliverGift(db, giftId, { transport });
  if (result.outcome === "retry")
    throw new RetryAfterError(`Attempt ${result.attempt} failed: ${result.error}`, result.retryAt);
  if (result.outcome === "failed")
    throw new NonRetriableError(`Gave up after ${result.attempt} attempts: ${result.error}`);
  if (result.outcome === "skipped" && result.reason === "not-due" && result.retryAt)
    throw new RetryAfterError("Not due yet", result.retryAt);
  // sent, suppressed, or nothing to do (cancelled, already sent, held by a sweep that will finish it).
  return {
    giftId: result.giftId,
    outcome: result.outcome,
    ...(result.outcome === "skipped" ? { reason: result.reason } : {}),
  };
}

export type JobDependencies = {
  db: () => Promise<PrismaClient>;
  /** Defaults to the transport chosen by the environment; tests pass a fake. */
  transport?: () => MailTransport;
  /** Defaults to the simulated warehouse; tests pass a fake. */
  fulfilment?: FulfilmentOptions["provider"];
};

type ScheduledFunctions = { [K in keyof typeof SCHEDULED_JOBS]: InngestFunction.Any };

/**
 * Ribbon's Inngest functions, built from the job registry (lib/jobs/registry.ts): one cron
 * function per scheduled job, plus the event-driven delivery of a scheduled gift. Each calls
 * one domain function, which holds all the rules; the functions only decide when to call
 * them and turn "try again later" into Inngest retries.
 */
export function createFunctions(client: Inngest.Any, deps: JobDependencies = { db: getDb }) {
  const transport = () => deps.transport?.();
  const job = EVENT_JOBS.deliverScheduledGift;

  /** Sleeps until the gift's send time, then delivers it. Cancelled by `gift/cancelled` for the same gift. */
  const deliverScheduledGift = client.createFunction(
    {
      id: job.id,
      name: job.name,
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

  const scheduled = Object.fromEntries(
    Object.entries(SCHEDULED_JOBS).map(([key, job]: [string, ScheduledJob]) => [
      key,
      client.createFunction(
        {
          id: job.id,
          name: job.name,
          triggers: [cron(job.cron)],
          ...(job.concurrency ? { concurrency: { limit: job.concurrency } } : {}),
        },
        async ({ step }) =>
          step.run(job.id, async () =>
            job.run({
              db: await deps.db(),
              transport: transport(),
              fulfilment: deps.fulfilment,
              batchSize: 100,
              lanes: 1,
              stopping: () => false,
            }),
          ),
      ),
    ]),
  ) as ScheduledFunctions;

  return { deliverScheduledGift, ...scheduled };
}
