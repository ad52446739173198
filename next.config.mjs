/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its WASM and data files from its own package folder at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg"],
  poweredByHeader: false,
  // Security headers (CSP with nonces, no framing, nosniff, referrer policy, HSTS): proxy.ts for
  // pages, lib/api/handler.ts for the API.
};

export default nextConfig;
