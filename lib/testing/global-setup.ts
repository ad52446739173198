import { rmSync } from "node:fs";
import { openDatabase } from "@/lib/database/open";
import {
  createDataDir,
  createPostgresDatabase,
  PG_TEMPLATE_ENV,
  PGLITE_POOL_ENV,
  PGLITE_TEMPLATE_ENV,
  usingPostgres,
} from "./test-database";

/**
 * Vitest global setup: creating and migrating a database costs seconds, so it is done once
 * here. On PGlite each worker copies the folder and hands its copy from file to file
 * (lib/testing/pglite-pool.ts); on PostgreSQL each file's database is a copy of the template.
 */
export default async function setup() {
  if (usingPostgres()) return migratedPostgresTemplate();
  const dir = createDataDir();
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  process.env[PGLITE_TEMPLATE_ENV] = dir;
  const pool = createDataDir();
  process.env[PGLITE_POOL_ENV] = pool;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(pool, { recursive: true, force: true });
  };
}

async function migratedPostgresTemplate() {
  const pg = await createPostgresDatabase();
  const dataDir = createDataDir();
  const database = await openDatabase({ databaseUrl: pg.url, dataDir });
  await database.close(); // a template can't be copied while anyone is connected to it
  process.env[PG_TEMPLATE_ENV] = new URL(pg.url).pathname.slice(1);
  return async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await pg.drop();
  };
}
