import { config } from "@/lib/config";

/** Anything with `get(name)`, e.g. the `Headers` of a request. */
export type HeaderReader = { get(name: string): string | null };

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

function isLoopbackAddress(address: string): boolean {
  const a = address.trim().replace(/^\[|\]$/g, "").replace(/^::ffff:/i, "").toLowerCase();
  return a === "::1" || a === "localhost" || /^127(\.\d{1,3}){3}$/.test(a);
}

function hostname(host: string): string {
  const h = host.trim().toLowerCase();
  return h.startsWith("[") ? h.slice(0, h.indexOf("]") + 1) : h.replace(/:\d+$/, "");
}

/**
 * Whether a request may see the local email outbox (/dev/outbox, /dev/outbox.json). It
 * holds untie links and sign-in links, so both must hold:
 *
 * 1. The outbox is the active transport: with an email provider (RESEND_API_KEY) nothing
 *    is kept there to look at, and the pages do not exist.
 * 2. The request comes from this machine. Next.js route handlers are not told the peer's
 *    IP, so we judge by headers: the Host (and X-Forwarded-Host, if any) must name a
 *    loopback host, and every address in X-Forwarded-For / Forwarded must be loopback.
 *    `next start` fills X-Forwarded-For with the socket's address when the client did not
 *    send one, and a reverse proxy appends the real client's address, so ordinary remote
 *    requests, proxied requests and DNS-rebinding pages (Host: evil.example) are refused.
 *
 * Limit: a client that reaches the port directly and forges both Host and
 * X-Forwarded-For passes. So never run the outbox transport on a server reachable from
 * other machines with data you care about: configure an email provider there.
 */
export function canViewOutbox(headers: HeaderReader): boolean {
  if (config.mailTransport !== "outbox") return false;
  const hosts = [headers.get("host"), headers.get("x-forwarded-host")].filter((h): h is string => h !== null);
  if (hosts.length === 0 || !hosts.every((h) => h.split(",").every((one) => LOOPBACK_HOSTS.has(hostname(one))))) return false;
  const forwardedFor = (headers.get("x-forwarded-for") ?? "").split(",").filter((a) => a.trim());
  const forwarded = [...(headers.get("forwarded") ?? "").matchAll(/for="?([^";,]+)"?/gi)].map((m) => m[1]);
  return [...forwardedFor, ...forwarded].every(isLoopbackAddress);
}
