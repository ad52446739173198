import type { ErrorDocument } from "./types.js";

/** One problem of a JSON:API error document. */
export type RibbonProblem = {
  /** Stable machine-readable code (`invalid_email`, `owner_required`, …): branch on this. */
  code: string;
  /** 422 for a validation problem, 400 for a billing problem, else the HTTP status. */
  status: number;
  title: string;
  detail: string;
  /** The request field it is about (`/gift/email`), when there is one. */
  pointer?: string;
  /** The query parameter it is about (`filter[stage]`), when there is one. */
  parameter?: string;
  /** Where the code is documented. */
  about?: string;
  meta?: Record<string, unknown>;
};

type RawProblem = ErrorDocument["errors"][number];

/**
 * The API answered with an error (any status outside 2xx, once retries, if any, are spent).
 * `code`, `detail` and `pointer` are the first problem's; `errors` lists every problem.
 */
export class RibbonError extends Error {
  override readonly name = "RibbonError";
  /** The HTTP status of the response. */
  readonly status: number;
  /** The first problem's code. */
  readonly code: string;
  readonly detail: string;
  readonly pointer: string | undefined;
  /** Every problem the server listed (at most 100; see `meta["errors-total"]`). */
  readonly errors: RibbonProblem[];
  /** The server's `Request-Id` for the failed call. */
  readonly requestId: string | null;
  /** Seconds the server asked to wait (`Retry-After`), on a 429 or 503. */
  readonly retryAfter: number | null;
  readonly meta: Record<string, unknown>;
  readonly headers: Headers;

  constructor(status: number, body: unknown, headers: Headers) {
    const document = body as Partial<ErrorDocument> | null;
    const raw: RawProblem[] = Array.isArray(document?.errors) ? document.errors : [];
    const errors: RibbonProblem[] = raw.map((p) => ({
      code: String(p.code ?? `http_${status}`),
      status: Number(p.status ?? status),
      title: String(p.title ?? ""),
      detail: String(p.detail ?? ""),
      ...(p.source?.pointer !== undefined ? { pointer: p.source.pointer } : {}),
      ...(p.source?.parameter !== undefined ? { parameter: p.source.parameter } : {}),
      ...(p.links?.about !== undefined ? { about: p.links.about } : {}),
      ...(p.meta ? { meta: p.meta } : {}),
    }));
    if (errors.length === 0)
      errors.push({
        code: `http_${status}`,
        status,
        title: "",
        detail: `HTTP ${status} without a JSON:API error document`,
      });
    const first = errors[0]!;
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
    super(`${status} ${first.code}: ${first.detail}${first.pointer ? ` at ${first.pointer}` : ""}${more}`);
    const meta = (document?.meta ?? {}) as Record<string, unknown>;
    this.status = status;
    this.code = first.code;
    this.detail = first.detail;
    this.pointer = first.pointer;
    this.errors = errors;
    this.meta = meta;
    this.headers = headers;
    this.requestId = headers.get("request-id") ?? (typeof meta["request-id"] === "string" ? meta["request-id"] : null);
    this.retryAfter = retryAfterSeconds(headers.get("retry-after"));
  }
}

/** The request never got an answer: the connection failed (after the retries, if any). */
export class RibbonConnectionError extends Error {
  override name = "RibbonConnectionError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** No answer within the request's `timeout` (after the retries, if any). */
export class RibbonTimeoutError extends RibbonConnectionError {
  override name = "RibbonTimeoutError";
}

/** `Retry-After` in seconds: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === "") return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, (date - now) / 1000);
}
