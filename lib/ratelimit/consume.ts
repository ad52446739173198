import type { RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { getDatabase } from "@/lib/db";
import { LIMITS, limitPoints, type LimitName } from "./limits";
import { createLimiter, storeKind } from "./store";

/** What a limit says about one request: allowed or not, and the numbers for the RateLimit-* headers. */
export type LimitState = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

// One map per process, not per bundle: Next compiles route handlers and server actions into
// separate module graphs, and each would otherwise count in a memory store of its own.
const holder = globalThis as unknown as { __ribbonLimiters?: Map<string, RateLimiterAbstract> };
const limiters = (holder.__ribbonLimiters ??= new Map());

async function limiterFor(name: LimitName, points: number): Promise<RateLimiterAbstract> {
  const database = await getDatabase();
  const id = `${name}:${points}:${storeKind(database)}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = createLimiter(database, `rl:${name}`, points, LIMITS[name].seconds);
    limiters.set(id, limiter);
  }
  return limiter;
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
 * Counts one request against `key` under the limit. A store that fails (Redis or PostgreSQL
 * down) lets the request through: an outage of the limiter must not become an outage of the API.
 */
export async function consume(name: LimitName, key: string, points = 1): Promise<LimitState> {
  const limit = limitPoints(name);
  if (limit === 0) return { allowed: true, limit: 0, remaining: 0, resetSeconds: 0 };
  try {
    return state(await (await limiterFor(name, limit)).consume(key, points), limit, true);
  } catch (error) {
    if (isLimiterAnswer(error)) return state(error, limit, false);
    console.error(`Rate limiter "${name}" unavailable, letting the request through:`, error instanceof Error ? error.message : error);
    return { allowed: true, limit, remaining: limit, resetSeconds: LIMITS[name].seconds };
  }
}
