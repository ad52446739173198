import { afterEach, describe, expect, it, vi } from "vitest";
import { auth, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationFull,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { config } from "@/lib/config";
import {
  approveAuthorization,
  checkAuthorizationRequest,
  deleteUnusedDynamicClients,
  DYNAMIC_CLIENT_IDLE_DAYS,
  exchangeAuthorizationCode,
} from "@/lib/oauth";
import { createAccount } from "@/lib/testing/fixtures";
import { socketHeaders } from "@/lib/testing/socket-headers";
import { openDatabaseForFile } from "@/app/api/v1/__tests__/helpers";
import * as registerRoute from "./route";
import * as tokenRoute from "../token/route";
import * as mcpRoute from "@/app/api/mcp/route";
import * as asmRoute from "@/app/.well-known/oauth-authorization-server/route";
import * as prmRoute from "@/app/.well-known/oauth-protected-resource/[[...path]]/route";

// Dynamic Client Registration (RFC 7591) as an MCP host that registers only this way does it:
// the official SDK's auth() discovers registration_endpoint, registers, authorizes and exchanges
// the code, every request handed to the route handlers; then the hostile registrations.
const t = openDatabaseForFile();
const REGISTER = () => `${config.appUrl}/oauth2/register`;
const MCP = () => `${config.appUrl}/api/mcp`;
const DAY = 24 * 60 * 60 * 1000;

let addresses = 0;
/** An address no other test used (the limiter's counts outlive a test). */
const freshAddress = () => `192.0.2.${++addresses}`;

afterEach(() => vi.unstubAllEnvs());

/** Ribbon as the SDK sees it over HTTP: each request answered by its route handler, from `address`. */
function ribbon(address: string) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const headers = socketHeaders(address);
    request.headers.forEach((value, name) => headers.set(name, value));
    const routed = new Request(request, { headers });
    const { pathname } = new URL(routed.url);
    if (pathname.startsWith("/.well-known/oauth-protected-resource")) {
      const path = pathname.split("/").slice(3).filter(Boolean);
      return prmRoute.GET(routed, { params: Promise.resolve({ path }) });
    }
    if (pathname === "/.well-known/oauth-authorization-server") return asmRoute.GET();
    if (pathname === "/oauth2/register" && routed.method === "POST") return registerRoute.POST(routed);
    if (pathname === "/oauth2/token" && routed.method === "POST") return tokenRoute.POST(routed);
    if (pathname === "/api/mcp" && routed.method === "POST") return mcpRoute.POST(routed);
    return new Response("Not found", { status: 404 });
  };
}

