import { RibbonConnectionError, RibbonError, RibbonTimeoutError } from "./errors.js";
import type { Result } from "./types.js";

export type ClientOptions = {
  /** A developer token (`rbn_live_…` or `rbn_sbox_…`) or an OAuth access token: live or sandbox is the token's business. */
  apiKey: string;
  /** The API's base URL, `https://<your Ribbon>/api/v1` (a bare origin gets `/api/v1` added). */
  baseUrl: string;
  /** The team to act on (`/teams/<team>/…`); without it, the token's default team. */
  team?: string;
  /** Retries after a 429, a 503, a network error or a timeout (default 2: three attempts at most). */
  maxRetries?: number;
  /** Milliseconds one attempt may take, answer included (default 30,000). */
  timeout?: number;
  /** A `Retry-After` longer than this many seconds is not waited for: the error is thrown (default 60). */
  maxRetryAfter?: number;
  /** A `fetch` of your own (default: the global one). */
  fetch?: typeof globalThis.fetch;
};

/** Per-call options: every method takes them last. */
export type RequestOptions = {
  /** Your own `Idempotency-Key` for a POST or PATCH (default: a new `crypto.randomUUID()` per call, reused by its retries). */
  idempotencyKey?: string;
  /** Cancels the call, its retries and the waits between them. */
  signal?: AbortSignal;
  /** Milliseconds one attempt may take (overrides the client's `timeout`). */
  timeout?: number;
  /** Overrides the client's `maxRetries` for this call. */
  maxRetries?: number;
  /** Extra headers. */
  headers?: Record<string, string>;
};

export type Call = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  query?: URLSearchParams | string;
  /** A JSON body (serialised once: every retry sends the same bytes). */
  json?: unknown;
  /** A raw body with its content type (CSV). */
  raw?: { body: string; contentType: string };
  /** How the answer is read: a JSON:API document (default) or text. */
  accept?: "json" | "text";
};

const RETRYABLE = new Set([429, 503]);
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

type Outcome =
  | { kind: "response"; response: Response; text: string }
  | { kind: "network"; error: unknown }
  | { kind: "timeout"; error: unknown };

/** How long to wait before retry number `attempt + 1`: exponential, capped, with jitter (half to all of it). */
export function backoff(attempt: number): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function parse(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Puts the request id on a result without making it part of the document (JSON.stringify leaves it out). */
export function withRequestId<T>(value: T, requestId: string | null): Result<T> {
  Object.defineProperty(value as object, "requestId", { value: requestId, enumerable: false });
  return value as Result<T>;
}

export class Transport {
  readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly maxRetries: number;
  private readonly timeout: number;
  private readonly maxRetryAfter: number;
  private readonly fetchImpl: typeof globalThis.fetch;

  constructor(options: ClientOptions) {
    if (!options?.apiKey) throw new TypeError("Ribbon: apiKey is required (a developer or OAuth token).");
    if (!options.baseUrl) throw new TypeError("Ribbon: baseUrl is required (https://<your Ribbon>/api/v1).");
    const url = new URL(options.baseUrl);
    if (url.pathname === "/" || url.pathname === "") url.pathname = "/api/v1";
    this.baseUrl = url.href.replace(/\/+$/, "");
    this.apiKey = options.apiKey;
    this.maxRetries = options.maxRetries ?? 2;
    this.timeout = options.timeout ?? 30_000;
    this.maxRetryAfter = options.maxRetryAfter ?? 60;
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== "function") throw new TypeError("Ribbon: no global fetch (Node 20 or later has one).");
    this.fetchImpl = fetchImpl;
  }

  /** Sends a call, retrying as documented, and answers the parsed body with its request id. */
  async send<T>(call: Call, options: RequestOptions = {}): Promise<{ body: T; requestId: string | null }> {
    const query = call.query === undefined ? "" : String(call.query).replace(/^\?/, "");
    const url = `${this.baseUrl}${call.path}${query ? `?${query}` : ""}`;
    const headers: Record<string, string> = {
      Accept: call.accept === "text" ? "text/csv, application/vnd.api+json" : "application/vnd.api+json",
      Authorization: `Bearer ${this.apiKey}`,
      ...options.headers,
    };
    let body: string | undefined;
    if (call.json !== undefined) {
      body = JSON.stringify(call.json);
      headers["Content-Type"] = "application/json";
    } else if (call.raw) {
      body = call.raw.body;
      headers["Content-Type"] = call.raw.contentType;
    }
    // One key per call, generated once: every retry of it carries the same key, so the server
    // does the work once (POST /gifts, /bulk/gifts, PATCH /gifts/:id, /resend replay the first answer).
    if (call.method === "POST" || call.method === "PATCH")
      headers["Idempotency-Key"] = options.idempotencyKey ?? globalThis.crypto.randomUUID();
    const maxRetries = options.maxRetries ?? this.maxRetries;
    const timeout = options.timeout ?? this.timeout;
    const { signal } = options;

    for (let attempt = 0; ; attempt++) {
      const outcome = await this.attempt(url, { method: call.method, headers, body }, timeout, signal);
      const retriesLeft = attempt < maxRetries;
      if (outcome.kind === "response") {
        const { response, text } = outcome;
        const requestId = response.headers.get("request-id");
        if (response.ok) {
          if (call.accept === "text") return { body: text as T, requestId };
          const parsed = parse(text);
          if (parsed === null || typeof parsed !== "object")
            throw new RibbonError(response.status, null, response.headers);
          return { body: parsed as T, requestId };
        }
        const error = new RibbonError(response.status, parse(text), response.headers);
        if (!retriesLeft || !RETRYABLE.has(response.status)) throw error;
        if (error.retryAfter !== null && error.retryAfter > this.maxRetryAfter) throw error;
        await sleep(
          error.retryAfter !== null ? error.retryAfter * 1000 + Math.random() * 100 : backoff(attempt),
          signal,
        );
      } else {
        if (!retriesLeft) {
          throw outcome.kind === "timeout"
            ? new RibbonTimeoutError(`Ribbon: no answer within ${timeout} ms (${call.method} ${call.path})`, {
                cause: outcome.error,
              })
            : new RibbonConnectionError(`Ribbon: could not reach ${this.baseUrl} (${call.method} ${call.path})`, {
                cause: outcome.error,
              });
        }
        await sleep(backoff(attempt), signal);
      }
    }
  }

  private async attempt(url: string, init: RequestInit, timeout: number, signal?: AbortSignal): Promise<Outcome> {
    if (signal?.aborted) throw signal.reason;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    const onAbort = () => controller.abort(signal!.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      const response = await this.fetchImpl(url, { ...init, signal: controller.signal });
      const text = await response.text();
      return { kind: "response", response, text };
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      return { kind: timedOut ? "timeout" : "network", error };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  /** A call whose answer is a document: the document, with its request id. */
  async document<T>(call: Call, options?: RequestOptions): Promise<Result<T>> {
    const { body, requestId } = await this.send<T>(call, options);
    return withRequestId(body, requestId);
  }
}
