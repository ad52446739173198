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
