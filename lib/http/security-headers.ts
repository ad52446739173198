import { config } from "@/lib/config";

/**
 * Headers every response carries: no framing, no MIME sniffing, referrers only to our own
 * origin in full, HSTS once APP_URL is https. `csp` is the response's Content-Security-Policy.
 */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    "Content-Security-Policy": csp,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    ...(config.appUrl.startsWith("https://")
      ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" }
      : {}),
  };
}

/** API responses are data, never documents to render or frame. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Pages: scripts only from this origin and Next's inline bootstrap carrying this request's
 * nonce ('strict-dynamic' lets those load their chunks). Inline styles stay allowed (React
 * style props, email previews); no plugins, no framing, no <base> hijack.
 */
export function pageCsp(nonce: string): string {
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
