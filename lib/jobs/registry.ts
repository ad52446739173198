import type { PrismaClient } from "@/lib/db";
import { deliverAllDue, expireGifts } from "@/lib/delivery";
import { purgeExpiredSignInEmails, sendQueuedEmails, type MailTransport } from "@/lib/outbox";
import { advanceFulfilment, type FulfilmentOptions } from "@/lib/fulfilment";
import { expireUnapprovedGifts } from "@/lib/gifts";
import { compactActivityCounts, compactStageCounts } from "@/lib/gifts/stage-counts";
import { purgeExpiredIdempotencyKeys } from "@/lib/idempotency";
import { remindDueGifts } from "@/lib/reminders";
import { sendCampaignReminders } from "@/lib/dashboard";
import { runWebhooks } from "@/lib/webhooks";
import { eraseExpiredRecipientData } from "@/lib/privacy";
import { deleteUnusedDynamicClients } from "@/lib/oauth";
import { refreshExchangeRates } from "@/lib/rates";
import { config } from "@/lib/config";

/** What a job is handed when it runs, by Inngest or by the in-process sweeper. */
export type JobContext = {
  db: PrismaClient;
  /** The mail transport chosen by the environment unless a test passes one. */
  transport?: MailTransport;
  /** The simulated warehouse unless a test passes a provider. */
  fulfilment?: FulfilmentOptions["provider"];
  /** Rows claimed per batch. */
  batchSize: number;
  /** Batches worked side by side where the job allows it. */
  lanes: number;
  /** True once the runner is stopping: long jobs end after their current batch. */
  stopping: () => boolean;
};

/**
 * A job on a schedule: Inngest runs it on `cron`, the in-process sweeper every `sweepEveryMs`
 * (0: on each sweep, every few seconds). `run` calls one domain function and returns a small
 * JSON summary; all the rules (claims, exactly-once, backoff) live in that function.
 */
export type ScheduledJob = {
  id: string;
  name: string;
  cron: string;
  sweepEveryMs: number;
  /** At most this many runs at once across all instances (Inngest). */
  concurrency?: number;
  run(context: JobContext): Promise<Record<string, number>>;
};

const MINUTE = 60_000;
const count = async (work: Promise<unknown[] | number>) => {
  const result = await work;
  return typeof result === "number" ? result : result.length;
};

/**
 * Every job Ribbon runs on a schedule: the one list both runners are built from (lib/jobs/functions.ts
 * for Inngest, lib/jobs/sweeper.ts in process). A test fails if either serves a job that is not
 * here or misses one that is.
 */
