import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ownerWithTeam } from "./dashboard-helpers";

// An MCP host that knows only http://HOST/api/mcp, as Claude Desktop or Cursor would be: the
// official SDK's client over real HTTP against `npm start`. It is told 401 + the protected
// resource metadata, discovers Ribbon's authorization server, identifies itself with a Client ID
// Metadata Document this test serves (its client_id is that URL), sends the person to the
// consent screen (Chromium: sign in, caps, sandbox, Approve), exchanges the code with PKCE for a
// token for the MCP resource, then lists the tools, quotes, sends, follows the gift to delivery
// and cancels another. The transcript is printed (and attached to the test's output).

type Transcript = string[];

/** The host's side of OAuth, kept in memory: what the SDK asks a host to store. */
class HostAuth implements OAuthClientProvider {
  authorizationUrl: URL | null = null;
  private verifier = "";
  private stored: OAuthTokens | undefined;
  constructor(
    private readonly metadataUrl: string,
    private readonly callback: string,
  ) {}
  get redirectUrl() {
    return this.callback;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Desk Agent (test)",
      redirect_uris: [this.callback],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  // The SDK's own CIMD path insists on https; on loopback the host hands it the URL as its client_id.
  clientInformation() {
    return { client_id: this.metadataUrl };
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: OAuthTokens) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

let host: Server;
let hostUrl = "";
const callbacks: URL[] = [];

test.beforeAll(async () => {
  host = createServer((req, res) => {
    const url = new URL(req.url!, hostUrl);
    if (url.pathname === "/client.json") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(
        JSON.stringify({
          client_id: `${hostUrl}/client.json`,
          client_name: "Desk Agent (test)",
          redirect_uris: [`${hostUrl}/callback`],
          token_endpoint_auth_method: "none",
        }),
      );
    }
    if (url.pathname === "/callback") {
      callbacks.push(url);
      res.writeHead(200, { "content-type": "text/html" });
      return res.end("<h1>Connected to Ribbon</h1>");
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

test("an MCP host connects with only the URL, gets consent with caps, quotes, sends and follows a gift to delivery", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const transcript: Transcript = [];
  const say = (line: string) => transcript.push(line);
  const mcpUrl = new URL("/api/mcp", baseURL);
  const auth = new HostAuth(`${hostUrl}/client.json`, `${hostUrl}/callback`);

  // 1. Knowing only the URL: 401, discovery, and a link to Ribbon's consent screen.
  const first = new Client({ name: "desk-agent", version: "1.0.0" });
  await expect(first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: auth }))).rejects.toThrow(
    UnauthorizedError,
  );
  const authorize = auth.authorizationUrl!;
  expect(authorize.origin + authorize.pathname).toBe(new URL("/oauth2/authorize", baseURL).href);
  expect(authorize.searchParams.get("resource")).toBe(mcpUrl.href);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  say(
    `401 from ${mcpUrl.pathname}; authorization at ${authorize.pathname}?client_id=${authorize.searchParams.get("client_id")}&resource=${authorize.searchParams.get("resource")}&code_challenge_method=S256`,
  );

  // 2. The person signs in and consents in Chromium: unverified client, caps required, sandbox.
  // A new person with a team of their own (works on PostgreSQL too, where no demo data is seeded).
  const owner = await ownerWithTeam(page, Date.now());
  await page.goto(authorize.href);
  await expect(page).toHaveURL(/\/oauth2\/authorize\?/);
  await expect(page.getByTestId("consent-unverified")).toContainText("Unverified application");
  await expect(page.getByTestId("consent-unverified")).toContainText(new URL(hostUrl).host);
  await expect(page.getByTestId("consent")).toContainText("is an AI agent asking to send gifts on your behalf");
  const caps = page.getByTestId("consent-caps");
  await expect(caps).toContainText("It may spend at most");
  await expect(page.getByLabel("per gift (USD)")).toHaveValue("100.00");
  await expect(page.getByLabel("a day, in all (USD)")).toHaveValue("250.00");
  await page.getByLabel("per gift (USD)").fill("60.00");
  await page.getByLabel("a day, in all (USD)").fill("150.00");
  await expect(page.getByRole("radio", { name: /In my sandbox/ })).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath("consent.png"), fullPage: true });
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { name: "Connected to Ribbon" })).toBeVisible();
  const callback = callbacks.at(-1)!;
  expect(callback.searchParams.get("iss")).toBe(new URL(baseURL!).origin); // RFC 9207
  say(
    `consent: unverified ${new URL(hostUrl).host}, caps $60.00 per gift and $150.00 a day, sandbox; callback with code and iss=${callback.searchParams.get("iss")}`,
  );

  // 3. The host exchanges the code (PKCE, resource) and connects.
  const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: auth });
  await transport.finishAuth(callback.searchParams.get("code")!);
  say(`token for ${mcpUrl.href}: ${auth.tokens()!.access_token.slice(0, 8)}…`);
  const client = new Client({ name: "desk-agent", version: "1.0.0" });
  await client.connect(transport);
  const { tools } = await client.listTools();
  say(
    `tools/list: ${tools.map((t) => `${t.name}${t.annotations?.readOnlyHint ? " (read-only)" : t.annotations?.destructiveHint ? " (destructive)" : ""}`).join(", ")}`,
  );
  expect(tools).toHaveLength(9);

  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult & {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tool answers are JSON documents, read loosely
      structuredContent: Record<string, any>;
    };
    const text = (result.content[0] as { text: string }).text;
    say(
      `tools/call ${name} ${JSON.stringify(args).slice(0, 160)} → ${result.isError ? "isError " : ""}${text.slice(0, 220)}`,
    );
    return result;
  };

  // 4. Browse, quote, send within the quote, follow.
  const collections = await call("list_collections");
  expect(collections.isError).toBeFalsy();
  const gift = {
    name: "Kim",
    delivery_method: "link",
    collection: "Coffee Lovers",
    message: "Welcome to the team!",
    from: "The Acme team",
  };
  const quote = await call("quote_gift", { gift });
  const total = (quote.structuredContent.meta as { price: { total: string; charge: string } }).price;
  expect(total.charge).toBe("0.00"); // sandbox: no money
  const sent = await call("send_gift", { gift, quoted_total: total.total, idempotency_key: `welcome-${Date.now()}` });
  expect(sent.isError).toBeFalsy();
  const created = sent.structuredContent.data as { id: string; attributes: { "untie-url": string } };

  // The recipient unties it (a real browser on the untie page), the simulated warehouse ships and delivers.
  await page.goto(created.attributes["untie-url"]);
  await expect(page.getByRole("heading", { name: "Kim, you have a gift!" })).toBeVisible();
  await page.getByRole("radio", { name: "Insulated Travel Mug" }).check();
  await page.getByLabel("Colour for Insulated Travel Mug").selectOption({ label: "Sage" });
  await page.getByLabel("Country").selectOption("US");
  await page.getByLabel("Full name").fill("Kim Lee");
  await page.getByLabel("Address line 1").fill("1 Main Street");
  await page.getByLabel("City", { exact: true }).fill("Springfield");
  await page.getByLabel("State", { exact: true }).fill("IL");
  await page.getByLabel("ZIP code", { exact: true }).fill("62701");
  await page.getByLabel("Email for shipping updates").fill("kim@example.test");
  await page.getByRole("button", { name: "Confirm my choice" }).click();
  await expect(page).toHaveURL(/redeemed=1$/);
  const stageOf = async () => {
    const got = (await client.callTool({ name: "get_gift", arguments: { id: created.id } })) as CallToolResult & {
      structuredContent: { data: { attributes: { stage: string } } };
    };
    return got.structuredContent.data.attributes.stage;
  };
  await expect.poll(stageOf, { timeout: 30_000 }).toBe("delivered");
  const followed = await call("get_gift", { id: created.id });
  const timeline = (followed.structuredContent.meta as { timeline: { attributes: { stage: string } }[] }).timeline;
  say(`timeline (newest first): ${timeline.map((e) => e.attributes.stage).join(" ← ")}`);
  expect(timeline.map((e) => e.attributes.stage)).toEqual(
    expect.arrayContaining(["scheduled", "opened", "redeemed", "shipped", "delivered"]),
  );

  // 5. The rest of the tools, and the caps holding.
  await call("list_gifts", { limit: 5 });
  const another = await call("send_gift", {
    gift: { ...gift, name: "Sam" },
    quoted_total: total.total,
    idempotency_key: `second-${Date.now()}`,
  });
  const cancelled = await call("cancel_gift", { id: (another.structuredContent.data as { id: string }).id });
  expect((cancelled.structuredContent.data as { attributes: { stage: string } }).attributes.stage).toBe("cancelled");
  const batch = {
    collection: gift.collection,
    message: gift.message,
    from: gift.from,
    recipients_attributes: [
      { name: "Ana", delivery_method: "link" },
      { name: "Bo", delivery_method: "link" },
    ],
  };
  const batchQuote = await call("quote_batch", { gift: batch });
  expect(batchQuote.isError).toBeFalsy();
  const spend = await call("get_spend");
  expect(spend.structuredContent.meta).toMatchObject({
    mode: "sandbox",
    caps: { "per-gift": "60.00", daily: "150.00" },
  });
  const raise = await call("set_caps", { max_per_day: "100000.00" });
  expect(raise.isError).toBe(true);

  // 6. A token for the API is refused here (and this one by the API).
  const api = await page.request.get(new URL("/api/v1/gifts", baseURL).href, {
    headers: { Authorization: `Bearer ${auth.tokens()!.access_token}` },
  });
  expect(api.status()).toBe(401);
  const withApiToken = await page.request.post(mcpUrl.href, {
    headers: { Authorization: `Bearer ${owner.sandbox}`, "content-type": "application/json" },
    data: { jsonrpc: "2.0", id: 1, method: "tools/list" },
  });
  expect(withApiToken.status()).toBe(401);
  expect(withApiToken.headers()["www-authenticate"]).toContain("resource_metadata=");
  say(`the MCP token at /api/v1 → ${api.status()}; a developer token at /api/mcp → ${withApiToken.status()}`);

  // 7. Revoking the connection on the account page stops the next call.
  await page.goto("/account");
  await page
    .getByRole("listitem")
    .filter({ hasText: "Desk Agent (test)" })
    .getByRole("button", { name: /Revoke/ })
    .click();
  await expect(async () => {
    await expect(client.callTool({ name: "get_spend", arguments: {} })).rejects.toThrow();
  }).toPass({ timeout: 10_000 });
  say("revoked on /account → the next tools/call is refused (401)");

  const text = transcript.join("\n");
  console.log(`\n--- MCP session transcript ---\n${text}\n---`);
  await testInfo.attach("mcp-transcript.txt", { body: text, contentType: "text/plain" });
});
