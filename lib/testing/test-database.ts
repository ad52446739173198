import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { openDatabase, type Database } from "@/lib/database/open";

/** Where `npm run test:pg` creates its throwaway databases (the server's `postgres` database by default). */
export const testPostgresUrl = () =>
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";

export const usingPostgres = () => process.env.RIBBON_TEST_DB === "pg";

/** A migrated PGlite folder made once per test run (lib/testing/global-setup.ts), copied per file. */
export const PGLITE_TEMPLATE_ENV = "RIBBON_TEST_PGLITE_TEMPLATE";

async function adminQuery(sql: string): Promise<void> {
  const { Client } = await import("pg");
  const client = new Client({ connectionString: testPostgresUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A URL for a brand-new, empty PostgreSQL database, and a function that drops it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ribbon_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(testPostgresUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export function createDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), "ribbon-test-"));
}

/**
 * A fresh, migrated database for one test file: PGlite in a temporary folder, or a new
 * PostgreSQL database when RIBBON_TEST_DB=pg. `close()` throws it away.
 */
export async function openTestDatabase(): Promise<Database> {
  if (usingPostgres()) {
    const pg = await createPostgresDatabase();
    const db = await openDatabase({ databaseUrl: pg.url, dataDir: createDataDir() });
    return { ...db, close: async () => (await db.close(), await pg.drop()) };
  }
  const dir = createDataDir();
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (template) cpSync(path.join(template, "pgdata"), path.join(dir, "pgdata"), { recursive: true });
  const db = await openDatabase({ dataDir: dir });
  return { ...db, close: async () => (await db.close(), rmSync(dir, { recursive: true, force: true })) };
}
