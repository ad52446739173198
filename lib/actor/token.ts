import type { Tx } from "@/lib/db";
import { unauthorized } from "@/lib/errors";
import { verifyToken, type Caller } from "@/lib/tokens";

/** The token from `Authorization: Bearer …` or `?access_token=…` (the header wins). */
export function presentedToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (header !== null) {
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    return match ? match[1] : "";
  }
  return new URL(request.url).searchParams.get("access_token");
}

const REASONS = {
  malformed: "The access token is malformed.",
  unknown: "The access token is not valid.",
  revoked: "The access token has been revoked.",
  expired: "The access token has expired: it was rolled and the old tokens' 24 hours are over.",
} as const;

const AUDIENCE = {
  api: "The access token was issued for Ribbon's MCP server (/api/mcp), not for the API.",
  mcp: "The access token is not for Ribbon's MCP server: connect through the authorization flow with resource=<APP_URL>/api/mcp.",
} as const;

/**
 * The actor of a request to one resource (the API, or the MCP server): the request's bearer
 * token checked, or 401 with the reason. A token is accepted only by the resource it was
 * issued for (RFC 8707): an OAuth token for the MCP server is refused by the API, and the MCP
 * server accepts only those (never a developer token, nor an OAuth token for the API).
 */
export async function actorFromToken(db: Tx, request: Request, resource: "api" | "mcp" = "api"): Promise<Caller> {
  const token = presentedToken(request);
  if (token === null) throw unauthorized("An access token is required: send Authorization: Bearer <token>.");
  const check = await verifyToken(db, token);
  if (check.status !== "valid") throw unauthorized(REASONS[check.status]);
  if ((check.caller.resource ?? "api") !== resource) throw unauthorized(AUDIENCE[resource]);
  return check.caller;
}
