import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { createDataDir, createPostgresDatabase, usingPostgres } from "@/lib/testing/test-database";
import { applyMigrations, type Migration, type SqlRunner } from "./migrate";
import { openDatabase, type Database, type DatabaseOptions } from "./open";
import { pgliteExtensions } from "./pglite-extensions";

// What the migrator must have applied, read straight from the folder (not through readMigrations).
const migrationsRoot = path.join(process.cwd(), "prisma", "migrations");
const expected = readdirSync(migrationsRoot, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort()
  .map((name) => {
    const sql = readFileSync(path.join(migrationsRoot, name, "migration.sql"), "utf8");
    return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
  });
const createdTables = expected.flatMap((m) =>
  [...m.sql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"([^"]+)"/g)].map((x) => x[1]),
);

type MigrationRow = {
  migration_name: string;
  checksum: string;
  started_at: Date;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  applied_steps_count: number;
  logs: string | null;
};

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Options for a brand-new database of the kind under test (PGlite folder, or PostgreSQL under test:pg). */
async function freshTarget(): Promise<DatabaseOptions> {
  const dataDir = createDataDir();
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  if (!usingPostgres()) return { dataDir };
  const pg = await createPostgresDatabase();
  cleanups.push(() => pg.drop());
  return { databaseUrl: pg.url, dataDir };
}

async function migrationRows(db: Database): Promise<MigrationRow[]> {
  return db.prisma.$queryRawUnsafe<MigrationRow[]>(
    `SELECT migration_name, checksum, started_at, finished_at, rolled_back_at, applied_steps_count, logs
       FROM "_prisma_migrations" ORDER BY migration_name`,
  );
}

