import { config } from "@/lib/config";

/** Anything with `get(name)`, e.g. the `Headers` of a request. */
export type HeaderReader = { get(name: string): string | null };

/**
 * scripts/http-guard.mjs (preloaded into the server by `npm start`) writes the client's address
 * into this header (the socket's peer, or behind a listed proxy the right-most X-Forwarded-For
 * entry that is not a listed proxy: lib/http/trusted-proxies.mjs), whether the request came with
 * any forwarding header into FORWARDED_HEADER, and the per-process key below into
 * GUARD_KEY_HEADER, replacing whatever the client sent. Route handlers and pages are not told the
 * peer otherwise.
 */
export const SOCKET_ADDRESS_HEADER = "x-ribbon-client-ip";
export const FORWARDED_HEADER = "x-ribbon-forwarded";
export const GUARD_KEY_HEADER = "x-ribbon-guard";
const GUARD_KEY = Symbol.for("ribbon.httpGuardKey");

/** The key the guard stamps on every request of this process; undefined when no guard runs (`next dev`). */
function guardKey(): string | undefined {
  return (globalThis as Record<symbol, unknown>)[GUARD_KEY] as string | undefined;
}

const vouched = (headers: HeaderReader) => {
  const key = guardKey();
  return key !== undefined && headers.get(GUARD_KEY_HEADER) === key;
};

/**
 * The client's address as the guard resolved it: the peer of the TCP connection, or behind a
 * proxy the operator lists (RIBBON_TRUST_PROXY=1, RIBBON_TRUSTED_PROXIES) the right-most
 * X-Forwarded-For entry that is not a listed proxy. Null when no guard vouches for the header:
 * a header the client could have written itself is never taken for the socket.
 */
export function clientAddress(headers: HeaderReader): string | null {
  return vouched(headers) ? headers.get(SOCKET_ADDRESS_HEADER) : null;
}

/** Whether the request arrived with a forwarding header (X-Forwarded-*, Forwarded, X-Real-IP), believed or not. */
function forwarded(headers: HeaderReader): boolean {
  return headers.get(FORWARDED_HEADER) !== "0";
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
 * Whether the request comes from this machine: the socket's peer is loopback and the request
 * carries no forwarding header at all, so nothing that passed through a proxy (even one on
 * this machine, even one we trust) is ever local. The Host must also name this machine or
 * APP_URL, so a page of another site whose name resolves to 127.0.0.1 (DNS rebinding) is
 * refused. Headers only ever narrow the answer, never widen it.
 */
export function isFromThisMachine(headers: HeaderReader): boolean {
  if (!vouched(headers) || forwarded(headers)) return false;
  // Not forwarded: the guard's client address is the socket's peer.
  const address = clientAddress(headers);
  if (address === null || !isLoopbackAddress(address)) return false;
  const host = headers.get("host");
  if (host === null) return false;
  const name = hostname(host);
  return LOOPBACK_NAMES.has(name) || name === new URL(config.appUrl).hostname.toLowerCase();
}
