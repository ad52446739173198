import { afterAll, beforeAll, expect, test } from "vitest";
import type { Database } from "@/lib/database/open";
import type { PrismaClient } from "@/lib/db";
import { openTestDatabase } from "@/lib/testing/test-database";
import { createAccount } from "@/lib/testing/fixtures";
import { verifyToken } from "@/lib/tokens";
import { approveAuthorization } from "./authorize";
import { listAuthorizedApps, lowerGrantCaps, revokeAuthorizedApp } from "./authorized-apps";
import { registerDynamicClient } from "./register-client";
import { ValidationError } from "@/lib/errors";
import { createOAuthClient } from "./create-client";
import { exchangeAuthorizationCode } from "./exchange-code";

let database: Database;
let db: PrismaClient;
const REDIRECT = "https://app.example.test/callback";

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.prisma;
});
afterAll(() => database?.close());

async function authorize(client: Awaited<ReturnType<typeof createOAuthClient>>, userId: string) {
  const approved = await approveAuthorization(db, { clientId: client.clientId, redirectUri: REDIRECT, userId });
  if (approved.status !== "redirect") throw new Error("expected a code");
  const request = {
    grantType: "authorization_code",
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    code: approved.code,
    redirectUri: REDIRECT,
  };
  return (await exchangeAuthorizationCode(db, request)).accessToken;
}

test("lists the applications holding the user's live tokens, and revokes one application's tokens", async () => {
  const bot = await createOAuthClient(db, { name: "Gift Bot", redirectUris: [REDIRECT] });
  const crm = await createOAuthClient(db, { name: "CRM", redirectUris: [REDIRECT] });
  const { user } = await createAccount(db);
  const someoneElse = await createAccount(db);
  const [bot1, bot2, crm1, theirs] = [
    await authorize(bot, user.id),
    await authorize(bot, user.id),
    await authorize(crm, user.id),
    await authorize(bot, someoneElse.user.id),
  ];

  expect((await listAuthorizedApps(db, user.id)).map(({ name, tokens }) => ({ name, tokens }))).toEqual([
    { name: "Gift Bot", tokens: 2 },
    { name: "CRM", tokens: 1 },
  ]);

  expect(await revokeAuthorizedApp(db, user.id, bot.id)).toBe(2);
  expect(await verifyToken(db, bot1)).toEqual({ status: "revoked" });
  expect(await verifyToken(db, bot2)).toEqual({ status: "revoked" });
  expect(await verifyToken(db, crm1)).toMatchObject({ status: "valid" });
  expect(await verifyToken(db, theirs)).toMatchObject({ status: "valid" }); // only the user's own
  expect((await listAuthorizedApps(db, user.id)).map((a) => a.name)).toEqual(["CRM"]);
  expect(await revokeAuthorizedApp(db, someoneElse.user.id, crm.id)).toBe(0);
});

const approve = async (client: Awaited<ReturnType<typeof createOAuthClient>>, userId: string) => {
  const approved = await approveAuthorization(db, { clientId: client.clientId, redirectUri: REDIRECT, userId });
  if (approved.status !== "redirect") throw new Error("expected a code");
  return {
    grantType: "authorization_code",
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    code: approved.code,
    redirectUri: REDIRECT,
  };
};

test("an app approved but not yet holding a token is listed, and revoking it kills its unexchanged code", async () => {
  const app = await createOAuthClient(db, { name: "Slow App", redirectUris: [REDIRECT] });
  const { user } = await createAccount(db);
  const pending = await approve(app, user.id);
  expect(
    (await listAuthorizedApps(db, user.id)).map(({ name, tokens, pending }) => ({ name, tokens, pending })),
  ).toEqual([{ name: "Slow App", tokens: 0, pending: 1 }]);

  expect(await revokeAuthorizedApp(db, user.id, app.id)).toBe(1);
  expect(await listAuthorizedApps(db, user.id)).toEqual([]);
  await expect(exchangeAuthorizationCode(db, pending)).rejects.toMatchObject({
    code: "invalid_grant",
    message: expect.stringContaining("revoked"),
  });
  expect(await db.oAuthToken.count({ where: { userId: user.id } })).toBe(0);
});

