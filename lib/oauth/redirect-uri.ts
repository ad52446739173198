const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * Why a redirect URI can't be registered (or trusted), or null when it can: https, or http on
 * loopback for native and local apps (RFC 8252 §7.3); no wildcards, fragments or user:password@.
 * The one policy for every way a client gets registered (oauth-client:create, a Client ID
 * Metadata Document, Dynamic Client Registration).
 */
export function redirectUriProblem(uri: string): string | null {
  if (uri.includes("*")) return "may not contain wildcards";
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return "is not an absolute URL";
  }
  if (url.hash || uri.includes("#")) return "may not have a fragment";
  if (url.username || url.password) return "may not contain a user name or password";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK.has(url.hostname)) return null;
  return "must use https (or http on 127.0.0.1, [::1] or localhost)";
}

/**
 * Whether `presented` (an authorization request's redirect_uri) is one of `registered`: the
 * same string, or, for an http loopback URI, the same but for the port (RFC 8252 §7.3: a native
 * app opens its listener on whatever port is free at run time, so the port registered, or none,
 * never binds). Host, path and query still match exactly; any other host matches exactly only.
 */
export function redirectUriRegistered(registered: readonly string[], presented: string): boolean {
  if (registered.includes(presented)) return true;
  const loopback = withoutPort(presented);
  return loopback !== null && registered.some((uri) => withoutPort(uri) === loopback);
}

/** An http loopback URI without its port (as parsed: `127.0.0.1:4305/cb` → `http://127.0.0.1/cb`), else null. */
function withoutPort(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" || !LOOPBACK.has(url.hostname) || url.username || url.password || url.hash) return null;
  // The string as sent, not the parser's normalisation: `/a/../cb` and `/cb` are other URIs.
  const rest = /^http:\/\/(?:\[::1\]|127\.0\.0\.1|localhost)(?::\d{1,5})?([/?].*|)$/i.exec(uri);
  if (!rest) return null;
  return `http://${url.hostname}${rest[1]}`;
}
