import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { mcpEndpoint } from "@/lib/mcp";

/**
 * /api/mcp: Ribbon's MCP server (Streamable HTTP, stateless). POST carries JSON-RPC. A
 * stateless server opens no server-to-client stream and has no session to end, so GET and
 * DELETE answer 405, as the transport allows (docs/agents.md).
 */
export const POST = mcpEndpoint;
export const { GET, DELETE, PUT, PATCH, OPTIONS } = methodsNotAllowed("POST");
