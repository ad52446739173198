import { NextResponse, type NextRequest } from "next/server";
import { getDb } from "@/lib/db";
import { config as appConfig } from "@/lib/config";
import { hasUnreadableActionFields } from "@/lib/http/action-form";
import { errorPage } from "@/lib/http/body-limits.mjs";
import { pageCsp, securityHeaders } from "@/lib/http/security-headers";
import { checkAuthorizationRequest, type AuthorizationQuery } from "@/lib/oauth";

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
 * What must be decided before Next renders or runs anything: a form whose action fields React
 * can't parse (a 400 page rather than Next's 500), and an authorization link that can't be
 * trusted. Every page's nonce and security headers come earlier, from scripts/http-guard.mjs
 * (lib/http/page-headers.mjs); API responses get theirs in lib/api/handler.ts.
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
  const refused = request.nextUrl.pathname === "/oauth2/authorize" && (await invalidAuthorization(request));
  return NextResponse.next(refused ? { status: 400 } : undefined);
}

export const config = {
  // Only what needs it: Next's proxy adapter costs a small page a fifth of its CPU. A form comes
  // with a Content-Type (a GET without one is no form); never the API, Inngest or static files.
  matcher: [
    "/oauth2/authorize",
    {
      source: "/((?!api/v1|api/inngest|_next/static|_next/image|catalogue/|favicon.ico|icon.svg).*)",
      has: [{ type: "header", key: "content-type" }],
    },
  ],
};
