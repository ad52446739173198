import { config } from "@/lib/config";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/database/open";
import type { PrismaClient } from "@/lib/db";
import { sha256 } from "@/lib/crypto";
import { openTestDatabase } from "@/lib/testing/test-database";
import { createAccount } from "@/lib/testing/fixtures";
import {
  approveAuthorization,
  checkAuthorizationRequest,
  CODE_LIFETIME_MS,
  CONSENT_REFUSALS,
  denyAuthorization,
  redirectUriWith,
  UNUSABLE_COLLECTIONS,
} from "./authorize";
import { createOAuthClient } from "./create-client";

let database: Database;
let db: PrismaClient;
let client: Awaited<ReturnType<typeof createOAuthClient>>;
const REDIRECT = "https://app.example.test/callback";

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.prisma;
  client = await createOAuthClient(db, {
    name: "Gift Bot",
    redirectUris: [REDIRECT, "https://app.example.test/cb?tenant=1"],
  });
});
afterAll(() => database?.close());

const query = (over: Record<string, string | string[] | undefined> = {}) =>
  ({ client_id: client.clientId, redirect_uri: REDIRECT, response_type: "code", state: "xyz", ...over }) as Record<
    string,
    string | string[]
  >;

describe("checkAuthorizationRequest", () => {
  test("a valid request asks for consent, with the client's name", async () => {
    expect(await checkAuthorizationRequest(db, query())).toEqual({
      status: "consent",
      client: { clientId: client.clientId, name: "Gift Bot", verified: true, host: null, registration: "registered" },
      redirectUri: REDIRECT,
      resource: "api",
      state: "xyz",
      caps: null,
      collections: [],
    });
    expect(await checkAuthorizationRequest(db, query({ state: undefined }))).toMatchObject({
      status: "consent",
      state: undefined,
    });
  });

  test("never redirects for an unknown client or an unregistered redirect URI", async () => {
    for (const over of [
      { client_id: undefined },
      { client_id: "" },
      { client_id: "nope" },
      { client_id: [client.clientId, client.clientId] },
      { redirect_uri: undefined },
      { redirect_uri: "https://evil.example.test/callback" },
      { redirect_uri: REDIRECT + "/" }, // exact match only
      { redirect_uri: REDIRECT + "?x=1" },
      { redirect_uri: "HTTPS://app.example.test/callback" },
      { redirect_uri: [REDIRECT, REDIRECT] },
      { client_id: "nope", response_type: "token" },
    ]) {
      const check = await checkAuthorizationRequest(db, query(over));
      expect(check.status, JSON.stringify(over)).toBe("invalid");
    }
  });

  test("a bad response_type goes back to the client with the state", async () => {
    const check = await checkAuthorizationRequest(db, query({ response_type: "token" }));
    expect(check.status).toBe("redirect");
    const url = new URL((check as { to: string }).to);
    expect(url.origin + url.pathname).toBe(REDIRECT);
    expect(url.searchParams.get("error")).toBe("unsupported_response_type");
    expect(url.searchParams.get("state")).toBe("xyz");
    expect(url.searchParams.get("code")).toBeNull();
  });

  test("a missing or repeated response_type is an invalid_request (RFC 6749 §4.1.2.1)", async () => {
    for (const over of [{ response_type: undefined }, { response_type: ["code", "code"] }, { state: ["a", "b"] }]) {
      const check = await checkAuthorizationRequest(db, query(over));
      expect(check.status).toBe("redirect");
      expect(new URL((check as { to: string }).to).searchParams.get("error")).toBe("invalid_request");
    }
  });
});

describe("the collections cap names only collections the signed-in person may use (issue 29)", () => {
  const privateCollection = (teamId: string | null, name: string) =>
    db.collection.create({
      data: {
        slug: `c-${teamId}-${Math.random().toString(36).slice(2)}`,
        name,
        description: "Only for this team",
        global: teamId === null,
        teamId,
        priceCents: 4200,
        imageUrl: "/catalogue/x.svg",
      },
    });

  test("another team's private collection and an unknown id are refused alike, never named", async () => {
    const person = await createAccount(db);
    const other = await createAccount(db);
    const secret = await privateCollection(other.team.id, "Project Nightingale launch kit");
    const unknown = secret.id + 1000;
    const answers = [];
    for (const id of [secret.id, unknown]) {
      const check = await checkAuthorizationRequest(db, query({ collections: String(id) }), { userId: person.user.id });
      expect(JSON.stringify(check)).not.toContain("Nightingale");
      answers.push(check);
    }
    const back = redirectUriWith(REDIRECT, {
      error: "invalid_request",
      error_description: UNUSABLE_COLLECTIONS,
      state: "xyz",
      iss: config.appUrl, // RFC 9207: every authorization response names the issuer
    });
    expect(answers).toEqual([
      { status: "redirect", to: back },
      { status: "redirect", to: back },
    ]);
    // Hidden among usable ones, too.
    const global = await privateCollection(null, "Coffee for everyone");
    expect(
      await checkAuthorizationRequest(db, query({ collections: `${global.id},${secret.id}` }), {
        userId: person.user.id,
      }),
    ).toEqual({ status: "redirect", to: back });
    // The other team's own member sees its name.
    expect(
      await checkAuthorizationRequest(db, query({ collections: `${global.id},${secret.id}` }), {
        userId: other.user.id,
      }),
    ).toMatchObject({
      status: "consent",
      collections: [
        { id: global.id, name: global.name },
        { id: secret.id, name: "Project Nightingale launch kit" },
      ],
    });
  });

  test("approving as someone who may not use a collection issues no code", async () => {
    const person = await createAccount(db);
    const other = await createAccount(db);
    const secret = await privateCollection(other.team.id, "Board gifts");
    const before = await db.oAuthCode.count();
    const caps = { perGiftCents: null, dailyCents: null, monthlyCents: null, collectionIds: [secret.id] };
    expect(
      await approveAuthorization(db, {
        clientId: client.clientId,
        redirectUri: REDIRECT,
        caps,
        userId: person.user.id,
      }),
    ).toEqual({ status: "invalid", reason: UNUSABLE_COLLECTIONS, refusal: "collections" });
    expect(await db.oAuthCode.count()).toBe(before);
    const approved = await approveAuthorization(db, {
      clientId: client.clientId,
      redirectUri: REDIRECT,
      caps,
      userId: other.user.id,
    });
    expect(approved.status).toBe("redirect");
  });
});

