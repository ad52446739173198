import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // "server-only" throws outside React's server build; tests run domain code directly.
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "app/**/*.test.ts", "emails/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    environment: "node",
    globalSetup: ["lib/testing/global-setup.ts"],
    setupFiles: ["lib/testing/fail-on-overlapping-queries.ts", "lib/testing/fail-on-long-transactions.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph: each file's own database and
    // fixtures keep the tests apart, and the app's modules are imported once per worker instead of
    // once per file (imports took 261 s of 1,200 s of worker time).
    isolate: false,
    env: {
      AUTH_SECRET: "test-secret-not-for-production",
      APP_URL: "http://localhost:3000",
      RIBBON_SWEEPER: "off",
      RIBBON_LOG_REQUESTS: "off",
      RIBBON_RATE_LIMIT_FAILED_GUESSES_PER_IP: "0",
      RIBBON_WEBHOOKS_ALLOW_PRIVATE: "1",
      // Two workers share two cores: a transaction that scales with its rows is seconds, far above it.
      RIBBON_TRANSACTION_BUDGET_MS: "1000",
    },
  },
});
