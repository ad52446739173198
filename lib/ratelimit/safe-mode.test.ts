import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { setDatabase } from "@/lib/db";
import type { Database } from "@/lib/database/open";
import { openTestDatabase } from "@/lib/testing/test-database";
import { consume } from "./consume";
import { closeLimiterStores } from "./store";

// A Redis that isn't there: nothing listens on port 1 of the loopback, so every connection is refused.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  setDatabase(database);
  vi.stubEnv("REDIS_URL", "redis://127.0.0.1:1");
  vi.stubEnv("RIBBON_RATE_LIMIT_API_PER_MINUTE", "5");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await closeLimiterStores();
  setDatabase(undefined);
  await database.close();
});

it("with the shared store down, limits still hold (counted in memory), requests are answered at once and safe mode is logged once", async () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const started = performance.now();
  const answers = [];
  for (let i = 0; i < 7; i++) answers.push(await consume("api", "token-1"));
  const ms = performance.now() - started;

  expect(answers.map((a) => a.allowed)).toEqual([true, true, true, true, true, false, false]);
  // The first call waits up to a second for the connection (start-up); the rest go straight to memory.
  expect(ms).toBeLessThan(1_500);
  const lines = logged.mock.calls.map((c) => String(c[0]));
  expect(lines.filter((l) => l.includes("rate limits in safe mode"))).toHaveLength(1);
  expect(lines.filter((l) => l.includes("letting the request through"))).toEqual([]);
  logged.mockRestore();
});
