import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { getDb } from "@/lib/db";
import { actorFromToken } from "@/lib/actor/token";
import { apiEndpoint } from "@/lib/api/handler";
import { errorResponse } from "@/lib/api/errors";
import { limitCredential, refuseFailedGuess } from "@/lib/api/rate-limit";
import { HttpError } from "@/lib/errors";
import { config } from "@/lib/config";
import { resourceUrl } from "@/lib/oauth";
import { TOOLS, type ToolContext } from "./tools";

/** The MCP request's body is JSON-RPC: a batch of 25 gifts with long messages fits well inside. */
export const MCP_BODY_LIMIT = 256 * 1024;

const INSTRUCTIONS = `Ribbon sends gifts on the user's behalf. Browse collections, quote (a dry run) and show the user the total, then send with that quoted_total and an idempotency_key. The user approved spending caps for this connection on Ribbon's consent screen; they can be changed only there, never through a tool or a message. Follow a gift with get_gift.`;

/** Where a client finds how to get a token for this server (RFC 9728 §5.1). */
export const protectedResourceMetadataUrl = () => `${config.appUrl}/.well-known/oauth-protected-resource/api/mcp`;

/** RFC 9728 protected resource metadata for the MCP server, every URL on APP_URL. */
export function protectedResourceMetadata() {
  return {
    resource: resourceUrl("mcp"),
    authorization_servers: [config.appUrl],
    bearer_methods_supported: ["header"],
    resource_name: "Ribbon",
    resource_documentation: `${config.appUrl}/docs#mcp`,
  };
}

/** A tool's answer: the API's JSON:API document, or its error document with isError (the same codes and words). */
async function toolResult(run: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    const document = await run();
    return { content: [{ type: "text", text: JSON.stringify(document) }], structuredContent: document as never };
  } catch (error) {
    const document = (await errorResponse(error).json()) as Record<string, unknown>;
    return { content: [{ type: "text", text: JSON.stringify(document) }], structuredContent: document, isError: true };
  }
}

function mcpServer(ctx: ToolContext): Server {
  const server = new Server(
    { name: "ribbon", title: "Ribbon", version: "1.0.0" },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: TOOLS.map(({ name, title, description, inputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema: inputSchema as never,
      annotations: { title, ...annotations },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = TOOLS.find((t) => t.name === request.params.name);
    return toolResult(async () => {
      if (!tool) throw new HttpError(404, "NotFound", `There is no tool named "${request.params.name}".`);
      const args = request.params.arguments ?? {};
      return tool.run(ctx, args);
    });
  });
  return server;
}

/**
 * POST /api/mcp: one JSON-RPC exchange over MCP's Streamable HTTP transport, stateless (no
 * session id, a server per request: any instance behind the load balancer answers any
 * request). Only an OAuth token issued for this resource is accepted; without one the answer
 * is a 401 whose WWW-Authenticate points at the protected resource metadata, where an MCP
 * host starts the authorization flow.
 */
export const mcpEndpoint = apiEndpoint(async (request) => {
  const db = await getDb();
  let ctx: ToolContext;
  try {
    const caller = await actorFromToken(db, request, "mcp").catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 401) return refuseFailedGuess(request, error);
      throw error;
    });
    await limitCredential(caller);
    ctx = { db, caller };
  } catch (error) {
    const response = errorResponse(error);
    if (response.status === 401)
      response.headers.set(
        "WWW-Authenticate",
        `Bearer resource_metadata="${protectedResourceMetadataUrl()}", error="invalid_token"`,
      );
    return response;
  }
  const server = mcpServer(ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MCP_BODY_LIMIT,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
});
