import { afterAll, beforeAll, expect, test } from "vitest";
import type { Database } from "@/lib/database/open";
import type { PrismaClient } from "@/lib/db";
import { openTestDatabase } from "@/lib/testing/test-database";
import { createAccount } from "@/lib/testing/fixtures";
import { verifyToken } from "@/lib/tokens";
import { approveAuthorization } from "./authorize";
import { listAuthorizedApps, revokeAuthorizedApp } from "./authorized-apps";
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