describe("approveAuthorization", () => {
  test("issues a one-time code stored hashed, valid ten minutes, and redirects with it and the state", async () => {
    const { user } = await createAccount(db);
    const now = new Date("2030-01-01T12:00:00.000Z");
    const result = await approveAuthorization(
      db,
      { clientId: client.clientId, redirectUri: REDIRECT, state: "s t&=", userId: user.id },
      { now },
    );
    if (result.status !== "redirect") throw new Error("expected a redirect");
    expect(result.code).toMatch(/^[1-9A-HJ-NP-Za-km-z]{33}$/); // 192 bits
    const url = new URL(result.to);
    expect(url.searchParams.get("code")).toBe(result.code);
    expect(url.searchParams.get("state")).toBe("s t&=");

    const row = await db.oAuthCode.findUniqueOrThrow({ where: { codeHash: sha256(result.code) } });
    expect(row).toMatchObject({ userId: user.id, redirectUri: REDIRECT, usedAt: null });
    expect(row.expiresAt.getTime() - now.getTime()).toBe(CODE_LIFETIME_MS);
    expect(await db.oAuthCode.count({ where: { codeHash: result.code } })).toBe(0); // no plaintext
  });

  test("keeps the registered URI's own query and omits an absent state", async () => {
    const { user } = await createAccount(db);
    const result = await approveAuthorization(db, {
      clientId: client.clientId,
      redirectUri: "https://app.example.test/cb?tenant=1",
      userId: user.id,
    });
    if (result.status !== "redirect") throw new Error("expected a redirect");
    const url = new URL(result.to);
    expect([...url.searchParams.keys()]).toEqual(["tenant", "code", "iss"]);
  });

  test("checks the client and redirect URI again (they come back from the browser)", async () => {
    const { user } = await createAccount(db);
    const before = await db.oAuthCode.count();
    expect(
      await approveAuthorization(db, {
        clientId: client.clientId,
        redirectUri: "https://evil.example.test/",
        userId: user.id,
      }),
    ).toMatchObject({ status: "invalid" });
    expect(await approveAuthorization(db, { clientId: "nope", redirectUri: REDIRECT, userId: user.id })).toMatchObject({
      status: "invalid",
    });
    expect(await db.oAuthCode.count()).toBe(before);
  });
});

describe("a refused approval says why (the consent screen shows CONSENT_REFUSALS[refusal])", () => {
  test("no caps for an agent, no PKCE, an unknown client: each its own refusal, and nothing issued", async () => {
    const { user } = await createAccount(db);
    const before = await db.oAuthCode.count();
    const base = { clientId: client.clientId, redirectUri: REDIRECT, userId: user.id };
    const challenge = "ahPqLsi7P3zVk_x_mrtpwuI1ckS-ixx0SqLQLE0lQXA";
    const cases: [Parameters<typeof approveAuthorization>[1], string][] = [
      [{ ...base, resource: "mcp", codeChallenge: challenge, caps: null }, "caps-missing"],
      [
        {
          ...base,
          resource: "mcp",
          codeChallenge: challenge,
          caps: { perGiftCents: 100, dailyCents: null, monthlyCents: null, collectionIds: null },
        },
        "caps-missing",
      ],
      [{ ...base, resource: "mcp", caps: null }, "pkce"],
      [{ ...base, clientId: "nope" }, "client"],
    ];
    for (const [input, refusal] of cases) {
      const result = await approveAuthorization(db, input);
      expect(result, refusal).toMatchObject({ status: "invalid", refusal });
      expect(CONSENT_REFUSALS[refusal as keyof typeof CONSENT_REFUSALS]).toMatch(/^Nothing was approved: /);
    }
    expect(await db.oAuthCode.count()).toBe(before);
  });
});

describe("denyAuthorization", () => {
  test("redirects with access_denied and the state, and issues nothing", async () => {
    const before = await db.oAuthCode.count();
    const result = await denyAuthorization(db, { clientId: client.clientId, redirectUri: REDIRECT, state: "xyz" });
    if (result.status !== "redirect") throw new Error("expected a redirect");
    const url = new URL(result.to);
    expect(url.searchParams.get("error")).toBe("access_denied");
    expect(url.searchParams.get("state")).toBe("xyz");
    expect(await db.oAuthCode.count()).toBe(before);
    expect(
      await denyAuthorization(db, { clientId: client.clientId, redirectUri: "https://evil.example.test/" }),
    ).toMatchObject({ status: "invalid" });
  });
});

test("redirectUriWith appends parameters, encoded", () => {
  expect(redirectUriWith("http://localhost:8976/callback?a=1", { code: "abc", state: "x y", skip: undefined })).toBe(
    "http://localhost:8976/callback?a=1&code=abc&state=x+y",
  );
});
