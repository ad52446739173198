import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { openDatabase, type Database } from "@/lib/database/open";
import { pglitePool } from "./pglite-pool";

/** Where `npm run test:pg` creates its throwaway databases (the server's `postgres` database by default). */
export const testPostgresUrl = () =>
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";

export const usingPostgres = () => process.env.RIBBON_TEST_DB === "pg";

/** A migrated PGlite folder made once per test run (lib/testing/global-setup.ts), copied per worker. */
export const PGLITE_TEMPLATE_ENV = "RIBBON_TEST_PGLITE_TEMPLATE";
/** The folder the workers' copies of it live in (lib/testing/pglite-pool.ts), removed after the run. */
export const PGLITE_POOL_ENV = "RIBBON_TEST_PGLITE_POOL";

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

/** A migrated PostgreSQL database made once per `npm run test:pg` (lib/testing/global-setup.ts), copied per file. */
export const PG_TEMPLATE_ENV = "RIBBON_TEST_PG_TEMPLATE";

/**
 * A URL for a brand-new PostgreSQL database, and a function that drops it: empty, or with
 * `migrated`, a copy of the run's migrated template (CREATE DATABASE … TEMPLATE) where there is one.
 */
export async function createPostgresDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ribbon_test_${randomBytes(6).toString("hex")}`;
  const template = options.migrated ? process.env[PG_TEMPLATE_ENV] : undefined;
  await adminQuery(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(testPostgresUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export function createDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), "ribbon-test-"));
}

let workerPool: ReturnType<typeof pglitePool> | undefined;

/**
 * A fresh, migrated database for one test file: PGlite (in `npm test`, the worker's copy of the
 * template, emptied back to it by `close()`), or a new PostgreSQL database when RIBBON_TEST_DB=pg
 * (`close()` drops it).
 */
export async function openTestDatabase(): Promise<Database> {
  if (usingPostgres()) {
    const pg = await createPostgresDatabase({ migrated: true });
    const db = await openDatabase({ databaseUrl: pg.url, dataDir: createDataDir() });
    return { ...db, close: async () => (await db.close(), await pg.drop()) };
  }
  const template = process.env[PGLITE_TEMPLATE_ENV];
  const pool = process.env[PGLITE_POOL_ENV];
  if (template && pool) return (workerPool ??= pglitePool(template, pool)).open();
  const dir = createDataDir();
  const db = await openDatabase({ dataDir: dir });
  return { ...db, close: async () => (await db.close(), rmSync(dir, { recursive: true, force: true })) };
}
