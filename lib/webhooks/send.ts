import { isPublicAddress } from "@/lib/http/address-policy";
import { outboundRequest } from "@/lib/http/outbound";

export const TIMEOUT_MS = 10_000;
/** Bytes of the response kept with the attempt. */
export const KEPT_RESPONSE_BYTES = 1024;
/** Bytes read at most (then the connection is dropped): a receiver can't make us read forever. */
const MAX_READ_BYTES = 64 * 1024;

export type SendOptions = { allowPrivate: boolean; timeoutMs?: number };
export type SendOutcome = { status: number | null; body: string | null; error: string | null; durationMs: number };

/**
 * POSTs one webhook (lib/http/outbound.ts: public addresses only unless allowed, pinned, no
 * redirects). Never throws: refusals, network errors and the timeout come back as `error`. A
 * 3xx is a failed attempt; the response is read up to 64 KB and its first 1 KB kept, from a
 * public address only.
 */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendOutcome> {
  const started = performance.now();
  const outcome = await outboundRequest(url, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body,
    allowPrivate: options.allowPrivate,
    timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
    maxBytes: MAX_READ_BYTES,
    keepBytes: KEPT_RESPONSE_BYTES,
    userAgent: "Ribbon-Webhooks/1",
  });
  // An operator may let webhooks reach private addresses, but what an internal service answers
  // is never shown back through the attempts API or the account page (it could be anything on
  // the operator's network): only its status is kept.
  const shown = outcome.address !== null && isPublicAddress(outcome.address) ? outcome.body : null;
  return {
    status: outcome.status,
    body: outcome.error ? null : shown,
    error: outcome.error,
    durationMs: Math.round(performance.now() - started),
  };
}
