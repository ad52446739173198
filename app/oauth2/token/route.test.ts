import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/database/open";
import { setDatabase, type PrismaClient } from "@/lib/db";
import { sha256 } from "@/lib/crypto";
import { approveAuthorization, createOAuthClient } from "@/lib/oauth";
import { callApi } from "@/lib/testing/api-client";
import { openTestDatabase } from "@/lib/testing/test-database";
import { createAccount } from "@/lib/testing/fixtures";
import { POST } from "./route";

let database: Database;
let db: PrismaClient;
let client: Awaited<ReturnType<typeof createOAuthClient>>;
const REDIRECT = "http://localhost:8976/callback";
const URL_ = "http://localhost:3000/oauth2/token";

beforeAll(async () => {
  database = await openTestDatabase();
  setDatabase(database);
  db = database.prisma;
  client = await createOAuthClient(db, { name: "Gift Bot", redirectUris: [REDIRECT] });
});
afterAll(async () => {
  setDatabase(undefined);
  await database?.close();
});

async function newCode() {
  const account = await createAccount(db);
  const result = await approveAuthorization(db, {
    clientId: client.clientId,
    redirectUri: REDIRECT,
    userId: account.user.id,
  });
  if (result.status !== "redirect") throw new Error("expected a code");
  return { ...account, code: result.code };
}

const fields = (code: string, over: Record<string, string | undefined> = {}) => {
  const all: Record<string, string | undefined> = {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    code,
    grant_type: "authorization_code",
    redirect_uri: REDIRECT,
    ...over,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<string, string>;
};

function multipart(values: Record<string, string>, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.append(k, v);
  return POST(new Request(URL_, { method: "POST", body: form, headers }));
}
const urlencoded = (values: Record<string, string> | string, headers: Record<string, string> = {}) =>
  POST(new Request(URL_, { method: "POST", body: new URLSearchParams(values), headers }));
const json = (body: unknown, headers: Record<string, string> = {}) =>
  POST(
    new Request(URL_, {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "content-type": "application/json", ...headers },
    }),
  );
