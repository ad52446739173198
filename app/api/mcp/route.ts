import { mcpEndpoint } from "@/lib/mcp";

/**
 * /api/mcp: Ribbon's MCP server (Streamable HTTP, stateless). POST carries JSON-RPC; GET
 * (a server-to-client stream) and DELETE (ending a session) answer 405, as a stateless server
 * may (docs/agents.md).
 */
export const POST = mcpEndpoint;
export const GET = mcpEndpoint;
export const DELETE = mcpEndpoint;
