import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { createAccount } from "@/lib/testing/fixtures";
import { openDatabaseForFile } from "@/app/api/v1/__tests__/helpers";
import { approveAuthorization, checkAuthorizationRequest, createOAuthClient, exchangeAuthorizationCode } from ".";
import { registerDynamicClient } from "./register-client";
import { redirectUriRegistered } from "./redirect-uri";

// RFC 8252 §7.3: a loopback redirect URI matches on any port (native hosts pick theirs at run
// time); everything else about it, and every other URI, matches exactly.
const t = openDatabaseForFile();
const VERIFIER = "a-code-verifier-of-forty-three-characters-or-more";
const CHALLENGE = createHash("sha256").update(VERIFIER).digest("base64url");

describe("redirectUriRegistered", () => {
  it("lets a loopback URI's port differ (127.0.0.1, [::1], localhost), nothing else", () => {
    const allowed: [string, string][] = [
      ["http://127.0.0.1/callback", "http://127.0.0.1:4305/callback"],
      ["http://127.0.0.1:8080/callback", "http://127.0.0.1:4305/callback"],
      ["http://127.0.0.1:8080/callback", "http://127.0.0.1/callback"],
      ["http://[::1]/callback", "http://[::1]:61000/callback"],
      ["http://localhost/callback", "http://localhost:3000/callback"],
      ["http://127.0.0.1/cb?app=desk", "http://127.0.0.1:9/cb?app=desk"],
      ["https://app.example/cb", "https://app.example/cb"],
    ];
    for (const [registered, presented] of allowed)
      expect(redirectUriRegistered([registered], presented), `${registered} ← ${presented}`).toBe(true);
    const refused: [string, string][] = [
      // Never for other hosts, nor https.
      ["https://app.example/cb", "https://app.example:8443/cb"],
      ["http://app.example/cb", "http://app.example:8080/cb"],
      ["https://127.0.0.1/cb", "https://127.0.0.1:4305/cb"],
      ["http://127.0.0.1/cb", "https://127.0.0.1:4305/cb"],
      // The host, path and query still match exactly.
      ["http://127.0.0.1/callback", "http://localhost:4305/callback"],
      ["http://localhost/callback", "http://127.0.0.1:4305/callback"],
      ["http://[::1]/callback", "http://127.0.0.1:4305/callback"],
      ["http://127.0.0.1/callback", "http://127.0.0.1:4305/callback/other"],
      ["http://127.0.0.1/callback", "http://127.0.0.1:4305/Callback"],
      ["http://127.0.0.1/callback", "http://127.0.0.1:4305/callback?x=1"],
      ["http://127.0.0.1/cb?app=desk", "http://127.0.0.1:4305/cb?app=evil"],
      ["http://127.0.0.1/callback", "http://127.0.0.1:4305/a/../callback"],
      ["http://127.0.0.1/callback", "http://127.0.0.1:4305"],
      // Loopback look-alikes and credentials.
      ["http://127.0.0.1/callback", "http://127.0.0.1.evil.example:4305/callback"],
      ["http://127.0.0.1/callback", "http://evil@127.0.0.1:4305/callback"],
      ["http://127.0.0.1/callback", "http://127.0.0.1:4305@evil.example/callback"],
      ["http://127.0.0.1/callback", "http://127.0.0.1:4305/callback#x"],
      ["http://127.0.0.1/callback", "http://127.0.0.2:4305/callback"],
    ];
    for (const [registered, presented] of refused)
      expect(redirectUriRegistered([registered], presented), `${registered} ← ${presented}`).toBe(false);
  });
});

/** Authorize `clientId` for `redirectUri` and exchange the code (`exchangeUri`: the one the token request sends). */
async function authorizeAndExchange(
  client: { clientId: string; clientSecret?: string },
  redirectUri: string,
  exchangeUri = redirectUri,
) {
  const check = await checkAuthorizationRequest(t.db, {
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    resource: `${config.appUrl}/api/mcp`,
  });
  if (check.status !== "consent") return check;
  const owner = await createAccount(t.db);
  const approved = await approveAuthorization(t.db, {
    clientId: client.clientId,
    redirectUri,
    codeChallenge: CHALLENGE,
    resource: "mcp",
    caps: { perGiftCents: 1_000, dailyCents: 2_000, monthlyCents: null, collectionIds: null },
    userId: owner.user.id,
  });
  if (approved.status !== "redirect") throw new Error(approved.reason);
  expect(approved.to.startsWith(redirectUri)).toBe(true);
  return exchangeAuthorizationCode(t.db, {
    grantType: "authorization_code",
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    code: approved.code,
    redirectUri: exchangeUri,
    codeVerifier: VERIFIER,
  });
}

describe("loopback redirects on any port, for every way a client registers", () => {
  it("a dynamically registered client: a port chosen at run time works; the token request sends the URI used", async () => {
    const client = await registerDynamicClient(t.db, { redirect_uris: ["http://127.0.0.1/callback"] });
    const issued = await authorizeAndExchange(client, "http://127.0.0.1:4305/callback");
    expect(issued).toMatchObject({ accessToken: expect.stringMatching(/^rbn_oat_/) });
    // The code is bound to the URI of the authorization request (RFC 6749 §4.1.3), port included.
    await expect(
      authorizeAndExchange(client, "http://127.0.0.1:4305/callback", "http://127.0.0.1:4306/callback"),
    ).rejects.toMatchObject({ code: "invalid_grant" });
    // Another path, another host: refused before any consent.
    for (const uri of ["http://127.0.0.1:4305/other", "http://localhost:4305/callback"])
      expect(await authorizeAndExchange(client, uri), uri).toMatchObject({
        status: "invalid",
        code: "unknown-redirect",
      });
  });

  it("a client registered with a secret too; an https URI's port never differs", async () => {
    const client = await createOAuthClient(t.db, {
      name: "Desk",
      redirectUris: ["http://[::1]:8000/cb", "https://desk.example/cb"],
    });
    expect(await authorizeAndExchange(client, "http://[::1]:51234/cb")).toMatchObject({
      accessToken: expect.any(String),
    });
    expect(await authorizeAndExchange(client, "https://desk.example:8443/cb")).toMatchObject({
      status: "invalid",
      code: "unknown-redirect",
    });
  });
});
