import { getDb, type PrismaClient } from "@/lib/db";
import { HttpError } from "@/lib/errors";
import { API_CSP, securityHeaders } from "@/lib/http/security-headers";
import { whoIsAsking } from "@/lib/actor";
import type { Caller } from "@/lib/tokens";
import { errorResponse } from "./errors";
import { assertKnownQuery } from "./query";
import { limitCredential, rateLimitHeaders, refuseFailedGuess } from "./rate-limit";
import { logRequest, newRequestId } from "./request-id";

export type ApiContext<P> = { request: Request; db: PrismaClient; caller: Caller; params: P };

// Next passes no params for routes without dynamic segments (e.g. /api/v1/gifts).
type RouteContext<P> = { params?: Promise<P> } | undefined;
type Endpoint<P> = (request: Request, context?: RouteContext<P>) => Promise<Response>;

/**
 * Every API endpoint: gives the request an id (the `Request-Id` header, the error
 * document's meta, the log line), turns every failure into an error document and adds the
 * security headers.
 */
export function apiEndpoint<P = Record<string, never>>(
  handle: (request: Request, params: P) => Promise<Response>,
): Endpoint<P> {
  return async (request, context) => {
    const startedAt = performance.now();
    const requestId = newRequestId();
    let response: Response;
    try {
      response = await handle(request, ((await context?.params) ?? {}) as P);
    } catch (error) {
      response = errorResponse(error, requestId);
    }
    response.headers.set("Request-Id", requestId);
    for (const [name, value] of Object.entries(securityHeaders(API_CSP))) response.headers.set(name, value);
    // Gifts carry untie URLs and tokens are secrets: no API answer belongs in a cache unless it says so.
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
    logRequest(requestId, request, response.status, startedAt);
    return response;
  };
}

/** What an endpoint accepts beyond the token and pagination: the names of its `filter[…]` parameters. */
export type RouteOptions = { filters?: readonly string[]; params?: readonly string[] };

/**
 * A read-only named key may only read: any other method is refused before the handler runs
 * (before a body is read), whatever the route (lib/tokens/named-keys.ts).
 */
function refuseBeyondKey(caller: Caller, request: Request) {
  if (caller.key?.readOnly && request.method !== "GET" && request.method !== "HEAD")
    throw new HttpError(
      403,
      "Forbidden",
      `The API key "${caller.key.name}" is read-only: it may only GET. Use a key with full access to ${request.method}.`,
      undefined,
      "key_read_only",
    );
}

/** An authenticated API endpoint: the caller comes from the request's token. */
export function apiRoute<P = Record<string, never>>(
  handle: (ctx: ApiContext<P>) => Promise<Response>,
  options: RouteOptions = {},
): Endpoint<P> {
  return apiEndpoint<P>(async (request, params) => {
    assertKnownQuery(new URL(request.url), options.filters, options.params);
    const db = await getDb();
    const caller = await whoIsAsking(db, request).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 401) return refuseFailedGuess(request, error);
      throw error;
    });
    const limit = await limitCredential(caller);
    refuseBeyondKey(caller, request);
    const response = await handle({ request, db, caller, params });
    for (const [name, value] of Object.entries(rateLimitHeaders(limit, response.status)))
      response.headers.set(name, value);
    return response;
  });
}