/** A host that registers dynamically: no client metadata document, its client information kept in memory. */
class DynamicHost implements OAuthClientProvider {
  authorizationUrl: URL | null = null;
  information: OAuthClientInformationFull | undefined;
  stored: OAuthTokens | undefined;
  private verifier = "";
  constructor(
    readonly redirectUrl: string,
    private readonly registered: string[] = [redirectUrl],
  ) {}
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Loopback Agent (test)",
      redirect_uris: this.registered,
      // What hosts send today: refresh tokens asked for too (Ribbon registers the code grant alone).
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationFull) {
    this.information = information;
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

/** The person's side of /oauth2/authorize for the URL the host opened: consent checked, then approved with caps. */
async function approve(url: URL, userId: string) {
  const query = Object.fromEntries(url.searchParams);
  const check = await checkAuthorizationRequest(t.db, query, { userId });
  if (check.status !== "consent") throw new Error(JSON.stringify(check));
  const approved = await approveAuthorization(t.db, {
    clientId: check.client.clientId,
    redirectUri: check.redirectUri,
    state: typeof check.state === "string" ? check.state : undefined,
    codeChallenge: check.codeChallenge,
    resource: check.resource,
    caps: { perGiftCents: 5_000, dailyCents: 10_000, monthlyCents: null, collectionIds: null },
    mode: "sandbox",
    userId,
  });
  if (approved.status !== "redirect") throw new Error(approved.reason);
  return { check, approved };
}

/** A raw registration request, as a host without the SDK sends it. */
const register = (body: unknown, { address = freshAddress(), raw }: { address?: string; raw?: BodyInit } = {}) =>
  registerRoute.POST(
    new Request(REGISTER(), {
      method: "POST",
      headers: socketHeaders(address, { "content-type": "application/json" }),
      body: raw ?? JSON.stringify(body),
    }),
  );

const metadata = (over: Record<string, unknown> = {}) => ({
  client_name: "Desk Agent",
  redirect_uris: ["http://127.0.0.1:7777/callback"],
  token_endpoint_auth_method: "none",
  ...over,
});

describe("Dynamic Client Registration (RFC 7591)", () => {
  it("the SDK's auth() registers through registration_endpoint, authorizes with PKCE, gets a token and calls a tool", async () => {
    const asm = await (await asmRoute.GET()).json();
    expect(asm.registration_endpoint).toBe(REGISTER());
    expect(asm.token_endpoint_auth_methods_supported).toContain("none");

    const fetchFn = ribbon(freshAddress());
    const host = new DynamicHost("http://127.0.0.1:4305/callback");
    expect(await auth(host, { serverUrl: MCP(), fetchFn })).toBe("REDIRECT");
    // Registered dynamically: a public client, no secret, the code grant alone.
    const info = host.information!;
    expect(info.client_id).toMatch(/^dcr_/);
    expect(info.client_secret).toBeUndefined();
    expect(info).toMatchObject({
      client_name: "Loopback Agent (test)",
      redirect_uris: ["http://127.0.0.1:4305/callback"],
      grant_types: ["authorization_code"],
      token_endpoint_auth_method: "none",
    });
    expect(info.client_id_issued_at).toBeCloseTo(Date.now() / 1000, -1);

    const owner = await createAccount(t.db);
    const url = host.authorizationUrl!;
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    const { check, approved } = await approve(url, owner.user.id);
    // Shown as unverified, registered dynamically (no host of its own to name).
    expect(check).toMatchObject({
      resource: "mcp",
      client: { name: "Loopback Agent (test)", verified: false, host: null, registration: "dynamic" },
    });
    const code = new URL(approved.to).searchParams.get("code")!;
    expect(await auth(host, { serverUrl: MCP(), authorizationCode: code, fetchFn })).toBe("AUTHORIZED");
    expect(host.stored?.access_token).toMatch(/^rbn_oat_/);

    const client = new Client({ name: "dcr-agent", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(MCP()), {
        fetch: fetchFn,
        requestInit: { headers: { Authorization: `Bearer ${host.stored!.access_token}` } },
      }),
    );
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain("list_collections");
    const listed = await client.callTool({ name: "list_collections", arguments: {} });
    expect(listed.isError).toBeFalsy();
    await client.close();
    const token = await t.db.oAuthToken.findFirstOrThrow({ where: { client: { clientId: info.client_id } } });
    expect(token).toMatchObject({ resource: "mcp", mode: "sandbox" });
  });

  it("a public client: no secret, PKCE required, its client_id alone at the token endpoint", async () => {
    const res = await register(metadata());
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        "client_id",
        "client_id_issued_at",
        "client_name",
        "grant_types",
        "redirect_uris",
        "response_types",
        "token_endpoint_auth_method",
      ].sort(),
    );
    const query = {
      client_id: body.client_id,
      redirect_uri: "http://127.0.0.1:7777/callback",
      response_type: "code",
    };
    // Without PKCE: sent back to the host with the reason (even for the API).
    const noPkce = await checkAuthorizationRequest(t.db, query);
    expect(noPkce.status).toBe("redirect");
    expect(new URL((noPkce as { to: string }).to).searchParams.get("error_description")).toContain("PKCE is required");
    const owner = await createAccount(t.db);
    const refused = await approveAuthorization(t.db, {
      clientId: body.client_id,
      redirectUri: query.redirect_uri,
      resource: "mcp",
      codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      caps: null,
      userId: owner.user.id,
    });
    // An agent's grant needs caps per gift and per day, as for every other client.
    expect(refused).toMatchObject({ status: "invalid", reason: expect.stringContaining("spending cap per gift") });
    // The token endpoint: a secret sent for it matches nothing.
    await expect(
      exchangeAuthorizationCode(t.db, {
        grantType: "authorization_code",
        clientId: body.client_id,
        clientSecret: "guessed",
        code: "x",
        redirectUri: query.redirect_uri,
      }),
    ).rejects.toMatchObject({ code: "invalid_client" });
  });

  it("refuses hostile registrations with RFC 7591 errors, never a 500, storing nothing", async () => {
    const before = await t.db.oAuthClient.count();
    const cases: [string, unknown, number, string][] = [
      [
        "1,000 redirect URIs",
        metadata({ redirect_uris: Array.from({ length: 1000 }, (_, i) => `https://a.example/${i}`) }),
        400,
        "invalid_redirect_uri",
      ],
      [
        "11 redirect URIs",
        metadata({ redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) }),
        400,
        "invalid_redirect_uri",
      ],
      ["javascript:", metadata({ redirect_uris: ["javascript:alert(1)"] }), 400, "invalid_redirect_uri"],
      [
        "http, not loopback",
        metadata({ redirect_uris: ["http://evil.example/callback"] }),
        400,
        "invalid_redirect_uri",
      ],
      [
        "http on a loopback look-alike",
        metadata({ redirect_uris: ["http://127.0.0.1.evil.example/cb"] }),
        400,
        "invalid_redirect_uri",
      ],
      ["a wildcard", metadata({ redirect_uris: ["https://*.example.com/cb"] }), 400, "invalid_redirect_uri"],
      ["a fragment", metadata({ redirect_uris: ["https://a.example/cb#x"] }), 400, "invalid_redirect_uri"],
      ["user:password@", metadata({ redirect_uris: ["https://u:p@a.example/cb"] }), 400, "invalid_redirect_uri"],
      ["a NUL", metadata({ redirect_uris: ["https://a.example/c\u0000b"] }), 400, "invalid_redirect_uri"],
      ["a lone surrogate", metadata({ redirect_uris: ["https://a.example/\ud800"] }), 400, "invalid_redirect_uri"],
      [
        "a 3 KB URI",
        metadata({ redirect_uris: [`https://a.example/${"x".repeat(3000)}`] }),
        400,
        "invalid_redirect_uri",
      ],
      ["no redirect URI", metadata({ redirect_uris: [] }), 400, "invalid_redirect_uri"],
      [
        "redirect URIs not strings",
        metadata({ redirect_uris: [{ uri: "https://a.example" }] }),
        400,
        "invalid_redirect_uri",
      ],
      [
        "a client secret method",
        metadata({ token_endpoint_auth_method: "client_secret_basic" }),
        400,
        "invalid_client_metadata",
      ],
      ["no code grant", metadata({ grant_types: ["client_credentials"] }), 400, "invalid_client_metadata"],
      ["no code response", metadata({ response_types: ["token"] }), 400, "invalid_client_metadata"],
      ["a 101-character name", metadata({ client_name: "x".repeat(101) }), 400, "invalid_client_metadata"],
      ["a bidi override in the name", metadata({ client_name: "Desk\u202eAgent" }), 400, "invalid_client_metadata"],
      ["a name not a string", metadata({ client_name: 7 }), 400, "invalid_client_metadata"],
      ["an array", [metadata()], 400, "invalid_client_metadata"],
    ];
    for (const [label, body, status, error] of cases) {
      const res = await register(body);
      expect(res.status, label).toBe(status);
      expect(res.headers.get("content-type"), label).toContain("application/json");
      const doc = await res.json();
      expect(doc, label).toEqual({ error, error_description: expect.any(String) });
    }
    // Not JSON, another media type, a huge body (stopped as it is read: 413).
    const notJson = await register(null, { raw: "{" });
    expect(await notJson.json()).toMatchObject({ error: "invalid_client_metadata" });
    const form = await registerRoute.POST(
      new Request(REGISTER(), { method: "POST", body: new URLSearchParams({ client_name: "x" }) }),
    );
    expect(form.status).toBe(400);
    const huge = await register(null, {
      raw: JSON.stringify(metadata({ logo_uri: `https://a.example/${"x".repeat(2 * 1024 * 1024)}` })),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: "invalid_request" });
    expect(await t.db.oAuthClient.count()).toBe(before);
  });

  it("metadata Ribbon does not understand is ignored (RFC 7591 §2); a name defaults to the redirect URI's host", async () => {
    const res = await register({
      redirect_uris: ["https://agent.example/cb", "https://agent.example/cb"],
      scope: "gifts",
      logo_uri: "https://agent.example/logo.png",
      contacts: ["ops@agent.example"],
      software_id: "x",
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ client_name: "agent.example", redirect_uris: ["https://agent.example/cb"] });
    expect(body.logo_uri).toBeUndefined();
  });

  it("a replayed registration registers another client, never hands out the first one's; a flood from one address is refused", async () => {
    vi.stubEnv("RIBBON_RATE_LIMIT_CLIENT_REGISTRATIONS_PER_IP_PER_HOUR", "3");
    const address = freshAddress();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await register(metadata(), { address });
      expect(res.status).toBe(201);
      ids.push((await res.json()).client_id);
    }
    expect(new Set(ids).size).toBe(3);
    const flood = await register(metadata(), { address });
    expect(flood.status).toBe(429);
    expect(Number(flood.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await flood.json()).toMatchObject({ error: "invalid_request" });
    // Another address is still served.
    expect((await register(metadata())).status).toBe(201);
  });

  it("an unknown client at /authorize is refused without a redirect", async () => {
    for (const clientId of ["dcr_not-registered", "dcr_" + "x".repeat(300), "dcr_\u0000"]) {
      const check = await checkAuthorizationRequest(t.db, {
        client_id: clientId,
        redirect_uri: "http://127.0.0.1:7777/callback",
        response_type: "code",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
      });
      expect(check).toMatchObject({ status: "invalid", code: "unknown-client" });
    }
  });

  it(`a dynamic client neither approved nor used for ${DYNAMIC_CLIENT_IDLE_DAYS} days is deleted; others stay`, async () => {
    const now = new Date();
    const old = new Date(now.getTime() - (DYNAMIC_CLIENT_IDLE_DAYS + 1) * DAY);
    const recent = new Date(now.getTime() - 2 * DAY);
    const owner = await createAccount(t.db);
    const make = (name: string, over: { createdAt?: Date; lastGrantAt?: Date | null; kind?: string } = {}) =>
      t.db.oAuthClient.create({
        data: {
          clientId: `dcr_${name}_${Math.random()}`,
          clientSecretHash: "x",
          name,
          redirectUris: ["https://a.example/cb"],
          kind: "dynamic",
          createdAt: old,
          ...over,
        },
      });
    const unused = await make("unused");
    const approvedOnce = await make("approved long ago", { lastGrantAt: old });
    const approvedLately = await make("approved lately", { lastGrantAt: recent });
    const young = await make("registered lately", { createdAt: recent });
    const usedLately = await make("token used lately", { lastGrantAt: old });
    const idleToken = await make("token idle", { lastGrantAt: old });
    const revokedButUsed = await make("token revoked", { lastGrantAt: old });
    const registered = await make("not dynamic", { kind: "registered" });
    const token = (clientId: number, over: { lastUsedAt?: Date; revokedAt?: Date }) =>
      t.db.oAuthToken.create({
        data: { tokenHash: `h${Math.random()}`, clientId, userId: owner.user.id, createdAt: old, ...over },
      });
    await token(usedLately.id, { lastUsedAt: recent });
    await token(idleToken.id, { lastUsedAt: old });
    await token(revokedButUsed.id, { lastUsedAt: recent, revokedAt: recent });

    expect(await deleteUnusedDynamicClients(t.db, { now })).toBe(4);
    const left = new Set((await t.db.oAuthClient.findMany({ select: { id: true } })).map((c) => c.id));
    for (const gone of [unused, approvedOnce, idleToken, revokedButUsed])
      expect(left.has(gone.id), gone.name).toBe(false);
    for (const kept of [approvedLately, young, usedLately, registered]) expect(left.has(kept.id), kept.name).toBe(true);
    // The tokens of a deleted client went with it.
    expect(await t.db.oAuthToken.count({ where: { clientId: idleToken.id } })).toBe(0);
    expect(await deleteUnusedDynamicClients(t.db, { now })).toBe(0);
  });

  it("an approval counts as a grant: the client's lastGrantAt is set", async () => {
    const body = await (await register(metadata())).json();
    const owner = await createAccount(t.db);
    const approved = await approveAuthorization(t.db, {
      clientId: body.client_id,
      redirectUri: "http://127.0.0.1:7777/callback",
      codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      resource: "api",
      userId: owner.user.id,
    });
    expect(approved.status).toBe("redirect");
    const row = await t.db.oAuthClient.findUniqueOrThrow({ where: { clientId: body.client_id } });
    expect(row.lastGrantAt).not.toBeNull();
  });
});
