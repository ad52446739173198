import { config } from "@/lib/config";

/**
 * The protected resources Ribbon's authorization server issues tokens for (RFC 8707): the
 * JSON:API and the MCP server. A token is for one of them and refused by the other (its
 * audience), so a token an agent host got for /api/mcp can't be replayed at /api/v1, nor the reverse.
 */
export type Resource = "api" | "mcp";

export function resourceUrl(resource: Resource): string {
  return `${config.appUrl}${resource === "mcp" ? "/api/mcp" : "/api/v1"}`;
}

/**
 * The `resource` parameter of an authorization or token request → which resource; absent: the
 * API (as before resource indicators). Matched exactly on APP_URL's spelling, with or without a
 * trailing slash (hosts add one); anything else is `invalid_target` (RFC 8707 §2).
 */
export function readResource(value: unknown): Resource | { error: string } {
  if (value === undefined) return "api";
  if (typeof value !== "string") return { error: "resource must be sent once." };
  const bare = value.endsWith("/") ? value.slice(0, -1) : value;
  if (bare === resourceUrl("mcp")) return "mcp";
  if (bare === resourceUrl("api")) return "api";
  return { error: `resource must be ${resourceUrl("mcp")} (the MCP server) or ${resourceUrl("api")} (the API).` };
}

/** The issuer (RFC 8414, RFC 9207's `iss` on every authorization response). */
export const issuer = () => config.appUrl;
