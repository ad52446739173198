import { createHash } from "node:crypto";
import { expect } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, ClientCapabilities } from "@modelcontextprotocol/sdk/types.js";
import { config } from "@/lib/config";
import type { PrismaClient } from "@/lib/db";
import {
  approveAuthorization,
  checkAuthorizationRequest,
  createOAuthClient,
  exchangeAuthorizationCode,
} from "@/lib/oauth";
import * as mcpRoute from "../route";

// The MCP server through the official SDK client, its requests handed to the route handler
// (e2e/mcp-agent.spec.ts and e2e/mcp-caps.spec.ts drive it over real HTTP with the whole OAuth flow).
const REDIRECT = "http://127.0.0.1:8976/callback";
const VERIFIER = "a-code-verifier-of-forty-three-characters-or-more";
const CHALLENGE = createHash("sha256").update(VERIFIER).digest("base64url");
export const MCP = () => `${config.appUrl}/api/mcp`;

/** The tests' ways to reach the MCP server, on the file's database. */
export function mcpKit(t: { db: PrismaClient }) {
  async function grant(
    userId: string,
    { resource = MCP(), mode = "live" as "live" | "sandbox", perGift = "200.00", daily = "500.00" } = {},
  ) {
    const client = await createOAuthClient(t.db, { name: "Agent Host", redirectUris: [REDIRECT] });
    const check = await checkAuthorizationRequest(t.db, {
      client_id: client.clientId,
      redirect_uri: REDIRECT,
      response_type: "code",
      code_challenge: CHALLENGE,
      code_challenge_method: "S256",
      resource,
      max_per_gift: perGift,
      max_per_day: daily,
    });
    if (check.status !== "consent") throw new Error(JSON.stringify(check));
    const approved = await approveAuthorization(t.db, {
      clientId: client.clientId,
      redirectUri: REDIRECT,
      codeChallenge: check.codeChallenge,
      caps: check.caps,
      resource: check.resource,
      mode,
      userId,
    });
    if (approved.status !== "redirect") throw new Error(approved.reason);
    expect(new URL(approved.to).searchParams.get("iss")).toBe(config.appUrl);
    const issued = await exchangeAuthorizationCode(t.db, {
      grantType: "authorization_code",
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      code: approved.code,
      redirectUri: REDIRECT,
      codeVerifier: VERIFIER,
      resource,
    });
    return { token: issued.accessToken, client };
  }
  return { grant, connect, call, post, toolCall };
}

/** The SDK's client, its fetch answered by the route handler; `capabilities` as the host declares them. */
export async function connect(token: string, capabilities: ClientCapabilities = {}) {
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const handler = mcpRoute[request.method as "POST" | "GET" | "DELETE"]!;
    return handler(request);
  };
  const client = new Client({ name: "test-agent", version: "1.0.0" }, { capabilities });
  const transport = new StreamableHTTPClientTransport(new URL(MCP()), {
    fetch,
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/**
 * One tools/call and its document. Every answer carries it once: one text block holding the
 * JSON, no structuredContent (docs/agents.md, "Answers").
 */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.structuredContent).toBeUndefined();
  expect(result.content).toHaveLength(1);
  const [block] = result.content;
  if (block.type !== "text") throw new Error(`a ${block.type} block`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tool answers are JSON documents, read loosely
  return { ...result, document: JSON.parse(block.text) as Record<string, any> };
}

/** A raw POST /api/mcp, as a host that doesn't use the SDK would send it. */
export const post = (token: string | null, body: string, headers: Record<string, string> = {}) =>
  mcpRoute.POST(
    new Request(MCP(), {
      method: "POST",
      headers: {
        ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-06-18",
        ...headers,
      },
      body,
    }),
  );

export const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});
