import { config } from "@/lib/config";
import { randomBytesPooled } from "@/lib/crypto";

/** A new id for one API request: returned as `Request-Id`, put in error documents and logged. */
export const newRequestId = () => `req_${randomBytesPooled(12).toString("base64url")}`;

/**
 * One log line per API request. Only the path is logged: the query may hold an access token.
 */
export function logRequest(requestId: string, request: Request, status: number, startedAt: number): void {
  if (!config.logRequests) return;
  const path = new URL(request.url).pathname;
  console.log(`${requestId} ${request.method} ${path} ${status} ${Math.round(performance.now() - startedAt)}ms`);
}
