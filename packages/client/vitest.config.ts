import path from "node:path";
import { defineConfig } from "vitest/config";

const ROOT = path.resolve(import.meta.dirname, "../..");

// The client package's tests (`npm run test:client`): the retry, timeout and webhook cases
// against tiny local servers, and every resource against the real production server
// (tests/server/server.ts: `flock /tmp/ribbon-build.lock npx next build` first), including
// the README's example run from the packed tarball.
export default defineConfig({
  root: ROOT,
  resolve: {
    alias: {
      "@": ROOT,
      "server-only": path.resolve(ROOT, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    include: ["packages/client/test/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 240_000,
    pool: "forks",
    fileParallelism: false,
  },
});
