import path from "node:path";
import { defineConfig } from "vitest/config";

// `npm run chaos`: faults against real server processes (docs/reliability.md). Outside `npm test`
// (which needs no service): these start PostgreSQL clusters, Redis and HAProxy of their own.
export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    include: ["chaos/**/*.chaos.ts"],
    environment: "node",
    globalSetup: ["chaos/build.ts"],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    pool: "forks",
    // One at a time: each test measures latencies on a 2-core machine and owns its ports.
    maxWorkers: 1,
    fileParallelism: false,
    env: {
      AUTH_SECRET: "chaos-secret-chaos-secret-chaos-secret",
      APP_URL: "http://127.0.0.1:4100",
      RIBBON_LOG_REQUESTS: "off",
    },
  },
});
