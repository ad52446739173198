import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { corsPreflight, crossOrigin } from "@/lib/http/cors";
import { mcpEndpoint } from "@/lib/mcp";

/**
 * /api/mcp: Ribbon's MCP server (Streamable HTTP, stateless). POST carries JSON-RPC. A
 * stateless server opens no server-to-client stream and has no session to end, so GET and
 * DELETE answer 405, as the transport allows (docs/agents.md). Any origin may call it: a browser
 * host sends its bearer token, never a cookie (lib/http/cors.ts).
 */
export const POST = crossOrigin(mcpEndpoint);
export const OPTIONS = corsPreflight("POST");
export const { GET, DELETE, PUT, PATCH } = methodsNotAllowed("POST");
