import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { callTool, INSTRUCTIONS, listedTools, SERVER_CAPABILITIES, SERVER_INFO } from "./answers";
import { APPROVAL_INPUT, ApprovalInputRequired, declaresUrlElicitation } from "./approval";
import type { ToolContext } from "./tools";

/**
 * MCP's stateless revision, 2026-07-28: no initialize handshake and no session; every request
 * carries its protocol version (and the client's capabilities) in `params._meta`, and says on
 * the HTTP request what it is (`MCP-Protocol-Version`, `Mcp-Method`, and `Mcp-Name` for a tool
 * call), so a proxy can route it without reading the body. Results say `resultType: "complete"`.
 * The SDK we use (1.x) speaks the session revisions only; this file answers the stateless one on
 * the same endpoint, with the same tools, caps and errors (lib/mcp/server.ts).
 */
export const STATELESS_REVISION = "2026-07-28";
/** Every revision served: the stateless one, and the session ones the SDK's transport answers. */
export const SERVED_REVISIONS = [STATELESS_REVISION, ...SUPPORTED_PROTOCOL_VERSIONS];

const META_VERSION = "io.modelcontextprotocol/protocolVersion";
const META_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";

// JSON-RPC error codes of the revision: the HTTP request contradicting its body, an unsupported version.
const HEADER_MISMATCH = -32020;
const UNSUPPORTED_VERSION = -32022;
const INVALID_PARAMS = -32602;
const METHOD_NOT_FOUND = -32601;
const INVALID_REQUEST = -32600;

type Message = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
export type StatelessRequest =
  { id: string | number | null; method: string; params: Record<string, unknown> } | Response;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const rpcError = (id: unknown, code: number, message: string, data?: unknown) =>
  Response.json(
    {
      jsonrpc: "2.0",
      id: typeof id === "string" || typeof id === "number" ? id : null,
      error: { code, message, data },
    },
    { status: 400 },
  );

/**
 * The request as the stateless revision has it, a refusal when it breaks the revision's rules,
 * or null for a session-revision request (initialize first, no version in `_meta`): the SDK's.
 */
export function statelessRequest(request: Request, body: unknown): StatelessRequest | null {
  const message = (isObject(body) ? body : {}) as Message;
  const params = isObject(message.params) ? message.params : {};
  const meta = isObject(params._meta) ? params._meta : {};
  const inBody = meta[META_VERSION];
  const inHeader = request.headers.get("mcp-protocol-version");
  const headerStateless = inHeader === STATELESS_REVISION;
  if (inBody === undefined && !headerStateless) return null;
  if (message.method === "initialize" && inBody === undefined) return null;

  const { id } = message;
  if (inBody === undefined)
    return rpcError(
      id,
      INVALID_PARAMS,
      `Invalid params: params._meta["${META_VERSION}"] is required in ${STATELESS_REVISION}.`,
    );
  // A session revision named in _meta (and not contradicted by the header) is the SDK's to answer.
  if (typeof inBody === "string" && SUPPORTED_PROTOCOL_VERSIONS.includes(inBody) && !headerStateless) return null;
  if (headerStateless && inBody !== STATELESS_REVISION)
    return rpcError(id, HEADER_MISMATCH, "The MCP-Protocol-Version header and params._meta disagree.");
  if (inBody !== STATELESS_REVISION)
    return rpcError(id, UNSUPPORTED_VERSION, "Unsupported protocol version.", {
      supported: SERVED_REVISIONS,
      requested: typeof inBody === "string" ? inBody.slice(0, 50) : null,
    });
  if (inHeader !== null && inHeader !== inBody)
    return rpcError(id, HEADER_MISMATCH, "The MCP-Protocol-Version header and params._meta disagree.");
  if (typeof message.method !== "string" || message.jsonrpc !== "2.0")
    return rpcError(id, INVALID_REQUEST, "Invalid Request: a JSON-RPC 2.0 message with a method.");
  const method = request.headers.get("mcp-method");
  if (method !== message.method)
    return rpcError(
      id,
      HEADER_MISMATCH,
      method === null ? "The Mcp-Method header is required." : "The Mcp-Method header and the body's method disagree.",
    );
  if (message.method === "tools/call" && request.headers.get("mcp-name") !== params.name)
    return rpcError(id, HEADER_MISMATCH, "The Mcp-Name header must name the tool the body calls.");
  return { id: typeof id === "string" || typeof id === "number" ? id : null, method: message.method, params };
}

/**
 * The host of a stateless request: its capabilities are the request's own (the revision: never
 * inferred from an earlier request), and a retry carries its person's answers in `inputResponses`.
 */
function hostOf(params: Record<string, unknown>): ToolContext["host"] {
  const meta = isObject(params._meta) ? params._meta : {};
  const elicitsUrl = declaresUrlElicitation(meta[META_CAPABILITIES]);
  return {
    elicitsUrl: async () => elicitsUrl,
    inputResponses: isObject(params.inputResponses) ? params.inputResponses : null,
  };
}

/**
 * A send whose gifts wait for approval asks through MRTR: an `input_required` result with one
 * URL-mode `elicitation/create`; the host retries the call with the person's answer.
 */
const inputRequired = (asked: ApprovalInputRequired) => ({
  resultType: "input_required",
  inputRequests: { [APPROVAL_INPUT]: { method: "elicitation/create", params: asked.elicitation } },
});

/** The answer to a stateless request: server/discover, tools/list, tools/call; a notification is accepted. */
export async function answerStateless(base: Omit<ToolContext, "host">, request: StatelessRequest): Promise<Response> {
  if (request instanceof Response) return request;
  const { id, method, params } = request;
  const ctx = { ...base, host: hostOf(params) };
  if (id === null) return new Response(null, { status: 202 }); // a notification: nothing to answer
  const result = async (): Promise<Record<string, unknown> | Response> => {
    if (method === "server/discover")
      return {
        supportedVersions: SERVED_REVISIONS,
        capabilities: SERVER_CAPABILITIES,
        serverInfo: SERVER_INFO,
        instructions: INSTRUCTIONS,
      };
    if (method === "tools/list") return { tools: listedTools() };
    if (method === "tools/call") {
      if (typeof params.name !== "string" || (params.arguments !== undefined && !isObject(params.arguments)))
        return rpcError(id, INVALID_PARAMS, "Invalid params: a tool name, and arguments as an object.");
      try {
        return await callTool(ctx, params.name, params.arguments);
      } catch (error) {
        if (error instanceof ApprovalInputRequired) return inputRequired(error);
        throw error;
      }
    }
    return rpcError(id, METHOD_NOT_FOUND, `Method not found: ${method.slice(0, 100)}`);
  };
  const answer = await result();
  if (answer instanceof Response) return answer;
  return Response.json({ jsonrpc: "2.0", id, result: { resultType: "complete", ...answer } });
}
