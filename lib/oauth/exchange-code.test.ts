import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/database/open";
import type { PrismaClient } from "@/lib/db";
import { sha256 } from "@/lib/crypto";
import { openTestDatabase } from "@/lib/testing/test-database";
import { createAccount } from "@/lib/testing/fixtures";
import { verifyToken } from "@/lib/tokens";
import { approveAuthorization, CODE_LIFETIME_MS } from "./authorize";
import { createOAuthClient } from "./create-client";
import { exchangeAuthorizationCode, type TokenRequest } from "./exchange-code";
import { OAuthError } from "./errors";

let database: Database;
let db: PrismaClient;
let client: Awaited<ReturnType<typeof createOAuthClient>>;
let other: Awaited<ReturnType<typeof createOAuthClient>>;
const REDIRECT = "https://app.example.test/callback";

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.prisma;
  client = await createOAuthClient(db, {
    name: "Gift Bot",
    redirectUris: [REDIRECT, "https://app.example.test/other"],
  });
  other = await createOAuthClient(db, { name: "Other", redirectUris: [REDIRECT] });
});
afterAll(() => database?.close());

async function newCode(opts: { now?: Date; redirectUri?: string } = {}) {
  const { user } = await createAccount(db);
  const result = await approveAuthorization(
    db,
    { clientId: client.clientId, redirectUri: opts.redirectUri ?? REDIRECT, userId: user.id },
    { now: opts.now },
  );
  if (result.status !== "redirect") throw new Error("expected a code");
  return { user, code: result.code };
}

const request = (code: string, over: TokenRequest = {}): TokenRequest => ({
  grantType: "authorization_code",
  clientId: client.clientId,
  clientSecret: client.clientSecret,
  code,
  redirectUri: REDIRECT,
  ...over,
});

async function refusal(promise: Promise<unknown>): Promise<{ code: string; status: number; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OAuthError);
  const { code, status, message } = error as OAuthError;
  return { code, status, message };
}

describe("exchangeAuthorizationCode", () => {
  test("issues a live oauth token for the user, stored hashed, and marks the code used", async () => {
    const { user, code } = await newCode();
    const token = await exchangeAuthorizationCode(db, request(code));
    expect(token.accessToken).toMatch(/^rbn_oat_[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(Date.now() - token.createdAt.getTime()).toBeLessThan(10_000);

    const check = await verifyToken(db, token.accessToken);
    expect(check).toMatchObject({ status: "valid", caller: { user: { id: user.id }, mode: "live", via: "oauth" } });
    const row = await db.oAuthToken.findUniqueOrThrow({ where: { tokenHash: sha256(token.accessToken) } });
    expect(row).toMatchObject({ userId: user.id, revokedAt: null });
    expect(await db.oAuthToken.count({ where: { tokenHash: token.accessToken } })).toBe(0);
    expect((await db.oAuthCode.findUniqueOrThrow({ where: { codeHash: sha256(code) } })).usedAt).not.toBeNull();
  });

  test("a second use is invalid_grant and revokes the token of the first", async () => {
    const { code } = await newCode();
    const first = await exchangeAuthorizationCode(db, request(code));
    expect(await refusal(exchangeAuthorizationCode(db, request(code)))).toMatchObject({
      code: "invalid_grant",
      status: 400,
      message: expect.stringMatching(/already been used/),
    });
    expect(await verifyToken(db, first.accessToken)).toEqual({ status: "revoked" });
  });

  test("of two concurrent exchanges exactly one gets a token", async () => {
    const { code } = await newCode();
    const results = await Promise.allSettled([
      exchangeAuthorizationCode(db, request(code)),
      exchangeAuthorizationCode(db, request(code)),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.filter((r) => r.status === "rejected");
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toMatchObject({ code: "invalid_grant" });
    expect(await db.oAuthToken.count({ where: { code: { codeHash: sha256(code) } } })).toBe(1);
  });

  test("an expired code is invalid_grant; one just before expiry works", async () => {
    const issuedAt = new Date(Date.now() - CODE_LIFETIME_MS - 1000);
    const expired = await newCode({ now: issuedAt });
    expect(await refusal(exchangeAuthorizationCode(db, request(expired.code)))).toMatchObject({
      code: "invalid_grant",
      message: expect.stringMatching(/expired/),
    });

    const fresh = await newCode();
    const almost = new Date(Date.now() + CODE_LIFETIME_MS - 1000);
    await expect(exchangeAuthorizationCode(db, request(fresh.code), { now: almost })).resolves.toMatchObject({
      accessToken: expect.any(String),
    });
  });

  test("the code must match the client and the exact redirect URI, and isn't spent by a mismatch", async () => {
    const { code } = await newCode();
    const wrongClient = request(code, { clientId: other.clientId, clientSecret: other.clientSecret });
    expect(await refusal(exchangeAuthorizationCode(db, wrongClient))).toMatchObject({
      code: "invalid_grant",
      message: expect.stringMatching(/another client/),
    });
    for (const redirectUri of ["https://app.example.test/other", REDIRECT + "/", REDIRECT + "?x=1"]) {
      expect(await refusal(exchangeAuthorizationCode(db, request(code, { redirectUri })))).toMatchObject({
        code: "invalid_grant",
        message: expect.stringMatching(/redirect_uri/),
      });
    }
    await expect(exchangeAuthorizationCode(db, request(code))).resolves.toBeTruthy();
  });

  test("an unknown code is invalid_grant", async () => {
    expect(await refusal(exchangeAuthorizationCode(db, request("not-a-code")))).toMatchObject({
      code: "invalid_grant",
      status: 400,
    });
  });

  test("client authentication: missing, unknown or wrong secret is invalid_client (401)", async () => {
    const { code } = await newCode();
    for (const over of [
      { clientId: undefined },
      { clientSecret: undefined },
      { clientId: "unknown" },
      { clientSecret: client.clientSecret + "x" },
      { clientSecret: other.clientSecret },
    ]) {
      expect(await refusal(exchangeAuthorizationCode(db, request(code, over))), JSON.stringify(over)).toMatchObject({
        code: "invalid_client",
        status: 401,
      });
    }
    await expect(exchangeAuthorizationCode(db, request(code))).resolves.toBeTruthy(); // failed attempts didn't spend it
  });

  test("grant_type, code and redirect_uri are required; other grant types are unsupported", async () => {
    expect(await refusal(exchangeAuthorizationCode(db, request("x", { grantType: undefined })))).toMatchObject({
      code: "invalid_request",
    });
    expect(await refusal(exchangeAuthorizationCode(db, request("x", { grantType: "refresh_token" })))).toMatchObject({
      code: "unsupported_grant_type",
    });
    expect(
      await refusal(
        exchangeAuthorizationCode(db, request("x", { grantType: "client_credentials", clientSecret: "wrong" })),
      ),
    ).toMatchObject({ code: "unsupported_grant_type" });
    expect(await refusal(exchangeAuthorizationCode(db, request("x", { code: undefined })))).toMatchObject({
      code: "invalid_request",
      message: expect.stringMatching(/code/),
    });
    expect(await refusal(exchangeAuthorizationCode(db, request("x", { redirectUri: undefined })))).toMatchObject({
      code: "invalid_request",
      message: expect.stringMatching(/redirect_uri/),
    });
  });
});
