import { config } from "@/lib/config";
import { getDb, type PrismaClient } from "@/lib/db";
import type { MailTransport } from "@/lib/outbox";
import type { FulfilmentOptions } from "@/lib/fulfilment";
import { SCHEDULED_JOBS, type ScheduledJob } from "./registry";

export type SweeperOptions = {
  db?: () => Promise<PrismaClient>;
  transport?: MailTransport;
  /** Pause between the end of one run and the start of the next. */
  intervalMs?: number;
  /** Gifts claimed per batch; a run keeps claiming batches until it gets a short one. */
  batchSize?: number;
  /** Batches delivered side by side within a run (see deliverAllDue). */
  lanes?: number;
  /** The fulfilment provider for each gift (default: the simulated warehouse). */
  fulfilment?: FulfilmentOptions["provider"];
};

export type Sweeper = {
  /** Runs once now (or waits for the run in progress). */
  runOnce(): Promise<void>;
  /** Stops the timer and waits for the run in progress. */
  stop(): Promise<void>;
};

/** The jobs the in-process sweeper runs: every scheduled job of the registry, in its order. */
export const SWEPT_JOBS: readonly ScheduledJob[] = Object.values(SCHEDULED_JOBS);

/**
 * The in-process scheduler used when Inngest is not configured: every few seconds it runs
 * the registry's scheduled jobs (lib/jobs/registry.ts), each when its `sweepEveryMs` has
 * passed, with the same domain functions the Inngest functions call. Runs never overlap (the
 * next is scheduled when one ends) and the timer is unref'd, so it never keeps the process
 * alive. Several processes may sweep one PostgreSQL database: claims make every gift go out once.
 */
export function createSweeper(options: SweeperOptions = {}): Sweeper {
  const {
    db = getDb,
    transport,
    intervalMs = config.sweeperIntervalMs,
    batchSize = 50,
    lanes = 3,
    fulfilment,
  } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const lastRun = new Map<string, number>();

  async function sweep(): Promise<void> {
    const context = { db: await db(), transport, fulfilment, batchSize, lanes, stopping: () => stopped };
    for (const job of SWEPT_JOBS) {
      if (job.sweepEveryMs > 0 && Date.now() - (lastRun.get(job.id) ?? 0) < job.sweepEveryMs) continue;
      await job.run(context);
      lastRun.set(job.id, Date.now());
    }
  }

  function runOnce(): Promise<void> {
    running ??= sweep()
      .catch((error: unknown) => console.error("Ribbon: the delivery sweeper failed (it will try again):", error))
      .finally(() => {
        running = undefined;
        schedule();
      });
    return running;
  }

  function schedule() {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void runOnce(), intervalMs);
    timer.unref();
  }

  schedule();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

const holder = globalThis as unknown as { __ribbonSweeper?: Sweeper };

/**
 * Starts the process's sweeper, once, unless Inngest schedules deliveries or
 * RIBBON_SWEEPER=off. Returns it, or null when it is not wanted.
 */
export function startSweeper(): Sweeper | null {
  if (config.inngest || !config.sweeper) return null;
  if (!holder.__ribbonSweeper) {
    holder.__ribbonSweeper = createSweeper();
    const where = config.mailTransport === "outbox" ? `the local outbox (${config.appUrl}/dev/outbox)` : "Resend";
    console.log(`Ribbon: delivering scheduled gift emails every ${config.sweeperIntervalMs / 1000} s to ${where}`);
  }
  return holder.__ribbonSweeper;
}

/** Stops the process's sweeper, if one runs. */
export async function stopSweeper(): Promise<void> {
  const sweeper = holder.__ribbonSweeper;
  holder.__ribbonSweeper = undefined;
  await sweeper?.stop();
}
