/**
 * Cross-origin access for what a browser-based MCP host calls itself: the MCP endpoint, the
 * OAuth discovery documents, dynamic registration and the token endpoint. Each takes a bearer
 * token or nothing, never a cookie, so any origin may call it: `Access-Control-Allow-Origin: *`
 * (without credentials, a browser sends no cookie and reads no credentialed answer). The
 * request's Origin decides nothing. Every other route (the site, the API, the authorize page)
 * stays same-origin. docs/security.md, "Cross-origin requests".
 */

const ALLOW_HEADERS = ["Authorization", "Content-Type", "Accept", "MCP-Protocol-Version", "Mcp-Method", "Mcp-Name"];
// What a host reads of an answer: where to get a token (401), the revision, when to retry (429), the request id.
const EXPOSE_HEADERS = ["WWW-Authenticate", "MCP-Protocol-Version", "Retry-After", "X-Request-Id"];

function allowAnyOrigin(headers: Headers) {
  headers.set("Access-Control-Allow-Origin", "*");
  headers.set("Access-Control-Expose-Headers", EXPOSE_HEADERS.join(", "));
}

/** The route's handler, its every answer readable from any origin. */
export function crossOrigin<A extends unknown[]>(
  handler: (...args: A) => Response | Promise<Response>,
): (...args: A) => Promise<Response> {
  return async (...args) => {
    const response = await handler(...args);
    try {
      allowAnyOrigin(response.headers);
      return response;
    } catch {
      // A response with immutable headers (Response.redirect): the same answer, its headers copied.
      const copy = new Response(response.body, response);
      allowAnyOrigin(copy.headers);
      return copy;
    }
  };
}

/** OPTIONS: the preflight of a cross-origin route serving `methods`. */
export function corsPreflight(...methods: string[]): () => Response {
  const allow = [...methods, "OPTIONS"].join(", ");
  return () => {
    const headers = new Headers({
      Allow: allow,
      "Access-Control-Allow-Methods": allow,
      "Access-Control-Allow-Headers": ALLOW_HEADERS.join(", "),
      "Access-Control-Max-Age": "86400",
    });
    allowAnyOrigin(headers);
    return new Response(null, { status: 204, headers });
  };
}
