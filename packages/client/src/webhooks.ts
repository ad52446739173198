// Verifying a webhook delivery (Standard Webhooks) with Web Crypto: Node 20+, Deno, Bun, edge runtimes.
import type { WebhookEvent } from "./types.js";

/** A request's headers: a `Headers` (fetch, edge) or Node's `req.headers` object. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type VerifyOptions = {
  /** How far `webhook-timestamp` may be from now, in seconds, either way (default 300: 5 minutes). */
  tolerance?: number;
  /** The time to check against (default: now). */
  now?: Date | number;
};

export type WebhookVerificationCode =
  | "missing_headers"
  | "invalid_timestamp"
  | "timestamp_out_of_range"
  | "invalid_secret"
  | "invalid_signature"
  | "invalid_body";

/** A delivery that must not be trusted: answer it with a 400 and don't act on it. */
export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
  constructor(
    readonly code: WebhookVerificationCode,
    message: string,
  ) {
    super(message);
  }
}

const encoder = new TextEncoder();

function header(headers: WebhookHeaders, name: string): string | null {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name);
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    return Array.isArray(value) ? value.join(" ") : value;
  }
  return null;
}

function base64Bytes(text: string): Uint8Array | null {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** Equal bytes, in time that depends only on the length (which is not secret: every HMAC-SHA256 is 32 bytes). */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

async function hmac(secret: string, content: Uint8Array): Promise<Uint8Array> {
  const key = base64Bytes(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret);
  if (!key || key.length === 0)
    throw new WebhookVerificationError("invalid_secret", "The signing secret is not a whsec_ base64 secret.");
  const cryptoKey = await globalThis.crypto.subtle.importKey(
    "raw",
    key as Uint8Array<ArrayBuffer>,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await globalThis.crypto.subtle.sign("HMAC", cryptoKey, content as Uint8Array<ArrayBuffer>));
}

/**
 * Verifies one webhook delivery and answers its event. `body` is the request body exactly as
 * received (the raw text or bytes, never a re-serialised object); `secrets` is the endpoint's
 * signing secret (`whsec_…`), or two of them while you roll it (a rotated endpoint signs with
 * both for a while). Throws `WebhookVerificationError` when the headers are missing, the
 * timestamp is more than `tolerance` seconds away (a replay) or no signature matches.
 */
export async function verifyWebhook(
  body: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secrets: string | readonly string[],
  options: VerifyOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError(
      "missing_headers",
      "A delivery has webhook-id, webhook-timestamp and webhook-signature headers.",
    );
  if (!/^\d{1,15}$/.test(timestamp))
    throw new WebhookVerificationError("invalid_timestamp", "webhook-timestamp is not a Unix time in seconds.");
  const tolerance = options.tolerance ?? 300;
  const now = Math.floor(Number(options.now ?? Date.now()) / 1000);
  if (Math.abs(now - Number(timestamp)) > tolerance)
    throw new WebhookVerificationError(
      "timestamp_out_of_range",
      `webhook-timestamp is more than ${tolerance} seconds from now: refused as a possible replay.`,
    );

  const bodyBytes = typeof body === "string" ? encoder.encode(body) : new Uint8Array(body);
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const content = new Uint8Array(prefix.length + bodyBytes.length);
  content.set(prefix);
  content.set(bodyBytes, prefix.length);

  const given = signatures
    .split(" ")
    .map((entry) => entry.split(","))
    .filter(([version, value]) => version === "v1" && value)
    .map(([, value]) => base64Bytes(value!))
    .filter((bytes): bytes is Uint8Array => bytes !== null);

  const list = typeof secrets === "string" ? [secrets] : secrets;
  if (list.length === 0) throw new WebhookVerificationError("invalid_secret", "No signing secret given.");
  let verified = false;
  for (const secret of list) {
    const expected = await hmac(secret, content);
    for (const signature of given) if (constantTimeEqual(expected, signature)) verified = true;
  }
  if (!verified)
    throw new WebhookVerificationError(
      "invalid_signature",
      "No webhook-signature matches the body under the given secrets.",
    );

  try {
    return JSON.parse(new TextDecoder().decode(bodyBytes)) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError("invalid_body", "The signed body is not JSON.");
  }
}
