import { NextResponse, type NextRequest } from "next/server";
import { getDb } from "@/lib/db";
import { config as appConfig } from "@/lib/config";
import { hasUnreadableActionFields } from "@/lib/http/action-form";
import { errorPage } from "@/lib/http/body-limits.mjs";
import { pageCsp, securityHeaders } from "@/lib/http/security-headers";
import { checkAuthorizationRequest, type AuthorizationQuery } from "@/lib/oauth";
import { PATH_HEADER } from "@/lib/site/path-header";

/**
 * An authorization link whose client or redirect URI can't be trusted (RFC 6749 §4.1.2.1):
 * the user is told with a 400 page, before any sign-in, and never redirected. A page can't set
 * its own status, so the proxy asks the domain and passes the request on with a 400; the page
 * itself shows the explanation. (Not a rewrite to another page: Next spells the rewrite's host
 * "localhost" while its router compares it with the address it listens on, so on the default
 * HOST=127.0.0.1 it took the rewrite for another site, fetched the page over HTTP and answered
 * with that fetch's 200.)
 */
async function invalidAuthorization(request: NextRequest): Promise<boolean> {
  const url = request.nextUrl;
  const query: AuthorizationQuery = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0] : values;
  }
  // The page asks again: a metadata document is fetched once for both (lib/oauth/client-metadata.ts).
  const check = await checkAuthorizationRequest(await getDb(), query, undefined, request);
  return check.status === "invalid";
}

/**
 * Pages get a fresh CSP nonce per request: Next reads the policy from the request headers and
 * puts the nonce on its own scripts. API responses get their headers in lib/api/handler.ts.
 */
export async function proxy(request: NextRequest) {
  if (await hasUnreadableActionFields(request)) {
    const page = errorPage(
      "400 Bad Request",
      "This form could not be read. Go back to the page, reload it and try again.",
      appConfig.appUrl,
    );
    return new NextResponse(page, {
      status: 400,
      headers: { ...securityHeaders(pageCsp("")), "Content-Type": "text/html; charset=utf-8" },
    });
  }
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const headers = securityHeaders(pageCsp(nonce));
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]);
  // The root layout's <html lang dir> follows the untie pages' language: it needs the path (set here, never the client's).
  requestHeaders.set(PATH_HEADER, request.nextUrl.pathname);
  const refused = request.nextUrl.pathname === "/oauth2/authorize" ? await invalidAuthorization(request) : false;
  const response = NextResponse.next({ request: { headers: requestHeaders }, ...(refused ? { status: 400 } : {}) });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Not the API (its own headers), nor Inngest (Next would copy its bodies for nothing), nor static files (no HTML, no scripts to allow).
  matcher: ["/((?!api/v1|api/inngest|_next/static|_next/image|catalogue/|favicon.ico|icon.svg).*)"],
};
