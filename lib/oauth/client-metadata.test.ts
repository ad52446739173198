import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { createAccount } from "@/lib/testing/fixtures";
import { openDatabaseForFile } from "@/app/api/v1/__tests__/helpers";
import { approveAuthorization, checkAuthorizationRequest, exchangeAuthorizationCode } from ".";
import { isMetadataClientId, METADATA_TTL_MS } from "./client-metadata";

// Client ID Metadata Documents, served by this test on loopback (RIBBON_WEBHOOKS_ALLOW_PRIVATE=1
// in the test environment, as a developer's machine would set it): fetched, cached, checked.
const t = openDatabaseForFile();
const REDIRECT = "http://127.0.0.1:8976/callback";
const VERIFIER = "a-code-verifier-of-forty-three-characters-or-more";
const CHALLENGE = createHash("sha256").update(VERIFIER).digest("base64url");
const documents = new Map<string, () => string>();
const fetched = new Map<string, number>();
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    fetched.set(req.url!, (fetched.get(req.url!) ?? 0) + 1);
    const doc = documents.get(req.url!);
    if (!doc) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/json" }).end(doc());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Publishes a document at `path`; returns its URL (the client_id). */
function publish(path: string, over: Record<string, unknown> = {}, raw?: string) {
  const clientId = `${base}${path}`;
  documents.set(
    path,
    () => raw ?? JSON.stringify({ client_id: clientId, client_name: "Desk Agent", redirect_uris: [REDIRECT], ...over }),
  );
  return clientId;
}

const query = (clientId: string, over: Record<string, string> = {}) => ({
  client_id: clientId,
  redirect_uri: REDIRECT,
  response_type: "code",
  code_challenge: CHALLENGE,
  code_challenge_method: "S256",
  resource: `${config.appUrl}/api/mcp`,
  ...over,
});

describe("a client known by its metadata document", () => {
  it("is asked for consent as unverified, with its URL's host; fetched once an hour; a public client with PKCE", async () => {
    const clientId = publish("/agent.json");
    const check = await checkAuthorizationRequest(t.db, query(clientId));
    expect(check).toMatchObject({
      status: "consent",
      resource: "mcp",
      client: { clientId, name: "Desk Agent", verified: false, host: new URL(base).host },
    });
    await checkAuthorizationRequest(t.db, query(clientId));
    expect(fetched.get("/agent.json")).toBe(1);
    const owner = await createAccount(t.db);
    const approved = await approveAuthorization(t.db, {
      clientId,
      redirectUri: REDIRECT,
      codeChallenge: CHALLENGE,
      resource: "mcp",
      caps: { perGiftCents: 5_000, dailyCents: 10_000, monthlyCents: null, collectionIds: null },
      mode: "sandbox",
      userId: owner.user.id,
    });
    if (approved.status !== "redirect") throw new Error(approved.reason);
    // No secret: the client_id alone and the verifier.
    const token = await exchangeAuthorizationCode(t.db, {
      grantType: "authorization_code",
      clientId,
      code: approved.code,
      redirectUri: REDIRECT,
      codeVerifier: VERIFIER,
      resource: `${config.appUrl}/api/mcp`,
    });
    const row = await t.db.oAuthToken.findFirstOrThrow({ where: { client: { clientId } } });
    expect(row).toMatchObject({ resource: "mcp", mode: "sandbox" });
    expect(token.accessToken).toMatch(/^rbn_oat_/);
    // An hour later it is fetched again (a changed document takes effect).
    await t.db.oAuthClient.update({
      where: { clientId },
      data: { metadataFetchedAt: new Date(Date.now() - METADATA_TTL_MS - 1000) },
    });
    await checkAuthorizationRequest(t.db, query(clientId));
    expect(fetched.get("/agent.json")).toBe(2);
  });

  it("an MCP grant without caps per gift and per day, or without PKCE, is never issued", async () => {
    const clientId = publish("/strict.json");
    const owner = await createAccount(t.db);
    const base = { clientId, redirectUri: REDIRECT, resource: "mcp" as const, userId: owner.user.id };
    const uncapped = await approveAuthorization(t.db, { ...base, codeChallenge: CHALLENGE, caps: null });
    expect(uncapped).toMatchObject({ status: "invalid", reason: expect.stringContaining("per gift and per day") });
    const noDaily = await approveAuthorization(t.db, {
      ...base,
      codeChallenge: CHALLENGE,
      caps: { perGiftCents: 100, dailyCents: null, monthlyCents: 100_000, collectionIds: null },
    });
    expect(noDaily.status).toBe("invalid");
    const check = await checkAuthorizationRequest(t.db, {
      ...query(clientId),
      code_challenge: undefined,
      code_challenge_method: undefined,
    } as never);
    expect(check.status).toBe("redirect");
    expect((check as { to: string }).to).toContain("error=invalid_request");
    expect(await t.db.oAuthCode.count({ where: { client: { clientId } } })).toBe(0);
  });

  it("refuses hostile documents: oversized, another client_id, a secret, a bad redirect URI, not JSON", async () => {
    const cases = [
      publish("/big.json", { padding: "x".repeat(6 * 1024) }),
      publish("/other.json", { client_id: "https://elsewhere.example/client.json" }),
      publish("/secret.json", { client_secret: "s3cret" }),
      publish("/javascript.json", { redirect_uris: ["javascript:alert(1)"] }),
      publish("/wildcard.json", { redirect_uris: ["https://*.example.com/cb"] }),
      publish("/not-json.json", {}, "<html>"),
      `${base}/missing.json`,
    ];
    for (const clientId of cases) {
      const check = await checkAuthorizationRequest(t.db, query(clientId));
      expect(check, clientId).toMatchObject({ status: "invalid", code: "unknown-client" });
    }
    // A redirect URI the document does not list is never redirected to.
    const clientId = publish("/listed.json");
    expect(
      await checkAuthorizationRequest(t.db, query(clientId, { redirect_uri: "https://evil.example/cb" })),
    ).toMatchObject({
      status: "invalid",
      code: "unknown-redirect",
    });
  });

  it("takes only https URLs with a path (http on loopback only where private addresses are allowed)", () => {
    expect(isMetadataClientId("https://agent.example/client.json")).toBe(true);
    expect(isMetadataClientId("https://agent.example/")).toBe(false);
    expect(isMetadataClientId("https://user:pw@agent.example/c.json")).toBe(false);
    expect(isMetadataClientId("https://agent.example/c.json#x")).toBe(false);
    expect(isMetadataClientId("http://agent.example/c.json")).toBe(false);
    expect(isMetadataClientId("http://127.0.0.1:9/c.json")).toBe(true);
    expect(isMetadataClientId("abc123")).toBe(false);
  });
});
