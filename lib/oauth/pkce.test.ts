import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/database/open";
import type { PrismaClient } from "@/lib/db";
import { openTestDatabase } from "@/lib/testing/test-database";
import { createAccount } from "@/lib/testing/fixtures";
import { approveAuthorization, checkAuthorizationRequest } from "./authorize";
import { createOAuthClient } from "./create-client";
import { exchangeAuthorizationCode } from "./exchange-code";
import { OAuthError } from "./errors";
import { authorizationServerMetadata } from "./metadata";
import { redirectUriProblem } from "./redirect-uri";

let database: Database;
let db: PrismaClient;
let client: Awaited<ReturnType<typeof createOAuthClient>>;
const REDIRECT = "https://app.example.test/callback";

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.prisma;
  client = await createOAuthClient(db, { name: "PKCE App", redirectUris: [REDIRECT] });
});
afterAll(() => database?.close());

const verifier = () => randomBytes(32).toString("base64url");
const s256 = (v: string) => createHash("sha256").update(v).digest("base64url");

async function codeFor(codeChallenge: string | null) {
  const { user } = await createAccount(db);
  const result = await approveAuthorization(db, {
    clientId: client.clientId,
    redirectUri: REDIRECT,
    userId: user.id,
    codeChallenge,
  });
  if (result.status !== "redirect") throw new Error(result.reason);
  return result.code;
}

const exchange = (code: string, codeVerifier?: string) =>
  exchangeAuthorizationCode(db, {
    grantType: "authorization_code",
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    code,
    redirectUri: REDIRECT,
    codeVerifier,
  });

async function refusedWith(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OAuthError);
  return (error as OAuthError).code;
}

describe("PKCE (RFC 7636), S256 only", () => {
  test("a code requested with an S256 challenge is exchanged with its verifier", async () => {
    const v = verifier();
    const token = await exchange(await codeFor(s256(v)), v);
    expect(token.accessToken).toMatch(/^rbn_oat_/);
  });

  test("without the verifier, or with a wrong or malformed one: invalid_grant (and the code stays unusable for the attacker)", async () => {
    const v = verifier();
    for (const wrong of [undefined, verifier(), v.slice(0, 42), `${v}!`, "a".repeat(129)]) {
      expect(await refusedWith(exchange(await codeFor(s256(v)), wrong))).toBe("invalid_grant");
    }
  });

  test("a verifier sent for a code requested without a challenge is refused (RFC 9700 §2.1.1)", async () => {
    expect(await refusedWith(exchange(await codeFor(null), verifier()))).toBe("invalid_grant");
    expect((await exchange(await codeFor(null))).accessToken).toMatch(/^rbn_oat_/); // confidential clients may skip PKCE
  });

  test("the authorization request: plain, unknown methods, a bad challenge or a lone method go back as invalid_request", async () => {
    const base = { client_id: client.clientId, redirect_uri: REDIRECT, response_type: "code" };
    const ok = await checkAuthorizationRequest(db, {
      ...base,
      code_challenge: s256(verifier()),
      code_challenge_method: "S256",
    });
    expect(ok.status).toBe("consent");
    for (const bad of [
      { code_challenge: s256(verifier()), code_challenge_method: "plain" },
      { code_challenge: s256(verifier()) },
      { code_challenge_method: "S256" },
      { code_challenge: "short", code_challenge_method: "S256" },
      { code_challenge: s256(verifier()), code_challenge_method: "S512" },
      { code_challenge: [s256(verifier()), s256(verifier())], code_challenge_method: "S256" },
    ]) {
      const check = await checkAuthorizationRequest(db, { ...base, ...bad });
      expect(check.status, JSON.stringify(bad)).toBe("redirect");
      if (check.status === "redirect") expect(new URL(check.to).searchParams.get("error")).toBe("invalid_request");
    }
  });

  test("the metadata document advertises S256 on APP_URL", () => {
    expect(authorizationServerMetadata()).toMatchObject({
      issuer: "http://localhost:3000",
      authorization_endpoint: "http://localhost:3000/oauth2/authorize",
      token_endpoint: "http://localhost:3000/oauth2/token",
      code_challenge_methods_supported: ["S256"],
    });
  });
});

describe("redirect URIs a client may register", () => {
  test("https, or http on loopback only", () => {
    for (const ok of [
      "https://app.example.com/cb",
      "https://app.example.com/cb?x=1",
      "http://127.0.0.1:8976/cb",
      "http://localhost:8976/callback",
      "http://[::1]:9000/cb",
    ]) {
      expect(redirectUriProblem(ok), ok).toBeNull();
    }
    for (const bad of [
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "https://*.example.com/cb",
      "https://app.example.com/*",
      "http://app.example.com/cb",
      "https://app.example.com/cb#frag",
      "https://user:pass@app.example.com/cb",
      "ftp://app.example.com/cb",
      "/relative",
      "http://10.0.0.1/cb",
    ]) {
      expect(redirectUriProblem(bad), bad).not.toBeNull();
    }
  });

  test("registration refuses them, and a bad URI already stored is never redirected to", async () => {
    await expect(createOAuthClient(db, { name: "Evil", redirectUris: ["javascript:alert(1)"] })).rejects.toThrow(
      /redirect URI/,
    );
    const legacy = await db.oAuthClient.create({
      data: {
        clientId: "legacy-client",
        clientSecretHash: "x",
        name: "Legacy",
        redirectUris: ["javascript:alert(document.cookie)"],
      },
    });
    const check = await checkAuthorizationRequest(db, {
      client_id: legacy.clientId,
      redirect_uri: "javascript:alert(document.cookie)",
      response_type: "code",
    });
    expect(check.status).toBe("invalid");
  });
});
