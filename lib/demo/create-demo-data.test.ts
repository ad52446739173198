import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "@/lib/crypto";
import type { Database } from "@/lib/database/open";
import type { PrismaClient } from "@/lib/db";
import { createDataDir, openTestDatabase } from "@/lib/testing/test-database";
import { verifyToken } from "@/lib/tokens";
import { createDemoData, demoCredentialsPath, DEMO_REDIRECT_URI, type DemoCredentials } from "./create-demo-data";

const APP_URL = "http://localhost:3123";

let database: Database;
let db: PrismaClient;
let dataDir: string;
let credentials: DemoCredentials | null;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.prisma;
  dataDir = createDataDir();
  credentials = await createDemoData(db, { dataDir, appUrl: APP_URL });
});
afterAll(async () => {
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function snapshot(db: PrismaClient) {
  return {
    users: await db.user.findMany({ orderBy: { id: "asc" } }),
    teams: await db.team.findMany({ orderBy: { id: "asc" } }),
    memberships: await db.membership.findMany({ orderBy: [{ teamId: "asc" }, { userId: "asc" }] }),
    paymentMethods: await db.paymentMethod.findMany({ orderBy: { id: "asc" } }),
    apiTokens: await db.apiToken.findMany({ orderBy: { id: "asc" } }),
    oauthClients: await db.oAuthClient.findMany({ orderBy: { id: "asc" } }),
  };
}

describe("createDemoData on an empty database", () => {
  it("writes demo-credentials.json with the documented shape, readable by its owner only", () => {
    const file = demoCredentialsPath(dataDir);
    expect(file).toBe(`${dataDir}/demo-credentials.json`);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const written = JSON.parse(readFileSync(file, "utf8")) as DemoCredentials;
    expect(written).toEqual(credentials);
    expect(Object.keys(written).sort()).toEqual(["accounts", "auth_url", "base_url", "oauth_client"]);
    expect(written.base_url).toBe(`${APP_URL}/api/v1`);
    expect(written.auth_url).toBe(APP_URL);

    expect(written.accounts).toHaveLength(2);
    for (const account of written.accounts) {
      expect(Object.keys(account).sort()).toEqual(["email", "live_token", "name", "sandbox_token", "teams"]);
      expect(account.email).toMatch(/^[^@\s]+@[^@\s]+$/);
      expect(account.name).not.toBe("");
      expect(account.teams).toHaveLength(1);
      expect(account.live_token).toMatch(/^rbn_live_[1-9A-HJ-NP-Za-km-z]{16,}$/);
      expect(account.sandbox_token).toMatch(/^rbn_sbox_[1-9A-HJ-NP-Za-km-z]{16,}$/);
    }
    expect(new Set(written.accounts.map((a) => a.email)).size).toBe(2);
    expect(new Set(written.accounts.flatMap((a) => a.teams)).size).toBe(2);

    expect(written.oauth_client).toEqual({
      client_id: expect.any(String),
      client_secret: expect.any(String),
      redirect_uri: "http://localhost:8976/callback",
    });
    expect(DEMO_REDIRECT_URI).toBe("http://localhost:8976/callback");
  });

  it("creates each account as the owner of its own team", async () => {
    for (const account of credentials!.accounts) {
      const user = await db.user.findUniqueOrThrow({ where: { email: account.email }, include: { memberships: true } });
      expect(user.name).toBe(account.name);
      expect(user.emailVerified).toBeInstanceOf(Date);
      expect(user.memberships.map((m) => [m.teamId, m.role])).toEqual([[account.teams[0], "owner"]]);
    }
    expect(await db.user.count()).toBe(2);
    expect(await db.team.count({ where: { id: { not: "sandbox" } } })).toBe(2);
  });

  it("puts a working card on the first team and a declining one on the second", async () => {
    const [first, second] = credentials!.accounts;
    const card1 = await db.paymentMethod.findUniqueOrThrow({ where: { teamId: first.teams[0] } });
    const card2 = await db.paymentMethod.findUniqueOrThrow({ where: { teamId: second.teams[0] } });
    expect(card1).toMatchObject({ testBehavior: "succeed", last4: "4242", brand: "visa" });
    expect(card2).toMatchObject({ testBehavior: "decline", last4: "0002", brand: "visa" });
  });

  it("stores tokens and the client secret only as hashes, and the tokens verify", async () => {
    const tokens = await db.apiToken.findMany();
    expect(tokens).toHaveLength(4);
    const clients = await db.oAuthClient.findMany();
    expect(clients).toHaveLength(1);
    const stored = JSON.stringify([tokens, clients]);

    const secrets = [
      ...credentials!.accounts.flatMap((a) => [a.live_token, a.sandbox_token]),
      credentials!.oauth_client.client_secret,
    ];
    for (const secret of secrets) expect(stored).not.toContain(secret);

    for (const account of credentials!.accounts) {
      for (const [token, mode] of [
        [account.live_token, "live"],
        [account.sandbox_token, "sandbox"],
      ] as const) {
        const row = tokens.find((t) => t.tokenHash === sha256(token));
        expect(row, `${mode} token of ${account.email}`).toMatchObject({ mode, revokedAt: null });
        expect(token.startsWith(row!.start)).toBe(true);
        expect(row!.start.length).toBeLessThan(token.length);
        const check = await verifyToken(db, token);
        expect(check).toMatchObject({
          status: "valid",
          caller: { mode, via: "token", user: { email: account.email } },
        });
      }
    }

    const [client] = clients;
    expect(client).toMatchObject({
      clientId: credentials!.oauth_client.client_id,
      clientSecretHash: sha256(credentials!.oauth_client.client_secret),
      redirectUris: [DEMO_REDIRECT_URI],
    });
  });

  it("returns null on a second call and changes neither the database nor the file", async () => {
    const file = demoCredentialsPath(dataDir);
    const before = { rows: await snapshot(db), text: readFileSync(file, "utf8"), mtime: statSync(file).mtimeMs };
    expect(await createDemoData(db, { dataDir, appUrl: APP_URL })).toBeNull();
    expect(await snapshot(db)).toEqual(before.rows);
    expect(readFileSync(file, "utf8")).toBe(before.text);
    expect(statSync(file).mtimeMs).toBe(before.mtime);
  });

  it("returns null without writing a file when the database already has any user", async () => {
    const otherDir = createDataDir();
    try {
      expect(await createDemoData(db, { dataDir: otherDir, appUrl: APP_URL })).toBeNull();
      expect(existsSync(demoCredentialsPath(otherDir))).toBe(false);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
