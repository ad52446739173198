// Who the client is when proxies stand in front: the one home of the rules, shared by the
// preloaded guard (scripts/http-guard.mjs, plain Node: hence .mjs) and the configuration's
// schema (lib/config-schema.ts). docs/security.md, "Who is this machine".
//
// - Forwarding headers are believed only when RIBBON_TRUST_PROXY=1 and the socket's peer is a
//   proxy RIBBON_TRUSTED_PROXIES lists (addresses or CIDR ranges, IPv4 or IPv6; loopback when
//   unset). From anyone else they are the client's own words and are dropped.
// - The client is then the right-most X-Forwarded-For entry that is not a listed proxy: each
//   listed proxy vouches for the entry it appended, nothing more. Entries to its left were
//   written by the client and are never read.
// Node's own net.BlockList does the CIDR matching (no dependency needed).
import { BlockList, isIP } from "node:net";

/** What RIBBON_TRUSTED_PROXIES means when unset: a proxy on this machine (HAProxy beside the instance). */
export const DEFAULT_TRUSTED_PROXIES = "127.0.0.0/8, ::1";

/** "::ffff:10.0.0.1" → "10.0.0.1"; "[::1]" → "::1"; anything else unchanged (trimmed, lower case). */
export function normalizeAddress(address) {
  const a = String(address)
    .trim()
    .replace(/^\[(.*)\]$/, "$1")
    .toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/.exec(a);
  return mapped ? mapped[1] : a;
}

/**
 * The list as a matcher, or the first entry that is neither an address nor a CIDR range
 * (`{ bad }`). Entries are separated by commas and/or spaces.
 */
export function parseTrustedProxies(value) {
  const list = new BlockList();
  const entries = String(value ?? "")
    .split(/[\s,]+/)
    .filter(Boolean);
  if (entries.length === 0) return { bad: String(value ?? "") };
  for (const entry of entries) {
    const [raw, bits, extra] = entry.split("/");
    const address = normalizeAddress(raw);
    const family = isIP(address);
    if (!family || extra !== undefined) return { bad: entry };
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const prefix = Number(bits);
    if (!/^\d{1,3}$/.test(bits) || prefix > (family === 4 ? 32 : 128)) return { bad: entry };
    list.addSubnet(address, prefix, type);
  }
  return { list };
}

/** Whether `address` (as the socket or a header writes it) is in the list. */
export function isListed(list, address) {
  const a = normalizeAddress(address);
  const family = isIP(a);
  return family !== 0 && list.check(a, family === 4 ? "ipv4" : "ipv6");
}

/**
 * The client's address: the socket's `peer` unless `trusted` (a parsed list, or null when
 * nothing is trusted) lists it; then the right-most X-Forwarded-For entry that the list does
 * not hold. All listed: the left-most entry. An entry that is not an address ends the walk at
 * the last address reached (a listed proxy: what it wrote can't be read as a client).
 */
export function resolveClientAddress(peer, forwardedFor, trusted) {
  let client = normalizeAddress(peer);
  if (!trusted || !forwardedFor || !isListed(trusted, client)) return client;
  const hops = String(forwardedFor).split(",").map(normalizeAddress).reverse();
  for (const hop of hops) {
    if (!isIP(hop)) return client;
    client = hop;
    if (!isListed(trusted, hop)) return client;
  }
  return client;
}
