/**
 * Typed errors thrown by domain code and parsers. `lib/api/errors.ts` is the one place
 * that turns them into JSON:API error documents.
 */
export type FieldProblem = { detail: string; pointer?: string; code?: string };

/** Validation problems: HTTP 400, one `ApiError` entry (status 422) per problem. */
export class ValidationError extends Error {
  constructor(readonly problems: FieldProblem[]) {
    super(problems.map((p) => p.detail).join("; "));
    this.name = "ValidationError";
  }
}

export class BillingError extends Error {
  constructor(
    message = "Your card was declined.",
    readonly code = "card_declined",
  ) {
    super(message);
    this.name = "BillingError";
  }
}

/** `PayloadTooLarge` → `payload_too_large`: the default code of an HttpError. */
const snakeCase = (title: string) => title.replace(/(?<=[a-z0-9])(?=[A-Z])/g, "_").toLowerCase();

/** An error with its own HTTP status, JSON:API title and machine-readable code (default: the title in snake_case). */
export class HttpError extends Error {
  readonly code: string;
  constructor(
    readonly status: number,
    readonly title: string,
    detail: string,
    readonly meta?: Record<string, unknown>,
    code?: string,
    /** Response headers that belong to this error (e.g. Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = "HttpError";
    this.code = code ?? snakeCase(title);
  }
}

export const badRequest = (detail: string, meta?: Record<string, unknown>) =>
  new HttpError(400, "BadRequest", detail, meta);
export const unauthorized = (detail: string) => new HttpError(401, "Unauthorized", detail);
export const forbidden = (detail: string) => new HttpError(403, "Forbidden", detail);
export const notFound = (detail: string) => new HttpError(404, "NotFound", detail);
export const conflict = (detail: string) => new HttpError(409, "Conflict", detail);