test("a revocation racing exchanges never leaves a live token behind", async () => {
  const app = await createOAuthClient(db, { name: "Racer", redirectUris: [REDIRECT] });
  for (let round = 0; round < 5; round++) {
    const { user } = await createAccount(db);
    const requests = await Promise.all([approve(app, user.id), approve(app, user.id), approve(app, user.id)]);
    await Promise.allSettled([
      ...requests.map((r) => exchangeAuthorizationCode(db, r)),
      revokeAuthorizedApp(db, user.id, app.id),
    ]);
    expect(await db.oAuthToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
    expect(await listAuthorizedApps(db, user.id)).toEqual([]);
  }
});

const VERIFIER = "a-code-verifier-of-forty-three-characters-or-more";
const CHALLENGE = "ahPqLsi7P3zVk_x_mrtpwuI1ckS-ixx0SqLQLE0lQXA";
const cents = (perGiftCents: number | null, dailyCents: number | null, monthlyCents: number | null = null) => ({
  perGiftCents,
  dailyCents,
  monthlyCents,
  collectionIds: null,
});

/** An MCP grant to a public client, exchanged: its token row's id. */
async function agentGrant(clientId: string, userId: string, mode: "live" | "sandbox", caps = cents(5_000, 10_000)) {
  const approved = await approveAuthorization(db, {
    clientId,
    redirectUri: REDIRECT,
    codeChallenge: CHALLENGE,
    resource: "mcp",
    caps,
    mode,
    userId,
  });
  if (approved.status !== "redirect") throw new Error(approved.reason);
  await exchangeAuthorizationCode(db, {
    grantType: "authorization_code",
    clientId,
    code: approved.code,
    redirectUri: REDIRECT,
    codeVerifier: VERIFIER,
  });
  return (await db.oAuthToken.findFirstOrThrow({ where: { codeId: { not: null }, userId }, orderBy: { id: "desc" } }))
    .id;
}

test("each application says where it came from, whether it is verified, and each grant's resource, mode, caps and last use", async () => {
  const { user } = await createAccount(db);
  const bot = await createOAuthClient(db, { name: "Desk Agent", redirectUris: [REDIRECT] });
  // Two applications of the same name, told apart by how they registered.
  const dynamic = await registerDynamicClient(db, { client_name: "Desk Agent", redirect_uris: [REDIRECT] });
  const metadata = await db.oAuthClient.create({
    data: {
      clientId: "https://agent.example/client.json",
      kind: "metadata",
      name: "Desk Agent",
      redirectUris: [REDIRECT],
      clientSecretHash: "x",
      metadataFetchedAt: new Date(),
    },
  });
  await authorize(bot, user.id);
  const sandbox = await agentGrant(dynamic.clientId, user.id, "sandbox");
  const live = await agentGrant(dynamic.clientId, user.id, "live", cents(2_000, 4_000, 50_000));
  await agentGrant(metadata.clientId, user.id, "sandbox");
  const used = new Date("2026-12-01T10:00:00Z");
  await db.oAuthToken.update({ where: { id: live }, data: { lastUsedAt: used } });

  const apps = await listAuthorizedApps(db, user.id);
  expect(apps.map(({ name, registration, verified, host }) => ({ name, registration, verified, host }))).toEqual([
    { name: "Desk Agent", registration: "registered", verified: true, host: null },
    { name: "Desk Agent", registration: "dynamic", verified: false, host: null },
    { name: "Desk Agent", registration: "metadata", verified: false, host: "agent.example" },
  ]);
  expect(apps[1].lastUsedAt).toEqual(used);
  expect(apps[1].grants).toEqual([
    expect.objectContaining({
      tokenId: sandbox,
      resource: "mcp",
      mode: "sandbox",
      caps: cents(5_000, 10_000),
      lastUsedAt: null,
    }),
    expect.objectContaining({
      tokenId: live,
      resource: "mcp",
      mode: "live",
      caps: cents(2_000, 4_000, 50_000),
      lastUsedAt: used,
    }),
  ]);
  expect(apps[0].grants).toEqual([expect.objectContaining({ resource: "api", mode: "live", caps: null })]);
});

test("a grant's caps can be lowered, never raised or removed; an agent keeps a cap per gift and per day; only one's own", async () => {
  const { user } = await createAccount(db);
  const other = await createAccount(db);
  const client = await registerDynamicClient(db, { client_name: "Agent", redirect_uris: [REDIRECT] });
  const token = await agentGrant(client.clientId, user.id, "live", cents(5_000, 10_000, 100_000));
  const capsOf = async () => (await db.oAuthToken.findUniqueOrThrow({ where: { id: token } })).caps;

  expect(await lowerGrantCaps(db, user.id, token, { perGift: "20.00", daily: "75", monthly: "1000.00" })).toEqual(
    cents(2_000, 7_500, 100_000),
  );
  expect(await capsOf()).toEqual(cents(2_000, 7_500, 100_000));
  const refusals: [Record<string, string>, string][] = [
    [{ perGift: "20.01", daily: "75", monthly: "1000" }, "max_per_gift"],
    [{ perGift: "20", daily: "", monthly: "1000" }, "max_per_day"],
    [{ perGift: "20", daily: "75", monthly: "" }, "max_per_month"],
    [{ perGift: "abc", daily: "75", monthly: "1000" }, "max_per_gift"],
  ];
  for (const [input, pointer] of refusals) {
    const error = await lowerGrantCaps(db, user.id, token, input).catch((e: unknown) => e);
    expect(error, JSON.stringify(input)).toBeInstanceOf(ValidationError);
    expect(
      (error as ValidationError).problems.map((p) => p.pointer),
      JSON.stringify(input),
    ).toContain(pointer);
  }
  expect(await capsOf()).toEqual(cents(2_000, 7_500, 100_000));
  // Another person's grant, a revoked one, an unknown id: nothing to change.
  expect(await lowerGrantCaps(db, other.user.id, token, { perGift: "1", daily: "1", monthly: "1" })).toBeNull();
  expect(await lowerGrantCaps(db, user.id, 2_000_000_000, { perGift: "1", daily: "1" })).toBeNull();
  expect(await lowerGrantCaps(db, user.id, Number.NaN, { perGift: "1", daily: "1" })).toBeNull();
  await revokeAuthorizedApp(
    db,
    user.id,
    (await db.oAuthClient.findUniqueOrThrow({ where: { clientId: client.clientId } })).id,
  );
  expect(await lowerGrantCaps(db, user.id, token, { perGift: "1", daily: "1", monthly: "1" })).toBeNull();
  expect(await capsOf()).toEqual(cents(2_000, 7_500, 100_000));
});

test("an API grant without caps can be given some; a grant's collections stay as approved", async () => {
  const { user } = await createAccount(db);
  const bot = await createOAuthClient(db, { name: "CRM", redirectUris: [REDIRECT] });
  await authorize(bot, user.id);
  const token = await db.oAuthToken.findFirstOrThrow({ where: { userId: user.id } });
  expect(await lowerGrantCaps(db, user.id, token.id, { perGift: "", daily: "", monthly: "500" })).toEqual(
    cents(null, null, 50_000),
  );
  await db.oAuthToken.update({
    where: { id: token.id },
    data: { caps: { ...cents(1_000, null), collectionIds: [1] } },
  });
  expect(await lowerGrantCaps(db, user.id, token.id, { perGift: "5", daily: "", monthly: "" })).toEqual({
    ...cents(500, null),
    collectionIds: [1],
  });
});
