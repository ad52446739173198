import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  UrlElicitationRequiredError,
} from "@modelcontextprotocol/sdk/types.js";
import { getDb } from "@/lib/db";
import { actorFromToken, presentedToken } from "@/lib/actor/token";
import { apiEndpoint } from "@/lib/api/handler";
import { errorResponse } from "@/lib/api/errors";
import { limitCredential, refuseFailedGuess } from "@/lib/api/rate-limit";
import { HttpError } from "@/lib/errors";
import { BodyIncompleteError, BodyTooLargeError, readBodyBytes, utf8 } from "@/lib/http/read-body";
import { config } from "@/lib/config";
import { mcpHostElicitsUrl, recordMcpHostElicitsUrl, resourceUrl } from "@/lib/oauth";
import type { Caller } from "@/lib/tokens";
import { callTool, INSTRUCTIONS, listedTools, SERVER_CAPABILITIES, SERVER_INFO } from "./answers";
import { ApprovalInputRequired, declaresUrlElicitation } from "./approval";
import { answerStateless, statelessRequest } from "./stateless";
import type { ToolContext } from "./tools";

export { MCP_ANSWER_LIMIT } from "./answers";

/** The MCP request's body is one JSON-RPC message: a send_batch of 25 gifts with long messages fits well inside. */
export const MCP_BODY_LIMIT = 256 * 1024;

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

/**
 * A server for one request of a session revision. Its host declared its capabilities in an
 * earlier request's `initialize`, remembered on the token; a send that waits for approval asks
 * such a host with URLElicitationRequiredError (-32042, 2025-11-25), which it answers by opening
 * the URL and retrying the call.
 */
function mcpServer(ctx: ToolContext): Server {
  const server = new Server(SERVER_INFO, { capabilities: SERVER_CAPABILITIES, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listedTools() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    try {
      return await callTool(ctx, request.params.name, request.params.arguments);
    } catch (error) {
      if (error instanceof ApprovalInputRequired)
        throw new UrlElicitationRequiredError([error.elicitation], error.message);
      throw error;
    }
  });
  return server;
}

type Message = { method?: unknown; params?: { capabilities?: unknown } };

/** `initialize` of a session revision: what the host declared is kept on its token, for the calls after it. */
async function rememberHost(db: Awaited<ReturnType<typeof getDb>>, caller: Caller, message: unknown) {
  const { method, params } = (typeof message === "object" && message !== null ? message : {}) as Message;
  if (method === "initialize" && caller.via === "oauth")
    await recordMcpHostElicitsUrl(db, caller.credentialId, declaresUrlElicitation(params?.capabilities));
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
  let caller: Caller;
  try {
    caller = await actorFromToken(db, request, "mcp").catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 401) return refuseFailedGuess(request, error);
      throw error;
    });
    await limitCredential(caller);
  } catch (error) {
    const response = errorResponse(error);
    if (response.status === 401) response.headers.set("WWW-Authenticate", challenge(request));
    return response;
  }
  const read = await oneMessage(request);
  if ("refusal" in read) return read.refusal;
  // The 2026-07-28 revision (every request carries its version: no initialize, no session) is
  // answered here; the session revisions (initialize first) by the SDK's transport below.
  const stateless = statelessRequest(request, read.message);
  if (stateless) return answerStateless({ db, caller }, stateless);
  await rememberHost(db, caller, read.message);
  const server = mcpServer({
    db,
    caller,
    host: { elicitsUrl: () => mcpHostElicitsUrl(db, caller.credentialId), inputResponses: null },
  });
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
