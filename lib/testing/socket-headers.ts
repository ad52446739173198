import { FORWARDED_HEADER, GUARD_KEY_HEADER, SOCKET_ADDRESS_HEADER } from "@/lib/http/client-address";

const KEY = Symbol.for("ribbon.httpGuardKey");
const FORWARDING = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-real-ip",
];

/** The key scripts/http-guard.mjs would stamp in this process (set once, like the preload does). */
export function guardKey(): string {
  const global = globalThis as Record<symbol, unknown>;
  global[KEY] ??= "test-guard-key";
  return global[KEY] as string;
}

/**
 * Request headers as the guard hands them on: the client's `address` (as the guard resolved it),
 * vouched for, whether `extra` holds a forwarding header, plus `extra`.
 */
export function socketHeaders(address: string, extra: Record<string, string> = {}): Headers {
  const forwarded = Object.keys(extra).some((name) => FORWARDING.includes(name.toLowerCase()));
  return new Headers({
    ...extra,
    [SOCKET_ADDRESS_HEADER]: address,
    [FORWARDED_HEADER]: forwarded ? "1" : "0",
    [GUARD_KEY_HEADER]: guardKey(),
  });
}
