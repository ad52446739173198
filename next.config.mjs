import { PAGE_BODY_LIMIT } from "./lib/http/body-limits.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its WASM and data files from its own package folder at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg"],
  poweredByHeader: false,
  // Security headers (CSP with nonces, no framing, nosniff, referrer policy, HSTS): proxy.ts for
  // pages, lib/api/handler.ts for the API.
  // A server action's body: the page limit of lib/http/body-limits.mjs, which scripts/http-guard.mjs
  // enforces while the body streams (Next itself counts only after copying it).
  experimental: { serverActions: { bodySizeLimit: PAGE_BODY_LIMIT } },
};

export default nextConfig;
