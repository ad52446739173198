import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "./address-policy";

export const TIMEOUT_MS = 10_000;
/** Bytes of the response kept with the attempt. */
export const KEPT_RESPONSE_BYTES = 1024;
/** Bytes read at most (then the connection is dropped): a receiver can't make us read forever. */
const MAX_READ_BYTES = 64 * 1024;

export type SendOptions = { allowPrivate: boolean; timeoutMs?: number };
export type SendOutcome = { status: number | null; body: string | null; error: string | null; durationMs: number };

class Refused extends Error {}

/**
 * The address to connect to: the host resolved once, every address checked, and the
 * first one returned. The connection goes to exactly that address (no second look-up a
 * rebinding DNS server could answer differently).
 */
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

/**
 * POSTs one webhook. Never throws: refusals (non-http(s) URL, non-public address),
 * network errors and the timeout come back as `error`. Redirects are not followed (a 3xx
 * is a failed attempt); the response is read up to 64 KB and its first 1 KB kept, from a
 * public address only.
 */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendOutcome> {
  const started = performance.now();
  const done = (o: Omit<SendOutcome, "durationMs">): SendOutcome => ({
    ...o,
    durationMs: Math.round(performance.now() - started),
  });
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== "http:" && target.protocol !== "https:")
      throw new Refused("only http and https URLs are allowed");
    if (target.username || target.password) throw new Refused("URLs with credentials are not allowed");
  } catch (error) {
    return done({ status: null, body: null, error: error instanceof Refused ? error.message : "invalid URL" });
  }
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    const resolved = await Promise.race([
      resolveTarget(target.hostname, options.allowPrivate),
      new Promise<never>((_, reject) =>
        deadline.addEventListener("abort", () => reject(new Error(`timed out after ${timeoutMs} ms`))),
      ),
    ]);
    const result = await request(target, resolved, headers, body, deadline, timeoutMs);
    // An operator may let webhooks reach private addresses, but what an internal service answers
    // is never shown back through the attempts API or the account page (it could be anything on
    // the operator's network): only its status is kept.
    return done({ status: result.status, body: isPublicAddress(resolved.address) ? result.body : null, error: null });
  } catch (error) {
    return done({ status: null, body: null, error: error instanceof Error ? error.message : String(error) });
  }
}

function request(
  target: URL,
  resolved: { address: string; family: number },
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<{ status: number; body: string }> {
  const pinned: LookupFunction = (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: "POST",
        lookup: pinned,
        signal,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "Ribbon-Webhooks/1",
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const finish = () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, KEPT_RESPONSE_BYTES).toString("utf8"),
          });
        res.on("data", (chunk: Buffer) => {
          if (read < KEPT_RESPONSE_BYTES) chunks.push(chunk);
          read += chunk.length;
          if (read > MAX_READ_BYTES) {
            res.destroy();
            finish();
          }
        });
        res.on("end", finish);
        res.on("error", (error) => (read > MAX_READ_BYTES ? finish() : reject(error)));
      },
    );
    req.on("error", (error) => reject(signal.aborted ? new Error(`timed out after ${timeoutMs} ms`) : error));
    req.end(body);
  });
}
