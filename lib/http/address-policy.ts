import { BlockList, isIP } from "node:net";

// Addresses an outbound request (a webhook, a client metadata document) must never reach: private, loopback, link-local (cloud metadata at
// 169.254.169.254), shared, documentation, benchmarking, multicast and reserved ranges.
const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["2001::", 23], // IETF protocol assignments, Teredo
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: embeds any IPv4 address
] as const)
  blocked.addSubnet(net, prefix, "ipv6");
// Global unicast IPv6 is 2000::/3; everything else (::1, fc00::/7, fe80::/10, ff00::/8, …) is not public.
const globalUnicast = new BlockList();
globalUnicast.addSubnet("2000::", 3, "ipv6");

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::/96) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const hi = parseInt(match[2], 16);
  const lo = parseInt(match[3], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/** True only for an IP address on the public internet. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !blocked.check(address, "ipv4");
  if (version !== 6) return false;
  const v4 = embeddedIpv4(address.toLowerCase());
  if (v4) return isPublicAddress(v4);
  return globalUnicast.check(address, "ipv6") && !blocked.check(address, "ipv6");
}
