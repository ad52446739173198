import path from "node:path";
import { defineConfig } from "vitest/config";

// Tests against the real production server (`next start` with scripts/http-guard.mjs), over real
// HTTP: `npm run test:server` after `npx next build`. Each file starts its own server.
export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    include: ["tests/server/**/*.test.ts"],
    environment: "node",
    testTimeout: 600_000,
    hookTimeout: 240_000,
    pool: "forks",
    fileParallelism: false,
  },
});
