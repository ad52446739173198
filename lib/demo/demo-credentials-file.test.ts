import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@/lib/database/open";
import { createDataDir, openTestDatabase } from "@/lib/testing/test-database";
import { createDeveloperTokens, revokeDeveloperTokens, verifyToken } from "@/lib/tokens";
import { createDemoData, type DemoCredentials } from "./create-demo-data";
import { demoCredentialsPath, updateDemoCredentials } from "./demo-credentials-file";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
afterEach(() => vi.restoreAllMocks());

const NEW = { live: "rbn_live_NewLiveToken1234567890abcd", sandbox: "rbn_sbox_NewSandboxToken1234567890ab" };

/** A data folder holding a demo-credentials.json with two accounts (or the given text). */
function folderWith(content?: string, name = "demo-credentials.json") {
  const dir = createDataDir();
  dirs.push(dir);
  const file = path.join(dir, name);
  const credentials = {
    base_url: "http://localhost:3000/api/v1",
    auth_url: "http://localhost:3000",
    accounts: [
      {
        email: "alex@acme.test",
        name: "Alex Rivera",
        teams: ["acme-rockets"],
        live_token: "rbn_live_alexOld",
        sandbox_token: "rbn_sbox_alexOld",
      },
      {
        email: "sam@globex.test",
        name: "Sam Okafor",
        teams: ["globex"],
        live_token: "rbn_live_samOld",
        sandbox_token: "rbn_sbox_samOld",
      },
    ],
    oauth_client: { client_id: "cid", client_secret: "secret", redirect_uri: "http://localhost:8976/callback" },
  };
  writeFileSync(file, content ?? JSON.stringify(credentials, null, 2) + "\n", { mode: 0o600 });
  chmodSync(file, 0o600);
  return { dir, file, credentials };
}

const read = (file: string) => JSON.parse(readFileSync(file, "utf8"));
const leftovers = (dir: string) => readdirSync(dir).filter((name) => name.endsWith(".tmp"));

