import { BillingError, HttpError, ValidationError } from "@/lib/errors";
import { jsonApi } from "./document";

type ErrorObject = {
  title: string;
  status: number;
  detail: string;
  code?: string;
  source?: { pointer: string } | { parameter: string };
  meta?: Record<string, unknown>;
};

function document(status: number, errors: ErrorObject[], headers?: Record<string, string>): Response {
  return jsonApi({ errors }, { status, headers });
}

/**
 * The one place where failures become JSON:API error documents. `status` in each entry is
 * an integer, as the spec shows: 422 for ApiError (validation), 400 for BillingError.
 */
export function errorResponse(error: unknown): Response {
  if (error instanceof ValidationError) {
    return document(
      400,
      error.problems.map((p) => ({
        title: "ApiError",
        status: 422,
        detail: p.detail,
        ...(p.code ? { code: p.code } : {}),
        ...(p.pointer !== undefined ? { source: { pointer: p.pointer } } : {}),
      })),
    );
  }
  if (error instanceof BillingError) {
    return document(400, [{ title: "BillingError", status: 400, detail: error.message }]);
  }
  if (error instanceof HttpError) {
    const headers: Record<string, string> = error.status === 401 ? { "WWW-Authenticate": 'Bearer realm="ribbon"' } : {};
    const parameter = error.meta?.parameter;
    const source = typeof parameter === "string" ? { source: { parameter } } : {};
    return document(error.status, [{ title: error.title, status: error.status, detail: error.message, ...source, ...(error.meta ? { meta: error.meta } : {}) }], headers);
  }
  console.error("Unexpected error while handling an API request:", error);
  return document(500, [{ title: "InternalError", status: 500, detail: "Something went wrong on our side. Please try again." }]);
}
