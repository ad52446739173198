import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** The two calls the migrator needs, implemented for PGlite and for node-postgres. */
export interface SqlRunner {
  /** Runs one or many statements without parameters (simple protocol). */
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export type Migration = { name: string; sql: string; checksum: string };

export const migrationsDir = path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations");

export async function readMigrations(dir = migrationsDir): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

// The table `prisma migrate deploy` keeps, so `prisma migrate status` agrees with us.
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

// Any constant works; it only has to be the same for every Ribbon instance.
const MIGRATION_LOCK_KEY = 72_617_001;

/**
 * Applies pending migrations in order, each in its own transaction, under an advisory
 * lock so that instances starting together on one PostgreSQL apply each migration once.
 * Returns the names it applied.
 */
export async function applyMigrations(db: SqlRunner, migrations: Migration[]): Promise<string[]> {
  await db.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
  try {
    await db.exec(CREATE_MIGRATIONS_TABLE);
    const rows = await db.query<{ migration_name: string }>(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const done = new Set(rows.map((r) => r.migration_name));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      const record = `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
        VALUES ('${randomUUID()}', '${m.checksum}', '${m.name.replace(/'/g, "''")}', now(), now(), 1);`;
      await db.exec(`BEGIN;\n${m.sql}\n;${record}\nCOMMIT;`).catch(async (error: unknown) => {
        await db.exec("ROLLBACK").catch(() => {});
        throw new Error(`Migration ${m.name} failed: ${(error as Error).message}`);
      });
      applied.push(m.name);
    }
    return applied;
  } finally {
    await db.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
  }
}
