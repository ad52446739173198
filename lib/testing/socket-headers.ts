import { GUARD_KEY_HEADER, SOCKET_ADDRESS_HEADER } from "@/lib/http/client-address";

const KEY = Symbol.for("ribbon.httpGuardKey");

/** The key scripts/http-guard.mjs would stamp in this process (set once, like the preload does). */
export function guardKey(): string {
  const global = globalThis as Record<symbol, unknown>;
  global[KEY] ??= "test-guard-key";
  return global[KEY] as string;
}

/** Request headers as the guard hands them on: the socket's peer `address`, vouched for, plus `extra`. */
export function socketHeaders(address: string, extra: Record<string, string> = {}): Headers {
  return new Headers({ ...extra, [SOCKET_ADDRESS_HEADER]: address, [GUARD_KEY_HEADER]: guardKey() });
}
