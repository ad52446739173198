/**
 * Typed errors thrown by domain code and parsers. `lib/api/errors.ts` is the one place
 * that turns them into JSON:API error documents.
 */
export type FieldProblem = { detail: string; pointer?: string; code?: string };

/**
 * An `unknown_field` problem for each key of `input` that is not one of `known` (a list of
 * names, or an object whose own keys are the names). Own properties only: `__proto__`,
 * `constructor` or `toString` is an unknown field like any other, never taken for a known one.
 */
export function unknownFieldProblems(
  input: object,
  known: readonly string[] | object,
  pointer = "",
  hint?: (key: string) => string | undefined,
): FieldProblem[] {
  const isKnown = Array.isArray(known)
    ? (key: string) => known.includes(key)
    : (key: string) => Object.hasOwn(known, key);
  return Object.keys(input)
    .filter((key) => !isKnown(key))
    .map((key) => ({
      detail: hint?.(key) ?? `${key} is not a known field`,
      pointer: `${pointer}/${key}`,
      code: "unknown_field",
    }));
}

/**
 * Most problems one answer lists (an API error document, the dashboard's upload preview): the
 * first ones, in the order found, with the total beside them. 10,000 invalid recipients are then
 * a 30 KB answer, not 3 MB.
 */
export const MAX_LISTED_PROBLEMS = 100;

/** Validation problems: HTTP 400, one `ApiError` entry (status 422) per problem (the first MAX_LISTED_PROBLEMS). */
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
/** A 409 about one field of the body (`source.pointer`), with a code saying why (e.g. `already_opened`). */
export const conflictAt = (pointer: string, detail: string, code: string, meta: Record<string, unknown> = {}) =>
  new HttpError(409, "Conflict", detail, { ...meta, pointer }, code);