const basic = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`,
});

async function expectToken(response: Response) {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(body).toEqual({
    access_token: expect.stringMatching(/^rbn_oat_[1-9A-HJ-NP-Za-km-z]{33}$/),
    token_type: "bearer",
    created_at: expect.any(Number),
  });
  expect(Number.isInteger(body.created_at)).toBe(true);
  expect(Math.abs(body.created_at - Date.now() / 1000)).toBeLessThan(60); // Unix seconds
  return body as { access_token: string; created_at: number };
}

async function expectOAuthError(response: Response, status: number, error: string) {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(body).toEqual({ error, error_description: expect.any(String) });
  expect(body.error_description.length).toBeGreaterThan(0);
  if (status === 401) expect(response.headers.get("www-authenticate")).toMatch(/^Basic /);
  return body as { error: string; error_description: string };
}

describe("POST /oauth2/token: success", () => {
  test("multipart form (as the spec says); the token calls the API as the user", async () => {
    const { code, team } = await newCode();
    const { access_token } = await expectToken(await multipart(fields(code)));
    const teams = await callApi("GET", "/teams", { token: access_token });
    expect(teams.status).toBe(200);
    expect(teams.body.data.map((t: { id: string }) => t.id)).toEqual([team.id]);
    expect(await db.oAuthToken.count({ where: { tokenHash: sha256(access_token) } })).toBe(1);
  });

  test("application/x-www-form-urlencoded", async () => {
    await expectToken(await urlencoded(fields((await newCode()).code)));
  });

  test("JSON", async () => {
    await expectToken(await json(fields((await newCode()).code)));
  });

  test("HTTP Basic client authentication, with or without the same client_id in the body", async () => {
    const creds = basic(client.clientId, client.clientSecret);
    await expectToken(
      await urlencoded(fields((await newCode()).code, { client_id: undefined, client_secret: undefined }), creds),
    );
    await expectToken(await multipart(fields((await newCode()).code, { client_secret: undefined }), creds));
  });
});

describe("POST /oauth2/token: errors (RFC 6749 §5.2)", () => {
  test("the same code twice → invalid_grant, and the first token is revoked", async () => {
    const { code } = await newCode();
    const { access_token } = await expectToken(await multipart(fields(code)));
    await expectOAuthError(await multipart(fields(code)), 400, "invalid_grant");
    expect((await callApi("GET", "/teams", { token: access_token })).status).toBe(401);
  });

  test("unknown, expired, other redirect_uri → invalid_grant", async () => {
    await expectOAuthError(await multipart(fields("unknown-code")), 400, "invalid_grant");
    const expired = await newCode();
    await db.oAuthCode.update({
      where: { codeHash: sha256(expired.code) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await expectOAuthError(await multipart(fields(expired.code)), 400, "invalid_grant");
    const { code } = await newCode();
    await expectOAuthError(
      await multipart(fields(code, { redirect_uri: "http://localhost:8976/other" })),
      400,
      "invalid_grant",
    );
  });

  test("client authentication failures → 401 invalid_client", async () => {
    const { code } = await newCode();
    for (const over of [
      { client_secret: "wrong" },
      { client_id: "unknown" },
      { client_secret: undefined },
      { client_id: undefined },
    ]) {
      await expectOAuthError(await multipart(fields(code, over)), 401, "invalid_client");
    }
    const noCreds = fields(code, { client_id: undefined, client_secret: undefined });
    for (const authorization of [
      basic(client.clientId, "wrong").authorization,
      "Basic !!!",
      `Basic ${Buffer.from("no-colon").toString("base64")}`,
      `Basic ${Buffer.from("%E0%A4%A:x").toString("base64")}`,
      "Bearer abc",
    ]) {
      await expectOAuthError(await urlencoded(noCreds, { authorization }), 401, "invalid_client");
    }
    await expectToken(await multipart(fields(code))); // none of that spent the code
  });

  test("missing fields, repeated fields, two client authentication methods → invalid_request", async () => {
    const { code } = await newCode();
    await expectOAuthError(await multipart(fields(code, { grant_type: undefined })), 400, "invalid_request");
    await expectOAuthError(await multipart(fields(code, { code: undefined })), 400, "invalid_request");
    await expectOAuthError(await multipart(fields(code, { redirect_uri: undefined })), 400, "invalid_request");
    await expectOAuthError(await multipart(fields(code, { code: "" })), 400, "invalid_request");
    await expectOAuthError(
      await urlencoded(new URLSearchParams(fields(code)).toString() + `&code=${code}`),
      400,
      "invalid_request",
    );
    await expectOAuthError(
      await urlencoded(fields(code), basic(client.clientId, client.clientSecret)),
      400,
      "invalid_request",
    );
    await expectOAuthError(
      await urlencoded(
        fields(code, { client_secret: undefined, client_id: "other" }),
        basic(client.clientId, client.clientSecret),
      ),
      400,
      "invalid_request",
    );
    await expectToken(await multipart(fields(code)));
  });

  test("an unsupported grant_type → unsupported_grant_type", async () => {
    for (const grant_type of ["refresh_token", "client_credentials", "password"]) {
      await expectOAuthError(await multipart(fields("x", { grant_type })), 400, "unsupported_grant_type");
    }
  });

  test("bodies that can't be read are invalid_request, never a 500", async () => {
    const bodies: [BodyInit | undefined, Record<string, string>][] = [
      [undefined, {}],
      ["", { "content-type": "application/json" }],
      ["{not json", { "content-type": "application/json" }],
      ["[1,2]", { "content-type": "application/json" }],
      ["null", { "content-type": "application/json" }],
      [JSON.stringify({ ...fields("x"), code: 42 }), { "content-type": "application/json" }],
      [JSON.stringify({ ...fields("x"), code: ["a"] }), { "content-type": "application/json" }],
      // Found by the fuzzer: half a surrogate pair reached PostgreSQL and came back a 500.
      [
        '{"grant_type":"authorization_code","client_id":"a\\ud800b","client_secret":"s","code":"c"}',
        { "content-type": "application/json" },
      ],
      [
        '{"grant_type":"authorization_code","client_id":"c","client_secret":"s","code":"\\udfff"}',
        { "content-type": "application/json" },
      ],
      ["client_id=a", { "content-type": "text/plain" }],
      ["garbage", { "content-type": "multipart/form-data; boundary=zzz" }],
      ["garbage", { "content-type": "multipart/form-data" }],
    ];
    for (const [body, headers] of bodies) {
      await expectOAuthError(await POST(new Request(URL_, { method: "POST", body, headers })), 400, "invalid_request");
    }
    const form = new FormData();
    for (const [k, v] of Object.entries(fields("x"))) form.append(k, v);
    form.set("code", new Blob(["abc"]), "code.txt");
    await expectOAuthError(await POST(new Request(URL_, { method: "POST", body: form })), 400, "invalid_request");
    // Over the 64 KB limit: 413, still in the RFC 6749 format.
    await expectOAuthError(
      await POST(
        new Request(URL_, {
          method: "POST",
          body: "x".repeat(70_000),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
      ),
      413,
      "invalid_request",
    );
  });
});
