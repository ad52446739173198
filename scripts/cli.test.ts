// The admin CLI as people run it: real processes (`tsx scripts/cli.ts`, what `npm run ribbon` runs),
// against a PGlite folder and, in the PostgreSQL run (RIBBON_TEST_DB=pg, `npm run test:pg`), against
// PostgreSQL: `npm test` needs no server. Each process costs seconds: keep these few; command
// behaviour is covered in-process by lib/cli/commands.test.ts.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/database/open";
import { createDataDir, createPostgresDatabase, usingPostgres } from "@/lib/testing/test-database";

const root = path.resolve(import.meta.dirname, "..");
// The local binary rather than `npx tsx`: same program, without npm's own warnings on stderr.
const TSX = path.join(root, "node_modules", ".bin", "tsx");

// Three cold `tsx` starts, the first migrating a new PGlite folder: ~15 s on a quiet machine, over
// 60 s when the machine is busy (seen while other suites ran beside it).
const CLI_TEST_TIMEOUT_MS = 180_000;

type Run = { code: number | null; stdout: string; stderr: string };

function cli(env: { RIBBON_DATA_DIR: string; DATABASE_URL?: string }, ...args: string[]): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(TSX, ["scripts/cli.ts", ...args], { cwd: root, env: childEnv });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

function ok(run: Run): unknown {
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toBe("");
  return JSON.parse(run.stdout);
}

function failed(run: Run): { error: string } {
  expect(run.code, run.stdout).toBe(1);
  expect(run.stdout).toBe("");
  const lines = run.stderr.trim().split("\n");
  expect(lines).toHaveLength(1); // one JSON document, nothing else
  return JSON.parse(lines[0]);
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});
function dataDir(): string {
  const dir = createDataDir();
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe.concurrent("npm run ribbon (scripts/cli.ts)", () => {
  it(
    "on a PGlite folder: prints JSON, keeps data between runs, reports errors as JSON on stderr",
    async () => {
      const RIBBON_DATA_DIR = path.join(dataDir(), "nested", "data"); // created on first use

      const user = ok(await cli({ RIBBON_DATA_DIR }, "user:create", "--email", "ada@example.test", "--name", "Ada"));
      expect(user).toEqual({ id: expect.any(String), email: "ada@example.test", name: "Ada" });

      // A second process sees the first one's user.
      expect(
        failed(await cli({ RIBBON_DATA_DIR }, "user:create", "--email", "ADA@example.test", "--name", "Ada")),
      ).toEqual({
        error: "A user with email ada@example.test already exists.",
      });

      // Every run released the folder; while this process holds it, the CLI is refused and says why.
      expect(existsSync(path.join(RIBBON_DATA_DIR, "ribbon.lock"))).toBe(false);
      const db = await openDatabase({ dataDir: RIBBON_DATA_DIR });
      try {
        expect(db.applied).toEqual([]); // the first CLI run migrated the folder
        expect(await db.prisma.user.findMany({ select: { id: true, email: true, name: true } })).toEqual([user]);

        const refused = failed(
          await cli({ RIBBON_DATA_DIR }, "user:create", "--email", "bob@example.test", "--name", "Bob"),
        );
        expect(refused.error).toContain(`The database folder ${RIBBON_DATA_DIR} is in use by process ${process.pid}.`);
        expect(refused.error).toContain("RIBBON_DATA_DIR");
        expect(await db.prisma.user.count()).toBe(1);
      } finally {
        await db.close();
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );

  // Only in the PostgreSQL run: `npm test` must pass on a machine with no database server.
  if (!usingPostgres()) return;

  it(
    "on PostgreSQL (DATABASE_URL): migrates the new database, prints JSON and never touches the data folder",
    async () => {
      const pg = await createPostgresDatabase();
      cleanups.push(() => pg.drop());
      const RIBBON_DATA_DIR = dataDir();

      const user = ok(
        await cli(
          { RIBBON_DATA_DIR, DATABASE_URL: pg.url },
          "user:create",
          "--email",
          "pat@example.test",
          "--name",
          "Pat",
        ),
      );
      expect(user).toEqual({ id: expect.any(String), email: "pat@example.test", name: "Pat" });
      expect(readdirSync(RIBBON_DATA_DIR)).toEqual([]);

      const db = await openDatabase({ databaseUrl: pg.url, dataDir: RIBBON_DATA_DIR });
      try {
        expect(db.applied).toEqual([]);
        expect(await db.prisma.user.findMany({ select: { id: true, email: true, name: true } })).toEqual([user]);
      } finally {
        await db.close();
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
