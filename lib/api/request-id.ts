import { config } from "@/lib/config";
import { randomBytesPooled } from "@/lib/crypto";
import { loggedPath } from "@/lib/http/log-path.mjs";

/** A new id for one API request: returned as `Request-Id`, put in error documents and logged. */
export const newRequestId = () => `req_${randomBytesPooled(12).toString("base64url")}`;

/**
 * One log line per API request. The path as lib/http/log-path.mjs lets a log carry it: no query
 * (it may hold an access token), no address (`DELETE /suppressions/:email`), no secret segment.
 */
export function logRequest(requestId: string, request: Request, status: number, startedAt: number): void {
  if (!config.logRequests) return;
  const path = loggedPath(new URL(request.url).pathname);
  console.log(`${requestId} ${request.method} ${path} ${status} ${Math.round(performance.now() - startedAt)}ms`);
}
