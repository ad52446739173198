import { cpSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { hostPGlite, type Database } from "@/lib/database/open";
import type { PrismaClient } from "@/lib/db";

/**
 * One test worker's PGlite databases. Starting a PGlite costs 1-2 s (WebAssembly, then
 * Postgres's own start): once per test file, that was a third of `npm test`. So a file's PGlite,
 * once closed, is put back to the migrated template (the tables a test wrote to emptied, the
 * migrations' own rows restored, sequences and session settings reset) and handed to the next
 * file, with a new Prisma client (nothing a client caches outlives its file). One whose schema a
 * test changed (a table, column, index, constraint, trigger or function) is thrown away, as is
 * one whose reset failed.
 */
type Host = Awaited<ReturnType<typeof hostPGlite>> & { dir: string };
type Template = {
  tables: string[];
  seeded: { table: string; rows: unknown[] }[];
  sequences: Map<string, string | null>; // name → last_value
  fingerprint: string;
};

const q = (db: PrismaClient, sql: string) => db.$queryRawUnsafe<unknown[]>(sql);
const run = (db: PrismaClient, sql: string, ...values: unknown[]) => db.$executeRawUnsafe(sql, ...values);
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

// Everything a test could change in the schema, as one digest.
const FINGERPRINT = `
  SELECT md5(string_agg(x, '|' ORDER BY x)) AS "digest" FROM (
    SELECT 'c ' || c.relname || ' ' || c.relkind::text || ' ' || coalesce(a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
           || ' ' || a.attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), '') AS x
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
    WHERE n.nspname = 'public'
    UNION ALL SELECT 'i ' || pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE c.relnamespace = 'public'::regnamespace
    UNION ALL SELECT 'k ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
      WHERE connamespace = 'public'::regnamespace
    UNION ALL SELECT 't ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'p ' || proname || ' ' || md5(prosrc) FROM pg_proc WHERE pronamespace = 'public'::regnamespace
    UNION ALL SELECT 'n ' || nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg_temp%' AND nspname NOT LIKE 'pg_toast_temp%'
  ) s`;

async function fingerprint(db: PrismaClient): Promise<string> {
  const [row] = await q(db, FINGERPRINT);
  return (row as { digest: string }).digest;
}

const sequenceValues = async (db: PrismaClient) =>
  (
    await q(
      db,
      `SELECT format('%I.%I', schemaname, sequencename) AS "name", last_value::text AS "value" FROM pg_sequences WHERE schemaname = 'public'`,
    )
  ).map((r) => [(r as { name: string }).name, (r as { value: string | null }).value] as const);

/** What a fresh copy of the template holds, read before any test touches it. */
async function readTemplate(db: PrismaClient): Promise<Template> {
  const tables = (
    await q(db, `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`)
  ).map((r) => (r as { tablename: string }).tablename);
  const seeded: Template["seeded"] = [];
  for (const table of tables) {
    const rows = await q(db, `SELECT to_jsonb(t) AS "row" FROM "${table}" t`);
    if (rows.length > 0) seeded.push({ table, rows: rows.map((r) => (r as { row: unknown }).row) });
  }
  return { tables, seeded, sequences: new Map(await sequenceValues(db)), fingerprint: await fingerprint(db) };
}

/** Back to the template: true when it is, false when it must be thrown away. */
async function reset(db: PrismaClient, t: Template): Promise<boolean> {
  await run(db, "RESET ALL");
  await run(db, "DISCARD TEMP");
  await run(db, "SELECT pg_advisory_unlock_all()");
  if ((await fingerprint(db)) !== t.fingerprint) return false;
  // Only the tables a test wrote to (emptying a table makes new files: all of them took 300 ms).
  const [written] = await q(
    db,
    `SELECT ARRAY[${t.tables.map((name) => `CASE WHEN EXISTS (SELECT FROM "${name}") THEN ${quoteLiteral(name)} END`).join(", ")}] AS "names"`,
  );
  const names = (written as { names: (string | null)[] }).names.filter((n) => n !== null);
  const emptied = [...new Set([...names, ...t.seeded.map((s) => s.table)])];
  await run(db, `TRUNCATE ${emptied.map((name) => `"${name}"`).join(", ")} CASCADE`);
  for (const [name, value] of await sequenceValues(db)) {
    const was = t.sequences.get(name);
    if (value === was) continue;
    await run(db, was == null ? `ALTER SEQUENCE ${name} RESTART` : `SELECT setval(${quoteLiteral(name)}, ${was})`);
  }
  await run(db, "SET session_replication_role = replica"); // the rows as they were: no trigger runs again
  for (const { table, rows } of t.seeded)
    await run(
      db,
      `INSERT INTO "${table}" SELECT * FROM jsonb_populate_recordset(NULL::"${table}", $1::jsonb)`,
      JSON.stringify(rows),
    );
  await run(db, "RESET session_replication_role");
  return true;
}

/** PGlite copies of the migrated folder `templateDir`, made in `poolDir` and handed from file to file. */
export function pglitePool(templateDir: string, poolDir: string) {
  const idle: Host[] = [];
  let template: Template | undefined;
  let started = 0;

  async function start(): Promise<Host> {
    started += 1;
    const dir = mkdtempSync(path.join(poolDir, "db-"));
    cpSync(path.join(templateDir, "pgdata"), path.join(dir, "pgdata"), { recursive: true });
    const host = { ...(await hostPGlite(dir)), dir };
    if (!template) {
      const reader = host.client();
      template = await readTemplate(reader.prisma);
      await reader.close();
    }
    return host;
  }

  async function discard(host: Host) {
    await host.close();
    rmSync(host.dir, { recursive: true, force: true });
  }

  /** A migrated PGlite for one test file; `close()` hands it back. */
  async function open(): Promise<Database> {
    const host = idle.pop() ?? (await start());
    const database = host.client();
    let closed = false;
    return {
      ...database,
      async close() {
        if (closed) return;
        closed = true;
        const clean = await reset(database.prisma, template!).catch(() => false);
        await database.close();
        if (clean) idle.push(host);
        else await discard(host);
      },
    };
  }
  /** How many PGlites it has started. */
  return { open, started: () => started };
}
