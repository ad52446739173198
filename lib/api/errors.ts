import { BillingError, HttpError, MAX_LISTED_PROBLEMS, ValidationError } from "@/lib/errors";
import { isDatabaseUnavailable, logUnavailable, RETRY_AFTER_S } from "@/lib/database/unavailable";
import { absoluteUrl } from "@/lib/urls";
import { errorAnchor } from "./openapi/error-codes";
import { jsonApi } from "./document";

type ErrorObject = {
  title: string;
  status: number;
  detail: string;
  code: string;
  source?: { pointer: string } | { parameter: string };
  meta?: Record<string, unknown>;
};

/**
 * Every error entry links to its code's row of the reference's error table, like Stripe's `doc_url`.
 * At most MAX_LISTED_PROBLEMS entries, the first ones: past that, the document's `meta` says how
 * many there were (`errors-total`) and how many are listed (`errors-shown`).
 */
function document(
  status: number,
  errors: ErrorObject[],
  requestId: string | undefined,
  headers?: Record<string, string>,
): Response {
  const shown = errors.slice(0, MAX_LISTED_PROBLEMS);
  const meta = {
    ...(requestId ? { "request-id": requestId } : {}),
    ...(shown.length < errors.length ? { "errors-total": errors.length, "errors-shown": shown.length } : {}),
  };
  return jsonApi(
    {
      errors: shown.map((e) => ({ ...e, links: { about: absoluteUrl(`/docs#${errorAnchor(e.code)}`) } })),
      ...(Object.keys(meta).length > 0 ? { meta } : {}),
    },
    { status, headers },
  );
}

/**
 * The one place where failures become JSON:API error documents. `status` in each entry is
 * an integer, as the spec shows: 422 for ApiError (validation), 400 for BillingError. Every
 * entry has a stable `code` (docs/errors.md); the document's `meta` names the request.
 */
export function errorResponse(error: unknown, requestId?: string): Response {
  if (error instanceof ValidationError) {
    return document(
      400,
      error.problems.map((p) => ({
        title: "ApiError",
        status: 422,
        detail: p.detail,
        code: p.code ?? "invalid",
        ...(p.pointer !== undefined ? { source: { pointer: p.pointer } } : {}),
      })),
      requestId,
    );
  }
  if (error instanceof BillingError) {
    return document(400, [{ title: "BillingError", status: 400, detail: error.message, code: error.code }], requestId);
  }
  if (error instanceof HttpError) {
    const headers: Record<string, string> = {
      ...error.headers,
      ...(error.status === 401 ? { "WWW-Authenticate": 'Bearer realm="ribbon"' } : {}),
    };
    // A query parameter or body field at fault is JSON:API's `source`; anything else stays in `meta`.
    const { parameter, pointer, ...meta } = error.meta ?? {};
    const entry = {
      title: error.title,
      status: error.status,
      detail: error.message,
      code: error.code,
      ...(typeof parameter === "string" ? { source: { parameter } } : {}),
      ...(typeof pointer === "string" ? { source: { pointer } } : {}),
      ...(Object.keys(meta).length ? { meta } : {}),
    };
    return document(error.status, [entry], requestId, headers);
  }
  if (isDatabaseUnavailable(error)) {
    logUnavailable(error);
    const detail =
      "The service is briefly unavailable (its database can't be reached). Please retry after the number of seconds in Retry-After.";
    return document(
      503,
      [{ title: "ServiceUnavailable", status: 503, detail, code: "service_unavailable" }],
      requestId,
      { "Retry-After": String(RETRY_AFTER_S) },
    );
  }
  console.error(`Unexpected error while handling API request ${requestId ?? "(no id)"}:`, error);
  return document(
    500,
    [
      {
        title: "InternalError",
        status: 500,
        detail: "Something went wrong on our side. Please try again.",
        code: "internal_error",
      },
    ],
    requestId,
  );
}

/** What a 503 asks a client to wait: about the time a database restart or failover takes. */
