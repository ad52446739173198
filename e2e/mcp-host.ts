import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

// An MCP host for the browser tests (e2e/mcp-*.spec.ts), as Claude Desktop or Cursor would be:
// the official SDK's client over real HTTP against `npm start`. It serves its own Client ID
// Metadata Document and OAuth callback on loopback, keeps its tokens in memory, and writes a
// transcript of the session that reads as a note a person could paste.

export const HOST_NAME = "Desk Agent (test)";

/** The host's side of OAuth, kept in memory: what the SDK asks a host to store. */
export class HostAuth implements OAuthClientProvider {
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
      client_name: HOST_NAME,
      redirect_uris: [this.callback],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  // The SDK's own CIMD path insists on https; on loopback the host hands it the URL as its client_id.
  clientInformation(): OAuthClientInformationMixed | undefined {
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

export type McpHost = {
  /** http://127.0.0.1:PORT, set once the file's tests start. */
  url: string;
  /** Every authorization response the host's callback received, last one last. */
  callbacks: URL[];
  auth(): HostAuth;
};

/** The host's loopback server (client metadata + callback), started before the file's tests and closed after. */
export function mcpHost(): McpHost {
  let server: Server;
  const host: McpHost = {
    url: "",
    callbacks: [],
    auth: () => new HostAuth(`${host.url}/client.json`, `${host.url}/callback`),
  };
  test.beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url!, host.url);
      if (url.pathname === "/client.json") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(
          JSON.stringify({
            client_id: `${host.url}/client.json`,
            client_name: HOST_NAME,
            redirect_uris: [`${host.url}/callback`],
            token_endpoint_auth_method: "none",
          }),
        );
      }
      if (url.pathname === "/callback") {
        host.callbacks.push(url);
        res.writeHead(200, { "content-type": "text/html" });
        return res.end("<h1>Connected to Ribbon</h1>");
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    host.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return host;
}

/** What a session did, one line per step; printed and attached to the test's output. */
export class Transcript {
  readonly lines: string[] = [];
  say(line: string) {
    this.lines.push(line);
  }
  async publish(testInfo: TestInfo, title: string) {
    const text = this.lines.join("\n");
    console.log(`\n--- ${title} ---\n${text}\n---`);
    await testInfo.attach(`${testInfo.title.slice(0, 40).replace(/\W+/g, "-")}-transcript.txt`, {
      body: text,
      contentType: "text/plain",
    });
    return text;
  }
}

/** The first connect, knowing only the URL: 401, discovery, and the consent screen's URL. */
export async function discover(mcpUrl: URL, auth: HostAuth, transcript: Transcript): Promise<URL> {
  const first = new Client({ name: "desk-agent", version: "1.0.0" });
  await expect(first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: auth }))).rejects.toThrow(
    UnauthorizedError,
  );
  const authorize = auth.authorizationUrl!;
  const q = authorize.searchParams;
  transcript.say(
    `POST ${mcpUrl.pathname} without a token → 401; discovery → ${authorize.pathname}?client_id=${q.get("client_id")}&resource=${q.get("resource")}&code_challenge_method=${q.get("code_challenge_method")}`,
  );
  return authorize;
}

export type Consent = { perGift: string; daily: string; mode: "live" | "sandbox" };

/** The signed-in person approves on Ribbon's consent screen with these caps and mode; returns the host's callback. */
export async function approve(page: Page, host: McpHost, authorize: URL, consent: Consent, transcript: Transcript) {
  const before = host.callbacks.length;
  if (page.url() !== authorize.href) await page.goto(authorize.href);
  await page.getByLabel("per gift (USD)").fill(consent.perGift);
  await page.getByLabel("a day, in all (USD)").fill(consent.daily);
  await page.getByRole("radio", { name: consent.mode === "live" ? /Live/ : /In my sandbox/ }).check();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { name: "Connected to Ribbon" })).toBeVisible();
  expect(host.callbacks.length).toBe(before + 1);
  const callback = host.callbacks.at(-1)!;
  transcript.say(
    `consent screen (Chromium): ${consent.mode}, caps $${consent.perGift} per gift and $${consent.daily} a day → Approve; callback with a code and iss=${callback.searchParams.get("iss")}`,
  );
  return callback;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tool answers are JSON documents, read loosely
export type ToolResult = CallToolResult & { document: Record<string, any> };

export type Agent = {
  client: Client;
  /** One tools/call, written to the transcript (`quiet`: not written, for polling). */
  call(name: string, args?: Record<string, unknown>, quiet?: boolean): Promise<ToolResult>;
};

