/**
 * The client's IP address. scripts/http-guard.mjs (preloaded by `npm start`) writes the socket's
 * address into `x-ribbon-client-ip`, replacing anything the client sent. Behind a proxy
 * (RIBBON_TRUST_PROXY=1) the last X-Forwarded-For entry — the one our proxy added — wins.
 */
export function clientIp(request: { headers: Headers }): string {
  if (process.env.RIBBON_TRUST_PROXY === "1") {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return request.headers.get("x-ribbon-client-ip") ?? "unknown";
}
