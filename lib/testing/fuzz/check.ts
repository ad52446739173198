import type { FuzzRequest } from "./requests";

export type FuzzResponse = { status: number; contentType: string; body: string };

const OAUTH_ERRORS = [
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "invalid_scope",
];

/**
 * What is wrong with an answer, or null: never a 5xx; an API error is a JSON:API error document,
 * an OAuth token error the RFC 6749 JSON, a page error an HTML page.
 */
export function problemWith(request: FuzzRequest, response: FuzzResponse): string | null {
  if (response.status >= 500) return `${response.status} answer`;
  if (response.status < 400 || request.method === "HEAD") return null;
  if (request.kind === "api") {
    if (!response.contentType.startsWith("application/vnd.api+json"))
      return `${response.status} with Content-Type "${response.contentType}", not a JSON:API document`;
    try {
      const doc = JSON.parse(response.body) as { errors?: { status?: unknown; title?: unknown; code?: unknown }[] };
      if (!Array.isArray(doc.errors) || doc.errors.length === 0) return `${response.status} without an errors array`;
      // A 400 carries its validation problems as entries of status 422 (docs/api.md): any 4xx entry will do.
      const clientStatus = (s: unknown) => /^4\d\d$/.test(String(s));
      for (const e of doc.errors)
        if (typeof e.title !== "string" || typeof e.code !== "string" || !clientStatus(e.status))
          return `${response.status} with a malformed error ${JSON.stringify(e).slice(0, 200)}`;
    } catch {
      return `${response.status} with a body that is not JSON`;
    }
    return null;
  }
  if (request.kind === "oauth") {
    if (response.status === 405) return null; // another method than POST: Allow says which
    try {
      const doc = JSON.parse(response.body) as { error?: unknown; error_description?: unknown };
      if (typeof doc.error !== "string" || !OAUTH_ERRORS.includes(doc.error))
        return `${response.status} with error ${JSON.stringify(doc.error)}, not an RFC 6749 code`;
      if (doc.error_description !== undefined && typeof doc.error_description !== "string")
        return `${response.status} with a non-text error_description`;
    } catch {
      return `${response.status} with a body that is not JSON`;
    }
    return null;
  }
  if (!response.contentType.startsWith("text/html"))
    return `${response.status} page error with Content-Type "${response.contentType}", not a page`;
  if (!/<html/i.test(response.body)) return `${response.status} page error without an HTML document`;
  return null;
}

/** A request as text to paste into a bug report: method, path, headers, the body's first bytes. */
export function describeRequest(request: FuzzRequest): string {
  const body = request.body ? Buffer.from(request.body).toString("latin1").slice(0, 300) : "";
  return `${request.method} ${request.path.slice(0, 300)} ${JSON.stringify(request.headers).slice(0, 300)}${body ? ` body(${request.body!.length} B): ${JSON.stringify(body)}` : ""}`;
}
