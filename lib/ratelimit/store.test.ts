import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database/open";
import { openTestDatabase } from "@/lib/testing/test-database";
import { closeLimiterStores, createLimiter, storeKind, waitForStore } from "./store";

const opened: Database[] = [];
afterAll(async () => {
  await closeLimiterStores();
  await Promise.all(opened.map((d) => d.close()));
});

describe("rate limit stores", () => {
  it("PostgreSQL (and Redis, when RIBBON_TEST_REDIS_URL is set) share counters between limiter instances, as separate servers do", async () => {
    const database = await openTestDatabase();
    opened.push(database);
    const stores: [string, () => ReturnType<typeof createLimiter>][] = [];
    if (database.kind === "postgresql")
      stores.push(["postgresql", () => createLimiter(database, "shared-test", 3, 60)]);
    if (process.env.RIBBON_TEST_REDIS_URL) {
      const prefix = `shared-test-${Date.now()}`;
      stores.push([
        "redis",
        () => {
          process.env.REDIS_URL = process.env.RIBBON_TEST_REDIS_URL;
          try {
            return createLimiter(database, prefix, 3, 60);
          } finally {
            delete process.env.REDIS_URL;
          }
        },
      ]);
    }
    for (const [name, make] of stores) {
      const [one, two] = [make(), make()];
      await waitForStore(); // commands aren't queued while Redis connects (consume waits the same way)
      const key = `k-${name}-${Date.now()}`;
      await one.consume(key);
      await two.consume(key);
      expect((await one.get(key))?.consumedPoints, name).toBe(2);
      await one.consume(key);
      await expect(two.consume(key), name).rejects.toMatchObject({ remainingPoints: 0 });
    }
    if (database.kind === "pglite") {
      // The embedded default is one process: its limits live in memory.
      expect(storeKind(database)).toBe("memory");
      const memory = createLimiter(database, "memory-test", 1, 60);
      await memory.consume("k");
      await expect(memory.consume("k")).rejects.toMatchObject({ remainingPoints: 0 });
    }
  });
});
