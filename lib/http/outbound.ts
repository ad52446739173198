import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "./address-policy";

/**
 * One outbound HTTP request to a URL someone else chose (a webhook endpoint, an OAuth client's
 * metadata document): the host resolved once and every address checked against the public
 * address policy (unless `allowPrivate`), the connection pinned to that address (no second
 * look-up a rebinding DNS server could answer differently), no redirects followed, a deadline
 * over the whole exchange and at most `maxBytes` read. Never throws: refusals, network errors
 * and the timeout come back as `error`.
 */
export type OutboundRequest = {
  method: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  allowPrivate: boolean;
  timeoutMs: number;
  /** Read at most this many bytes, then drop the connection (`truncated` says so). */
  maxBytes: number;
  /** Of what was read, keep this many bytes (default: all of maxBytes). */
  keepBytes?: number;
  userAgent: string;
};

export type OutboundOutcome = {
  status: number | null;
  body: string | null;
  contentType: string | null;
  truncated: boolean;
  /** The address connected to: what a private one answers may need hiding. */
  address: string | null;
  error: string | null;
};

class Refused extends Error {}

async function resolveTarget(hostname: string, allowPrivate: boolean): Promise<{ address: string; family: number }> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await dnsLookup(host, { all: true, verbatim: true });
  if (addresses.length === 0) throw new Refused(`${host} does not resolve`);
  if (!allowPrivate) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) throw new Refused(`${host} resolves to ${bad.address}, which is not a public address`);
  }
  return addresses[0];
}

export async function outboundRequest(url: string, options: OutboundRequest): Promise<OutboundOutcome> {
  const failed = (error: string, address: string | null = null): OutboundOutcome => ({
    status: null,
    body: null,
    contentType: null,
    truncated: false,
    address,
    error,
  });
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== "http:" && target.protocol !== "https:")
      throw new Refused("only http and https URLs are allowed");
    if (target.username || target.password) throw new Refused("URLs with credentials are not allowed");
  } catch (error) {
    return failed(error instanceof Refused ? error.message : "invalid URL");
  }
  const { timeoutMs } = options;
  const deadline = AbortSignal.timeout(timeoutMs);
  let resolved: { address: string; family: number } | null = null;
  try {
    resolved = await Promise.race([
      resolveTarget(target.hostname, options.allowPrivate),
      new Promise<never>((_, reject) =>
        deadline.addEventListener("abort", () => reject(new Error(`timed out after ${timeoutMs} ms`))),
      ),
    ]);
    const result = await send(target, resolved, options, deadline);
    return { ...result, address: resolved.address, error: null };
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error), resolved?.address ?? null);
  }
}

function send(
  target: URL,
  resolved: { address: string; family: number },
  options: OutboundRequest,
  signal: AbortSignal,
): Promise<{ status: number; body: string; contentType: string | null; truncated: boolean }> {
  const pinned: LookupFunction = (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
  const keep = options.keepBytes ?? options.maxBytes;
  const client = target.protocol === "https:" ? https : http;
  const headers: Record<string, string | number> = { ...options.headers, "user-agent": options.userAgent };
  if (options.body !== undefined) headers["content-length"] = Buffer.byteLength(options.body);
  return new Promise((resolve, reject) => {
    const req = client.request(target, { method: options.method, lookup: pinned, signal, headers }, (res) => {
      const chunks: Buffer[] = [];
      let read = 0;
      let truncated = false;
      const finish = () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).subarray(0, keep).toString("utf8"),
          contentType: typeof res.headers["content-type"] === "string" ? res.headers["content-type"] : null,
          truncated,
        });
      res.on("data", (chunk: Buffer) => {
        if (read < keep) chunks.push(chunk);
        read += chunk.length;
        if (read > options.maxBytes) {
          truncated = true;
          res.destroy();
          finish();
        }
      });
      res.on("end", finish);
      res.on("error", (error) => (truncated ? finish() : reject(error)));
    });
    req.on("error", (error) => reject(signal.aborted ? new Error(`timed out after ${options.timeoutMs} ms`) : error));
    req.end(options.body);
  });
}
