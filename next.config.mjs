import { spawnSync } from "node:child_process";
import { SERVER_ACTION_BODY_LIMIT } from "./lib/http/body-limits.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its WASM and data files from its own package folder at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg"],
  poweredByHeader: false,
  // Types are checked by `npm run typecheck` (CI's step before the build), not a second time by every
  // build: `npm start`'s first build would otherwise spend minutes on a check a user does not need.
  typescript: { ignoreBuildErrors: true },
  // Security headers (CSP with nonces, no framing, nosniff, referrer policy, HSTS): scripts/http-guard.mjs
  // for pages (lib/http/page-headers.mjs), lib/api/handler.ts for the API.
  // A server action's body: the largest page limit of lib/http/body-limits.mjs (the CSV upload's);
  // scripts/http-guard.mjs holds each path to its own limit while the body streams (Next itself
  // has one limit for every action, and counts only after copying the body).
  // Server code keeps its function names: a transaction over budget is logged with the function that
  // opened it (lib/database/transaction-budget.ts), an error's stack names real functions.
  // An unmatched address gets app/global-not-found.tsx: a root not-found.tsx would be rendered into
  // every page's payload (and its header's script loaded by every page) as the root's fallback.
  experimental: {
    serverActions: { bodySizeLimit: SERVER_ACTION_BODY_LIMIT },
    serverMinification: false,
    globalNotFound: true,
  },
  // /docs is the OpenAPI document, fixed per build: rendered once here, after every production compile.
  compiler: {
    runAfterProductionCompile: async ({ distDir }) => {
      const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/build-docs.tsx", distDir], {
        stdio: "inherit",
      });
      if (run.status !== 0) throw new Error("scripts/build-docs.tsx failed: /docs was not built");
    },
  },
};

export default nextConfig;
