import { config } from "@/lib/config";
import { getDb, type PrismaClient } from "@/lib/db";
import { deliverAllDue, expireGifts, purgeExpiredSignInEmails, type MailTransport } from "@/lib/delivery";
import { advanceFulfilment, type FulfilmentOptions } from "@/lib/fulfilment";
import { runWebhooks } from "@/lib/webhooks";
import { purgeExpiredIdempotencyKeys } from "@/lib/idempotency";

export type SweeperOptions = {
  db?: () => Promise<PrismaClient>;
  transport?: MailTransport;
  /** Pause between the end of one run and the start of the next. */
  intervalMs?: number;
  /** How often the run also expires gifts past their expiry date. */
  expireEveryMs?: number;
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

/**
 * The in-process scheduler used when Inngest is not configured: every few seconds it
 * delivers the due gift emails, advances fulfilment (orders, shipping, delivery) and,
 * every minute, expires old gifts and forgets expired sign-in emails and idempotency keys, with the same domain functions the Inngest jobs call. Runs never overlap (the next is scheduled when one
 * ends) and the timer is unref'd, so it never keeps the process alive. Several processes
 * may sweep one PostgreSQL database: claims make every gift go out once.
 */
export function createSweeper(options: SweeperOptions = {}): Sweeper {
  const { db = getDb, transport, intervalMs = config.sweeperIntervalMs, expireEveryMs = 60_000, batchSize = 50, lanes = 3, fulfilment } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let lastExpiry = 0;

  async function sweep(): Promise<void> {
    const prisma = await db();
    await deliverAllDue(prisma, { transport, limit: batchSize, lanes, stop: () => stopped });
    await runWebhooks(prisma);
    await advanceFulfilment(prisma, { provider: fulfilment, limit: batchSize });
    if (Date.now() - lastExpiry >= expireEveryMs) {
      await expireGifts(prisma);
      await purgeExpiredSignInEmails(prisma);
      await purgeExpiredIdempotencyKeys(prisma);
      lastExpiry = Date.now();
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