async function publicTables(db: Database): Promise<string[]> {
  // ::text: adapter-pg cannot read columns of type `name` (prisma/orm#27403).
  const rows = await db.prisma.$queryRawUnsafe<{ table_name: string }[]>(
    `SELECT table_name::text AS table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  return rows.map((r) => r.table_name);
}

describe(`migrations on a fresh ${usingPostgres() ? "PostgreSQL" : "PGlite"} database`, () => {
  it("finds migration folders to apply", () => {
    expect(expected.length).toBeGreaterThan(0);
    expect(createdTables).toContain("User");
  });

  it("applies every migration at open, records each once like Prisma, and applies nothing on re-open", async () => {
    const target = await freshTarget();

    const first = await openDatabase(target);
    let firstRows: MigrationRow[];
    try {
      expect(first.kind).toBe(usingPostgres() ? "postgresql" : "pglite");
      expect(first.applied).toEqual(expected.map((m) => m.name));

      const tables = await publicTables(first);
      expect(tables).toContain("_prisma_migrations");
      for (const table of createdTables) expect(tables).toContain(table);
      // Every Prisma model has its table: the schema and the migration history agree.
      for (const model of Object.values(Prisma.ModelName)) expect(tables).toContain(model);

      firstRows = await migrationRows(first);
      expect(firstRows.map((r) => ({ name: r.migration_name, checksum: r.checksum }))).toEqual(
        expected.map((m) => ({ name: m.name, checksum: m.checksum })),
      );
      for (const row of firstRows) {
        expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
        expect(row.finished_at).toBeInstanceOf(Date);
        expect(row.rolled_back_at).toBeNull();
        expect(row.applied_steps_count).toBe(1);
      }
      // The client works on the migrated schema.
      await first.prisma.user.create({ data: { email: "kept@example.test", name: "Kept" } });
    } finally {
      await first.close();
    }

    const second = await openDatabase(target);
    try {
      expect(second.applied).toEqual([]);
      expect(await migrationRows(second)).toEqual(firstRows);
      expect(await second.prisma.user.count({ where: { email: "kept@example.test" } })).toBe(1);
    } finally {
      await second.close();
    }
  });
});

/** A bare SQL runner on a brand-new database of the kind under test, for the migrator alone. */
async function freshRunner(): Promise<SqlRunner> {
  if (usingPostgres()) {
    const pg = await createPostgresDatabase();
    const { Client } = await import("pg");
    const client = new Client({ connectionString: pg.url });
    await client.connect();
    cleanups.push(async () => (await client.end(), await pg.drop()));
    return {
      exec: async (sql) => void (await client.query(sql)),
      query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = await PGlite.create({ extensions: await pgliteExtensions() }); // in memory
  cleanups.push(() => pglite.close());
  return {
    exec: async (sql) => void (await pglite.exec(sql)),
    query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
  };
}

const migration = (name: string, sql: string): Migration => ({
  name,
  sql,
  checksum: createHash("sha256").update(sql).digest("hex"),
});

describe("applyMigrations", () => {
  it("applies only new migrations, rolls a failing one back entirely, and always releases its lock", async () => {
    const db = await freshRunner();
    const a = migration("001_a", `CREATE TABLE "mig_a" (id INT PRIMARY KEY);\n-- a trailing comment`);
    const b = migration("002_b", `CREATE TABLE "mig_b" (id INT);\nINSERT INTO "mig_b" VALUES (1), (2);`);
    const broken = migration("003_c", `CREATE TABLE "mig_c" (id INT);\nINSERT INTO "mig_c" VALUES ('not a number');`);
    const fixed = migration("003_c", `CREATE TABLE "mig_c" (id INT);\nINSERT INTO "mig_c" VALUES (3);`);
    const advisoryLocks = async () =>
      Number(
        // Only this test's database: other test files migrate their own databases on the same server at the same time.
        (
          await db.query<{ n: number | string }>(
            `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          )
        )[0].n,
      );
    const recorded = async () =>
      db.query<{ migration_name: string; checksum: string }>(
        `SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name`,
      );
    const tableExists = async (name: string) =>
      (await db.query<{ t: string | null }>(`SELECT to_regclass($1)::text AS t`, [`public."${name}"`]))[0].t !== null;

    expect(await applyMigrations(db, [a])).toEqual(["001_a"]);
    expect(await applyMigrations(db, [a, b])).toEqual(["002_b"]);
    expect(await applyMigrations(db, [a, b])).toEqual([]);
    expect(await db.query(`SELECT id FROM "mig_b" ORDER BY id`)).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await advisoryLocks()).toBe(0);

    await expect(applyMigrations(db, [a, b, broken])).rejects.toThrow(/Migration 003_c failed/);
    expect(await tableExists("mig_c")).toBe(false); // the table created before the error was rolled back
    expect(await recorded()).toEqual([
      { migration_name: "001_a", checksum: a.checksum },
      { migration_name: "002_b", checksum: b.checksum },
    ]);
    expect(await advisoryLocks()).toBe(0);

    // The connection is usable again and the fixed migration goes through.
    expect(await applyMigrations(db, [a, b, fixed])).toEqual(["003_c"]);
    expect(await tableExists("mig_c")).toBe(true);
    expect((await recorded()).map((r) => r.migration_name)).toEqual(["001_a", "002_b", "003_c"]);
    expect(await advisoryLocks()).toBe(0);
  });
});

// PostgreSQL only (RIBBON_TEST_DB=pg, `npm run test:pg`): `npm test` must pass where no database server runs.
// PGlite has one process per folder, which the data folder lock enforces (lib/database/data-dir-lock.test.ts).
if (usingPostgres())
  describe("instances starting together on one PostgreSQL", () => {
    it("all open, and each migration is applied and recorded exactly once", async () => {
      const pg = await createPostgresDatabase();
      cleanups.push(() => pg.drop());
      const dataDir = createDataDir(); // unused by PostgreSQL, but part of the options
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ databaseUrl: pg.url, dataDir })));
      const databases = opened.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
      try {
        expect(opened.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual(["ok", "ok", "ok"]);
        expect(databases.flatMap((d) => d.applied).sort()).toEqual(expected.map((m) => m.name));
        const rows = await migrationRows(databases[0]);
        expect(rows.map((r) => ({ name: r.migration_name, checksum: r.checksum }))).toEqual(
          expected.map((m) => ({ name: m.name, checksum: m.checksum })),
        );
        for (const d of databases) expect(await d.prisma.user.count()).toBe(0);
      } finally {
        for (const d of databases) await d.close();
      }
    });
  });
