import { config } from "@/lib/config";

/** Anything with `get(name)`, e.g. the `Headers` of a request. */
export type HeaderReader = { get(name: string): string | null };

/**
 * scripts/http-guard.mjs (preloaded into the server by `npm start`) writes the socket's peer
 * address into this header, and the per-process key below into GUARD_KEY_HEADER, replacing
 * whatever the client sent. Route handlers and pages are not told the peer otherwise.
 */
export const SOCKET_ADDRESS_HEADER = "x-ribbon-client-ip";
export const GUARD_KEY_HEADER = "x-ribbon-guard";
const GUARD_KEY = Symbol.for("ribbon.httpGuardKey");

/** The key the guard stamps on every request of this process; undefined when no guard runs (`next dev`). */
function guardKey(): string | undefined {
  return (globalThis as Record<symbol, unknown>)[GUARD_KEY] as string | undefined;
}

/**
 * The client's address, as the socket says: the peer of the TCP connection. Behind a proxy
 * the operator declared (RIBBON_TRUST_PROXY=1), the last X-Forwarded-For hop — the one that
 * proxy appended — instead. Null when no guard vouches for the socket header: a header the
 * client could have written itself is never taken for the socket.
 */
export function clientAddress(headers: HeaderReader): string | null {
  const key = guardKey();
  if (!key || headers.get(GUARD_KEY_HEADER) !== key) return null;
  if (config.trustProxy) {
    const hop = headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (hop) return hop;
  }
  return headers.get(SOCKET_ADDRESS_HEADER);
}

export function isLoopbackAddress(address: string): boolean {
  const a = address
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/^::ffff:/i, "")
    .toLowerCase();
  return a === "::1" || /^127(\.\d{1,3}){3}$/.test(a);
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

const hostname = (host: string) => {
  const h = host.trim().toLowerCase();
  return h.startsWith("[") ? h.slice(0, h.indexOf("]") + 1) : h.replace(/:\d+$/, "");
};

/**
 * Whether the request comes from this machine: its client address (above) is loopback. The
 * Host must also name this machine or APP_URL, so a page of another site whose name resolves
 * to 127.0.0.1 (DNS rebinding) is refused. Headers only ever narrow the answer, never widen it.
 */
export function isFromThisMachine(headers: HeaderReader): boolean {
  const address = clientAddress(headers);
  if (address === null || !isLoopbackAddress(address)) return false;
  const host = headers.get("host");
  if (host === null) return false;
  const name = hostname(host);
  return LOOPBACK_NAMES.has(name) || name === new URL(config.appUrl).hostname.toLowerCase();
}