/** The host exchanges the code (PKCE, resource) and connects; its calls are written to the transcript. */
export async function connect(mcpUrl: URL, auth: HostAuth, callback: URL, transcript: Transcript): Promise<Agent> {
  const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: auth });
  await transport.finishAuth(callback.searchParams.get("code")!);
  const tokens = auth.tokens()!;
  transcript.say(
    `token exchange (PKCE S256, resource=${mcpUrl.href}) → a ${tokens.token_type} token (${tokens.access_token.slice(0, 8)}…)${tokens.expires_in ? `, expires in ${tokens.expires_in}s` : ""}${tokens.refresh_token ? ", with a refresh token" : ""}; connected`,
  );
  const client = new Client({ name: "desk-agent", version: "1.0.0" });
  await client.connect(transport);
  return {
    client,
    async call(name, args = {}, quiet = false) {
      const answer = (await client.callTool({ name, arguments: args })) as CallToolResult;
      // The document comes once, as JSON in the one text block (docs/agents.md).
      const [block] = answer.content;
      const result: ToolResult = { ...answer, document: block?.type === "text" ? JSON.parse(block.text) : {} };
      if (!quiet) transcript.say(`${name}(${describeArgs(args)}) → ${describeResult(result)}`);
      return result;
    },
  };
}

/** A tool's arguments in short: a gift as "to NAME <email> from COLLECTION", the rest as key=value. */
function describeArgs(args: Record<string, unknown>): string {
  return Object.entries(args)
    .map(([key, value]) => {
      if (key === "gift" && value && typeof value === "object") {
        const g = value as Record<string, unknown>;
        const to = Array.isArray(g.recipients_attributes)
          ? `${g.recipients_attributes.length} recipients`
          : `${g.name ?? "?"}${g.email ? ` <${g.email}>` : ` (${g.delivery_method ?? "email"})`}`;
        return `gift: to ${to} from "${g.collection}"`;
      }
      const text = typeof value === "string" ? value : JSON.stringify(value);
      return `${key}=${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
    })
    .join(", ");
}

type Resource = { type: string; id: string; attributes: Record<string, unknown> };

/** A tool's answer in one line: the error's status, code and words, or what the document holds. */
export function describeResult(result: ToolResult): string {
  const doc = result.document;
  if (result.isError) {
    const e = (doc.errors as { status: number; code: string; detail: string }[])?.[0];
    return e ? `isError ${e.status} ${e.code}: "${e.detail}"` : `isError ${JSON.stringify(doc).slice(0, 200)}`;
  }
  const gift = (r: Resource) => {
    const a = r.attributes;
    return `gift ${r.id} (${a.name}, ${a.stage}, $${a.price}${a.livemode === false ? ", sandbox" : ""})`;
  };
  if (Array.isArray(doc.data)) {
    const rows = doc.data as Resource[];
    if (rows.length === 0) return "none";
    if (rows[0].type === "collections")
      return `${rows.length} collections: ${rows
        .slice(0, 4)
        .map((r) => `${r.attributes.name} $${r.attributes.price}`)
        .join(", ")}${rows.length > 4 ? ", …" : ""}`;
    if (rows[0].type === "gifts")
      return `${rows.length} ${rows.length === 1 ? "gift" : "gifts"}: ${rows
        .slice(0, 4)
        .map((r) => `${r.attributes.name} ${r.attributes.stage}`)
        .join(", ")}${rows.length > 4 ? ", …" : ""}`;
    return `${rows.length} ${rows[0].type}`;
  }
  const meta = (doc.meta ?? {}) as Record<string, unknown>;
  if (meta.price) {
    const p = meta.price as { gifts: number; total: string; charge: string; caps: Record<string, string> | null };
    const caps = p.caps ? `; caps left today after it: $${p.caps["remaining-today-after"]}` : "";
    return `quote: ${p.gifts} ${p.gifts === 1 ? "gift" : "gifts"}, total $${p.total}, charge $${p.charge}${caps}`;
  }
  if (meta.caps) {
    const c = meta.caps as Record<string, string | null>;
    return `${meta.mode}: caps $${c["per-gift"]} per gift, $${c.daily} a day; spent today $${c["spent-today"]}, this month $${c["spent-this-month"]}; left today $${c["remaining-today"]}`;
  }
  if (doc.data && (doc.data as Resource).type === "gifts") {
    const timeline = meta.timeline as { attributes: { stage: string } }[] | undefined;
    return `${gift(doc.data as Resource)}${timeline ? `; timeline: ${timeline.map((e) => e.attributes.stage).join(" ← ")}` : ""}`;
  }
  return JSON.stringify(doc).slice(0, 200);
}
