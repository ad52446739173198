import { Pool } from "pg";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { config } from "@/lib/config";
import type { Database } from "@/lib/database/open";

const pools = new Map<string, Pool>();
let redis: Redis | undefined;

/** Where the counters live: a name for caching limiters, and the factory. */
export function storeKind(database: Database): string {
  if (config.redisUrl) return `redis:${config.redisUrl}`;
  return database.kind === "postgresql" && database.url ? `pg:${database.url}` : "memory";
}

/**
 * A limiter on the shared store, so every instance counts together: Redis when REDIS_URL is
 * set, else the PostgreSQL database (table "RateLimit", made by a migration), else this
 * process's memory (the embedded PGlite default runs in one process).
 */
export function createLimiter(database: Database, keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  const options = { keyPrefix, points, duration };
  if (config.redisUrl) {
    redis ??= new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
    return new RateLimiterRedis({ ...options, storeClient: redis });
  }
  if (database.kind === "postgresql" && database.url) {
    let pool = pools.get(database.url);
    if (!pool) {
      pool = new Pool({ connectionString: database.url, max: 4 });
      // An idle connection that the server closes (restart, failover) must not crash the process.
      pool.on("error", (error) => console.error("Rate limit store connection lost:", error.message));
      pools.set(database.url, pool);
    }
    return new RateLimiterPostgres({ ...options, storeClient: pool, storeType: "pool", tableName: "RateLimit", tableCreated: true, clearExpiredByTimeout: false });
  }
  return new RateLimiterMemory(options);
}

/** For tests and shutdown: close the shared connections. */
export async function closeLimiterStores(): Promise<void> {
  await Promise.all([...[...pools.values()].map((p) => p.end()), redis?.quit()]);
  pools.clear();
  redis = undefined;
}