describe("updateDemoCredentials", () => {
  it("rewrites the listed account's tokens and nothing else; the file stays 0600", async () => {
    const { dir, file, credentials } = folderWith();
    expect(await updateDemoCredentials(file, "alex@acme.test", NEW)).toBe("updated");
    const written = read(file);
    expect(written).toEqual({
      ...credentials,
      accounts: [
        { ...credentials.accounts[0], live_token: NEW.live, sandbox_token: NEW.sandbox },
        credentials.accounts[1],
      ],
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(leftovers(dir)).toEqual([]);
  });

  it("writes null tokens after a revoke", async () => {
    const { file } = folderWith();
    expect(await updateDemoCredentials(file, "sam@globex.test", null)).toBe("updated");
    expect(read(file).accounts[1]).toMatchObject({ email: "sam@globex.test", live_token: null, sandbox_token: null });
    expect(read(file).accounts[0].live_token).toBe("rbn_live_alexOld");
  });

  it("matches the email whatever its case", async () => {
    const { file } = folderWith();
    expect(await updateDemoCredentials(file, "Alex@ACME.test", NEW)).toBe("updated");
    expect(read(file).accounts[0].live_token).toBe(NEW.live);
  });

  it("tightens a file someone made readable by others back to 0600", async () => {
    const { file } = folderWith();
    chmodSync(file, 0o644);
    expect(await updateDemoCredentials(file, "alex@acme.test", NEW)).toBe("updated");
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("leaves the file untouched when the user isn't in it", async () => {
    const { file } = folderWith();
    const before = { text: readFileSync(file, "utf8"), inode: statSync(file).ino, mtime: statSync(file).mtimeMs };
    expect(await updateDemoCredentials(file, "someone@example.test", NEW)).toBe("not-listed");
    expect(await updateDemoCredentials(file, "", NEW)).toBe("not-listed");
    expect({ text: readFileSync(file, "utf8"), inode: statSync(file).ino, mtime: statSync(file).mtimeMs }).toEqual(
      before,
    );
  });

  it("creates nothing when there is no file", async () => {
    const dir = createDataDir();
    dirs.push(dir);
    const file = demoCredentialsPath(dir);
    expect(await updateDemoCredentials(file, "alex@acme.test", NEW)).toBe("not-listed");
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([
    ["malformed JSON", '{"accounts": [{"email": "alex@acme.test", '],
    ["empty", ""],
    ["JSON null", "null"],
    ["no accounts", '{"base_url": "x"}'],
    ["accounts not a list", '{"accounts": {"email": "alex@acme.test"}}'],
  ])("says stale and leaves a file it can't understand as it is: %s", async (_label, text) => {
    const { dir, file } = folderWith(text);
    expect(await updateDemoCredentials(file, "alex@acme.test", NEW)).toBe("stale");
    expect(readFileSync(file, "utf8")).toBe(text);
    expect(leftovers(dir)).toEqual([]);
  });

  it("skips junk entries in accounts and still finds the user", async () => {
    const text = JSON.stringify({
      accounts: [null, 7, "alex@acme.test", { email: 42 }, { email: "alex@acme.test", live_token: "old", extra: true }],
    });
    const { file } = folderWith(text);
    expect(await updateDemoCredentials(file, "alex@acme.test", NEW)).toBe("updated");
    expect(read(file).accounts).toEqual([
      null,
      7,
      "alex@acme.test",
      { email: 42 },
      { email: "alex@acme.test", live_token: NEW.live, sandbox_token: NEW.sandbox, extra: true },
    ]);
  });

  it("says stale and keeps the old file when the new one can't be written", async () => {
    // A name so long that the temporary file beside it can't be created (tests run as root, so
    // a read-only folder wouldn't stop them).
    const { dir, file } = folderWith(undefined, `${"d".repeat(245)}.json`);
    const before = readFileSync(file, "utf8");
    expect(await updateDemoCredentials(file, "alex@acme.test", NEW)).toBe("stale");
    expect(readFileSync(file, "utf8")).toBe(before);
    expect(readdirSync(dir)).toEqual([path.basename(file)]);
  });

  it("says stale when the path is a folder", async () => {
    const dir = createDataDir();
    dirs.push(dir);
    mkdirSync(path.join(dir, "demo-credentials.json"));
    expect(await updateDemoCredentials(path.join(dir, "demo-credentials.json"), "alex@acme.test", NEW)).toBe("stale");
  });

  it("keeps both of two concurrent updates for different accounts", async () => {
    const { dir, file } = folderWith();
    const samTokens = { live: "rbn_live_samNew", sandbox: "rbn_sbox_samNew" };
    const results = await Promise.all([
      updateDemoCredentials(file, "alex@acme.test", NEW),
      updateDemoCredentials(file, "sam@globex.test", samTokens),
      updateDemoCredentials(file, "alex@acme.test", NEW),
    ]);
    expect(results).toEqual(["updated", "updated", "updated"]);
    const [alex, sam] = read(file).accounts;
    expect([alex.live_token, sam.live_token]).toEqual([NEW.live, samTokens.live]);
    expect(leftovers(dir)).toEqual([]);
  });

  it("never logs the tokens, whatever happens", async () => {
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((name) =>
      vi.spyOn(console, name).mockImplementation(() => {}),
    );
    const ok = folderWith();
    await updateDemoCredentials(ok.file, "alex@acme.test", NEW);
    await updateDemoCredentials(folderWith("{oops").file, "alex@acme.test", NEW);
    await updateDemoCredentials(folderWith(undefined, `${"e".repeat(245)}.json`).file, "alex@acme.test", NEW);
    const logged = JSON.stringify(spies.flatMap((spy) => spy.mock.calls));
    expect(logged).not.toContain(NEW.live);
    expect(logged).not.toContain(NEW.sandbox);
  });
});

describe("the README's commands keep working after a roll or a revoke", () => {
  let database: Database;
  let dataDir: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = createDataDir();
    dirs.push(dataDir);
  });
  afterAll(() => database?.close());

  it("the file's tokens for a demo user are the ones that work, and null once revoked", async () => {
    const db = database.prisma;
    const credentials = (await createDemoData(db, { dataDir, appUrl: "http://localhost:3000" }))!;
    const file = demoCredentialsPath(dataDir);
    const [alex, sam] = credentials.accounts;
    const user = await db.user.findUniqueOrThrow({ where: { email: alex.email } });

    const rolled = await db.$transaction((tx) => createDeveloperTokens(tx, user.id));
    expect(await updateDemoCredentials(file, alex.email, rolled)).toBe("updated");
    const afterRoll = read(file) as DemoCredentials;
    expect((await verifyToken(db, afterRoll.accounts[0].live_token)).status).toBe("valid");
    expect((await verifyToken(db, afterRoll.accounts[0].sandbox_token)).status).toBe("valid");
    expect((await verifyToken(db, alex.live_token)).status).toBe("revoked");
    expect(afterRoll.accounts[1]).toEqual(sam);
    expect(afterRoll.oauth_client).toEqual(credentials.oauth_client);

    await revokeDeveloperTokens(db, user.id);
    expect(await updateDemoCredentials(file, alex.email, null)).toBe("updated");
    expect(read(file).accounts[0]).toMatchObject({ live_token: null, sandbox_token: null });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
