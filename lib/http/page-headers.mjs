// The security headers of every response, and the per-request ones of pages: plain JavaScript, so
// scripts/http-guard.mjs (which gives every page request its headers before Next sees it) and the
// app's TypeScript (lib/http/security-headers.ts) share one copy.
import { randomBytes } from "node:crypto";

/** The request's path, set on every page request (a client's own value is replaced): the root layout reads the page's language from it. */
export const PATH_HEADER = "x-ribbon-path";

/** API responses are data, never documents to render or frame. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers every response carries: no framing, no MIME sniffing, referrers only to our own
 * origin in full, HSTS once APP_URL is https. `csp` is the response's Content-Security-Policy.
 */
export function securityHeaders(csp, appUrl) {
  return {
    "Content-Security-Policy": csp,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    ...(appUrl.startsWith("https://") ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/**
 * Pages: scripts only from this origin and Next's inline bootstrap carrying this request's
 * nonce ('strict-dynamic' lets those load their chunks). Inline styles stay allowed (React
 * style props, email previews); no plugins, no framing, no <base> hijack.
 */
export function pageCsp(nonce) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The paths that are no page: the API (lib/api/handler.ts gives it its own headers), Inngest, and
 * static files (no HTML, no scripts to allow). proxy.ts's matcher, which must be a literal, leaves
 * out the same prefixes (lib/http/page-headers.test.ts holds the two together).
 */
export const NOT_PAGE_PREFIXES = [
  "api/v1",
  "api/inngest",
  "_next/static",
  "_next/image",
  "catalogue/",
  "favicon.ico",
  "icon.svg",
];
const NOT_PAGES = new RegExp(`^/(?:${NOT_PAGE_PREFIXES.map((p) => p.replace(/[.]/g, "\\.")).join("|")})`);

/** Whether a request for `pathname` is answered by a page (or one of the site's routes) and gets the page headers. */
export const isPagePath = (pathname) => !NOT_PAGES.test(pathname);

/**
 * A page request's headers, set on the raw request and response before Next sees them: a fresh
 * CSP nonce in the request's Content-Security-Policy (Next reads it there and puts it on its own
 * scripts), the path for the root layout, and the security headers on the response.
 */
export function givePageHeaders(request, response, pathname, appUrl) {
  const csp = pageCsp(randomBytes(16).toString("base64"));
  request.headers["content-security-policy"] = csp;
  request.headers[PATH_HEADER] = pathname;
  for (const [name, value] of Object.entries(securityHeaders(csp, appUrl))) response.setHeader(name, value);
}
