import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { getDb } from "@/lib/db";
import { actorFromToken, presentedToken } from "@/lib/actor/token";
import { apiEndpoint } from "@/lib/api/handler";
import { errorResponse } from "@/lib/api/errors";
import { limitCredential, refuseFailedGuess } from "@/lib/api/rate-limit";
import { HttpError } from "@/lib/errors";
import { BodyIncompleteError, BodyTooLargeError, readBodyBytes, utf8 } from "@/lib/http/read-body";
import { config } from "@/lib/config";
import { resourceUrl } from "@/lib/oauth";
import { TOOLS, type Tool, type ToolContext } from "./tools";

/** The MCP request's body is one JSON-RPC message: a send_batch of 25 gifts with long messages fits well inside. */
export const MCP_BODY_LIMIT = 256 * 1024;

/**
 * The most one tool answer may hold, in bytes of its JSON document (the text block; JSON-RPC
 * escapes it once more on the wire). list_gifts at its limit of 50 gifts measures 69 KB with
 * ordinary fields (app/api/mcp/__tests__/mcp.test.ts); with every text field at its longest
 * (2,000-character messages of characters JSON escapes) 312 KB, which is refused: asked again
 * for 40, it fits. A read's answer past this is a tool error (answer_too_large: ask for fewer),
 * never sent cut short. A write's answer is always sent (refused after the write, it would hide
 * what was done): send_batch's 25 gifts at their longest measure 156 KB.
 */
export const MCP_ANSWER_LIMIT = 256 * 1024;

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

const errorDocument = async (error: unknown) => JSON.stringify(await errorResponse(error).json());

/**
 * A tool's answer: the API's JSON:API document, or its error document with isError (the same
 * codes and words), sent once, as JSON in one text block. The tools declare no outputSchema,
 * so MCP asks for no structuredContent; a text block is what every host reads and hands its
 * model, and sending the document in both would double every answer (docs/agents.md).
 */
async function toolResult(tool: Tool | undefined, run: () => Promise<unknown>): Promise<CallToolResult> {
  let text: string;
  try {
    text = JSON.stringify(await run());
  } catch (error) {
    return { content: [{ type: "text", text: await errorDocument(error) }], isError: true };
  }
  const bytes = Buffer.byteLength(text);
  // Only a read is refused for its size: a write's answer says what was done (at most 25 gifts).
  if (tool?.annotations.readOnlyHint && bytes > MCP_ANSWER_LIMIT) {
    const tooLarge = new HttpError(
      400,
      "Answer Too Large",
      `The answer of ${tool.name} would be ${Math.ceil(bytes / 1024)} KB, more than the ${MCP_ANSWER_LIMIT / 1024} KB a tool answer may hold. Ask for fewer: a smaller limit, or filter by stage or email.`,
      { bytes, limit: MCP_ANSWER_LIMIT },
      "answer_too_large",
    );
    return { content: [{ type: "text", text: await errorDocument(tooLarge) }], isError: true };
  }
  return { content: [{ type: "text", text }] };
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
    return toolResult(tool, async () => {
      if (!tool) throw new HttpError(404, "NotFound", `There is no tool named "${request.params.name}".`);
      const args = request.params.arguments ?? {};
      return tool.run(ctx, args);
    });
  });
  return server;
}

/** A JSON-RPC error answered before any message is handled (id null: none could be read). */
const jsonRpcError = (status: number, code: number, message: string) =>
  Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status });

/**
 * The request's one JSON-RPC message, read within MCP_BODY_LIMIT, or the answer refusing it. A
 * batch (a JSON array) is refused whole before any of it runs: MCP dropped batching in its
 * 2025-06-18 revision, and the SDK's transport would otherwise run up to 100 messages of one
 * request, past the per-credential rate limit, which counts requests.
 */
async function oneMessage(request: Request): Promise<{ message: unknown } | { refusal: Response }> {
  let text: string | null;
  try {
    text = utf8(await readBodyBytes(request, MCP_BODY_LIMIT));
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      return { refusal: jsonRpcError(413, -32000, `The request body must not exceed ${MCP_BODY_LIMIT} bytes.`) };
    if (error instanceof BodyIncompleteError) return { refusal: jsonRpcError(400, -32700, error.message) };
    throw error;
  }
  let message: unknown;
  try {
    if (text === null) throw new Error("not UTF-8");
    message = JSON.parse(text);
  } catch {
    return { refusal: jsonRpcError(400, -32700, "Parse error: the body is not JSON.") };
  }
  if (Array.isArray(message))
    return {
      refusal: jsonRpcError(
        400,
        -32600,
        "Invalid Request: JSON-RPC batches are not supported; send one message per request.",
      ),
    };
  return { message };
}

/**
 * RFC 6750 §3.1: the error code only when the request carried a bearer token (and it was bad);
 * a request with no credentials, or another scheme, is told only where to get a token.
 */
function challenge(request: Request): string {
  const header = request.headers.get("authorization");
  const carried = header !== null ? /^Bearer(\s|$)/i.test(header) : presentedToken(request) !== null;
  const realm = `Bearer resource_metadata="${protectedResourceMetadataUrl()}"`;
  return carried ? `${realm}, error="invalid_token"` : realm;
}

/**
 * POST /api/mcp: one JSON-RPC message over MCP's Streamable HTTP transport, stateless (no
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
    if (response.status === 401) response.headers.set("WWW-Authenticate", challenge(request));
    return response;
  }
  const read = await oneMessage(request);
  if ("refusal" in read) return read.refusal;
  const server = mcpServer(ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MCP_BODY_LIMIT,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: read.message });
  } finally {
    await server.close();
  }
});
