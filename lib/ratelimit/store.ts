import { Pool } from "pg";
import { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { config } from "@/lib/config";
import type { Database } from "@/lib/database/open";

const pools = new Map<string, Pool>();
let redis: Redis | undefined;

/**
 * A limit must never slow a request down much: a Redis command that has no answer after
 * 80 ms fails (the limiter then falls back to safe mode, see safe-mode.ts), commands are never
 * queued while the connection is down, and reconnecting is retried at most every second.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 80;
const PG_STORE_TIMEOUTS = { connectionTimeoutMillis: 1_000, query_timeout: 1_000 };

/** Where the counters live: a name for caching limiters, and the factory. */
export function storeKind(database: Database): string {
  if (config.redisUrl) return `redis:${config.redisUrl}`;
  return database.kind === "postgresql" && database.url ? `pg:${database.url}` : "memory";
}

function redisClient(url: string): Redis {
  if (redis) return redis;
  redis = new Redis(url, {
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    retryStrategy: (times) => Math.min(times * 100, 1_000),
  });
  // Failures reach the limiter as rejected commands and are logged once by safe mode;
  // without a listener ioredis prints "Unhandled error event" on every reconnect attempt.
  redis.on("error", () => undefined);
  return redis;
}

/**
 * A limiter on the shared store, so every instance counts together: Redis when REDIS_URL is
 * set, else the PostgreSQL database (table "RateLimit", made by a migration), else this
 * process's memory (the embedded PGlite default runs in one process).
 */
export function createLimiter(
  database: Database,
  keyPrefix: string,
  points: number,
  duration: number,
): RateLimiterAbstract {
  const options = { keyPrefix, points, duration };
  if (config.redisUrl) {
    return new RateLimiterRedis({ ...options, storeClient: redisClient(config.redisUrl), rejectIfRedisNotReady: true });
  }
  if (database.kind === "postgresql" && database.url) {
    let pool = pools.get(database.url);
    if (!pool) {
      pool = new Pool({ connectionString: database.url, max: 4, ...PG_STORE_TIMEOUTS });
      // An idle connection that the server closes (restart, failover) must not crash the process.
      pool.on("error", () => undefined);
      pools.set(database.url, pool);
    }
    return new RateLimiterPostgres({
      ...options,
      storeClient: pool,
      storeType: "pool",
      tableName: "RateLimit",
      tableCreated: true,
      clearExpiredByTimeout: false,
    });
  }
  return new RateLimiterMemory(options);
}

/** Whether the shared store is ready to be asked (a Redis connecting at start-up isn't yet). */
export async function waitForStore(timeoutMs = 1_000): Promise<void> {
  if (!redis || redis.status === "ready") return;
  const client = redis;
  await new Promise<void>((resolve) => {
    const done = () => (clearTimeout(timer), client.off("ready", done), resolve());
    const timer = setTimeout(done, timeoutMs);
    client.once("ready", done);
  });
}

/** For tests and shutdown: close the shared connections. */
export async function closeLimiterStores(): Promise<void> {
  await Promise.all([...[...pools.values()].map((p) => p.end()), redis?.quit().catch(() => undefined)]);
  pools.clear();
  redis = undefined;
}
