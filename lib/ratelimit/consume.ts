import { RateLimiterMemory, type RateLimiterAbstract, type RateLimiterRes } from "rate-limiter-flexible";
import { getDatabase } from "@/lib/db";
import { LIMITS, limitPoints, type LimitName } from "./limits";
import { sharedStoreAnswered, sharedStoreFailed, sharedStoreUse } from "./safe-mode";
import { createLimiter, storeKind, waitForStore } from "./store";

/** What a limit says about one request: allowed or not, and the numbers for the RateLimit-* headers. */
export type LimitState = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

/** A limit's limiter on the configured store, and the in-memory one that stands in for a shared store in safe mode. */
type Limiters = { store: RateLimiterAbstract; memory: RateLimiterMemory; shared: boolean };
// One map per process, not per bundle: Next compiles route handlers and server actions into
// separate module graphs, and each would otherwise count in a memory store of its own.
const holder = globalThis as unknown as { __ribbonLimiters?: Map<string, Promise<Limiters>> };
const limiters = (holder.__ribbonLimiters ??= new Map());

function limiterFor(name: LimitName, points: number): Promise<Limiters> {
  return getDatabase().then((database) => {
    const kind = storeKind(database);
    const id = `${name}:${points}:${kind}`;
    let found = limiters.get(id);
    if (!found) {
      const store = createLimiter(database, `rl:${name}`, points, LIMITS[name].seconds);
      const memory =
        store instanceof RateLimiterMemory
          ? store
          : new RateLimiterMemory({ keyPrefix: `rl:${name}`, points, duration: LIMITS[name].seconds });
      // The first requests wait (up to a second) for a Redis that is still connecting at start-up.
      found = waitForStore().then(() => ({ store, memory, shared: kind !== "memory" }));
      limiters.set(id, found);
    }
    return found;
  });
}

/**
 * Runs `run` on the shared store, or on this process's memory while the store is in safe
 * mode (see safe-mode.ts). A RateLimiterRes thrown by the store is an answer (over the limit), not a failure.
 */
async function onStore<T>(
  { store, memory, shared }: Limiters,
  run: (limiter: RateLimiterAbstract) => Promise<T>,
): Promise<T> {
  if (!shared) return run(store);
  const use = sharedStoreUse();
  if (use === "ask") {
    try {
      return await askStore(store, run);
    } catch (error) {
      if (isLimiterAnswer(error)) throw error;
    }
  } else if (use === "probe") {
    // Not awaited: a store that hangs must not hold the request; its answer only ends safe mode.
    askStore(store, run).catch(() => undefined);
  }
  return run(memory);
}

/** Asks the shared store, telling safe mode how it went. */
async function askStore<T>(store: RateLimiterAbstract, run: (limiter: RateLimiterAbstract) => Promise<T>): Promise<T> {
  try {
    const result = await run(store);
    sharedStoreAnswered();
    return result;
  } catch (error) {
    if (isLimiterAnswer(error)) sharedStoreAnswered();
    else sharedStoreFailed(error);
    throw error;
  }
}

// Structural, not instanceof: a limiter made by another bundle's copy of the library may answer.
const isLimiterAnswer = (value: unknown): value is RateLimiterRes =>
  typeof value === "object" && value !== null && "msBeforeNext" in value && "remainingPoints" in value;

const state = (res: RateLimiterRes, limit: number, allowed: boolean): LimitState => ({
  allowed,
  limit,
  remaining: Math.max(0, res.remainingPoints),
  resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
});

/**
 * Counts one request against `key` under the limit. A shared store that fails (Redis or
 * PostgreSQL down or hanging) puts the limits in safe mode, counted in this process's memory:
 * an outage of the limiter must not become an outage of the API. Should even that fail, the request goes through.
 */
export async function consume(name: LimitName, key: string, points = 1): Promise<LimitState> {
  const limit = limitPoints(name);
  if (limit === 0) return { allowed: true, limit: 0, remaining: 0, resetSeconds: 0 };
  try {
    return state(await onStore(await limiterFor(name, limit), (l) => l.consume(key, points)), limit, true);
  } catch (error) {
    if (isLimiterAnswer(error)) return state(error, limit, false);
    console.error(
      `Rate limiter "${name}" unavailable, letting the request through:`,
      error instanceof Error ? error.message : error,
    );
    return { allowed: true, limit, remaining: limit, resetSeconds: LIMITS[name].seconds };
  }
}
