import { config } from "@/lib/config";

/**
 * RIBBON_WEBHOOKS_ALLOW_PRIVATE: `1` lets webhooks reach private, loopback and link-local
 * addresses (local development, tests with loopback receivers); `0` never. Unset: allowed
 * only on the embedded demo (PGlite with demo data), refused everywhere else.
 */
export function allowPrivateAddresses(): boolean {
  const value = process.env.RIBBON_WEBHOOKS_ALLOW_PRIVATE;
  if (value === "1") return true;
  if (value === "0") return false;
  return !config.databaseUrl && config.demo;
}