export const SCHEDULED_JOBS = {
  sweepDueGifts: {
    id: "sweep-due-gifts",
    name: "Sweep due gift emails",
    cron: "* * * * *",
    sweepEveryMs: 0,
    concurrency: 1,
    run: async ({ db, transport, batchSize, lanes, stopping }) => ({
      claimed: await deliverAllDue(db, { transport, limit: batchSize, lanes, stop: stopping }),
    }),
  },
  sendEmails: {
    id: "send-emails",
    name: "Send queued emails",
    cron: "* * * * *",
    sweepEveryMs: 0,
    concurrency: 1,
    run: async ({ db, transport, batchSize }) => sendQueuedEmails(db, { transport, limit: batchSize }),
  },
  dispatchWebhooks: {
    id: "dispatch-webhooks",
    name: "Dispatch webhooks",
    cron: "* * * * *",
    sweepEveryMs: 0,
    concurrency: 1,
    run: async ({ db }) => runWebhooks(db),
  },
  advanceFulfilment: {
    id: "advance-fulfilment",
    name: "Advance fulfilment",
    cron: "* * * * *",
    sweepEveryMs: 0,
    concurrency: 1,
    run: async ({ db, fulfilment, batchSize }) => {
      const summary = await advanceFulfilment(db, { provider: fulfilment, limit: batchSize });
      return Object.fromEntries(Object.entries(summary).map(([k, ids]) => [k, ids.length]));
    },
  },
  sendReminders: {
    id: "send-reminders",
    name: "Send due gift reminders",
    cron: "* * * * *",
    sweepEveryMs: 0,
    concurrency: 1,
    run: async ({ db, batchSize, stopping }) => remindDueGifts(db, { limit: batchSize, stop: stopping }),
  },
  sendCampaignReminders: {
    id: "send-campaign-reminders",
    name: "Remind a campaign's recipients who haven't opened",
    cron: "* * * * *",
    sweepEveryMs: 0,
    concurrency: 1,
    // One chunk (batchSize gifts, each its own locked resend) of the oldest queued campaign reminder a step.
    run: async ({ db, batchSize, stopping }) => sendCampaignReminders(db, { chunk: batchSize, stop: stopping }),
  },
  expireGifts: {
    id: "expire-gifts",
    name: "Expire unredeemed gifts",
    cron: "TZ=UTC 5 0 * * *",
    sweepEveryMs: MINUTE,
    run: async ({ db }) => ({ expired: await count(expireGifts(db)) }),
  },
  expireUnapprovedGifts: {
    id: "expire-unapproved-gifts",
    name: "Expire gifts nobody approved in time",
    cron: "17 * * * *",
    sweepEveryMs: MINUTE,
    run: async ({ db }) => ({ expired: await count(expireUnapprovedGifts(db)) }),
  },
  compactStageCounts: {
    id: "compact-stage-counts",
    name: "Fold the funnel's and the activity chart's count deltas",
    cron: "* * * * *",
    sweepEveryMs: 0,
    concurrency: 1,
    run: async ({ db }) => ({ folded: await compactStageCounts(db), activityFolded: await compactActivityCounts(db) }),
  },
  purgeSignInEmails: {
    id: "purge-sign-in-emails",
    name: "Forget expired sign-in emails",
    cron: "*/10 * * * *",
    sweepEveryMs: MINUTE,
    run: async ({ db }) => ({ purged: await purgeExpiredSignInEmails(db) }),
  },
  purgeIdempotencyKeys: {
    id: "purge-idempotency-keys",
    name: "Forget expired idempotency keys",
    cron: "TZ=UTC 15 0 * * *",
    sweepEveryMs: MINUTE,
    run: async ({ db }) => ({ purged: await purgeExpiredIdempotencyKeys(db) }),
  },
  deleteUnusedOAuthClients: {
    id: "delete-unused-oauth-clients",
    name: "Delete dynamically registered OAuth clients unused for 30 days",
    cron: "TZ=UTC 45 0 * * *",
    sweepEveryMs: 60 * MINUTE,
    concurrency: 1,
    run: async ({ db }) => ({ deleted: await deleteUnusedDynamicClients(db) }),
  },
  eraseRecipientData: {
    id: "erase-recipient-data",
    name: "Erase recipients' data past their team's retention",
    cron: "TZ=UTC 30 1 * * *",
    sweepEveryMs: 60 * MINUTE,
    concurrency: 1,
    run: async ({ db, batchSize }) => eraseExpiredRecipientData(db, { limit: batchSize }),
  },
  refreshExchangeRates: {
    // The ECB publishes around 16:00 CET on working days; hourly catches it within the hour.
    id: "refresh-exchange-rates",
    name: "Refresh the exchange rates from RIBBON_EXCHANGE_RATES_URL",
    cron: "TZ=UTC 20 * * * *",
    sweepEveryMs: 60 * MINUTE,
    concurrency: 1,
    run: async ({ db }) => refreshExchangeRates(db, { url: config.exchangeRatesUrl }),
  },
} as const satisfies Record<string, ScheduledJob>;

/**
 * The one job triggered by an event rather than a clock: Inngest sleeps until the gift's send
 * time, then delivers it (cancelled by `gift/cancelled`). The in-process sweeper needs no event:
 * its `sweep-due-gifts` finds the same gifts when they are due.
 */
export const EVENT_JOBS = {
  deliverScheduledGift: {
    id: "deliver-scheduled-gift",
    name: "Deliver a scheduled gift email",
    inProcess: SCHEDULED_JOBS.sweepDueGifts.id,
  },
} as const;

export const JOB_IDS = [...Object.values(SCHEDULED_JOBS), ...Object.values(EVENT_JOBS)].map((job) => job.id);
