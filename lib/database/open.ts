import path from "node:path";
import type { Pool as PgPool, PoolClient } from "pg";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { otherWorkFirst } from "@/lib/http/yield";
import { config } from "@/lib/config";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { registerSqlDriver, RESULT_PARSERS, statementName, type SqlQuery } from "./sql";
import { applyMigrations, readMigrations, type SqlRunner } from "./migrate";
import { lockDataDir } from "./data-dir-lock";
import { pgliteExtensions } from "./pglite-extensions";
import { preparedStatements } from "./pglite-prepared";
import { timedTransaction, timeTransactions } from "./transaction-budget";

export type Database = {
  prisma: PrismaClient;
  kind: "pglite" | "postgresql";
  /** PostgreSQL's connection string (for stores that keep their own small pool, e.g. rate limits). */
  url?: string;
  /** Migrations applied while opening. */
  applied: string[];
  close(): Promise<void>;
};

export type DatabaseOptions = { databaseUrl?: string; dataDir: string };

/** PostgreSQL when a URL is given, otherwise PGlite in `dataDir`; migrated before it is returned. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPGlite(options.dataDir);
}

async function openPGlite(dataDir: string): Promise<Database> {
  const host = await hostPGlite(dataDir);
  const database = host.client();
  return { ...database, close: async () => (await database.close(), await host.close()) };
}

/**
 * A migrated PGlite in `dataDir` that clients take turns on: each `client()` is a new Prisma
 * client with its own driver registration (so nothing cached per client outlives it), whose
 * `close()` disconnects only it. The test suites hand one PGlite from file to file this way
 * (lib/testing/pglite-pool.ts); `openDatabase` takes one client and closes both together.
 */
export async function hostPGlite(dataDir: string): Promise<{ client(): Database; close(): Promise<void> }> {
  const release = lockDataDir(dataDir);
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    const pglite = yieldingBeforeEachStatement(
      // The parsers are set once here, never per statement: PGlite merges a statement's parsers into
      // its own ~320 on every call (68 µs, more than a short read's whole round trip).
      await PGlite.create(path.join(dataDir, "pgdata"), {
        extensions: await pgliteExtensions(),
        parsers: RESULT_PARSERS,
      }),
    );
    const runner: SqlRunner = {
      exec: async (sql) => void (await pglite.exec(sql)),
      query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
    };
    const applied = await applyMigrations(runner, await readMigrations()).catch(async (error: unknown) => {
      await pglite.close(); // so a retry in this process doesn't meet a second PGlite on the folder
      throw error;
    });
    const query = (on: Pick<InstanceType<typeof PGlite>, "query">) => async (text: string, values: unknown[]) =>
      (await on.query(text, values)).rows;
    const prepared = preparedStatements(pglite);
    let appliedNow = applied;
    const client = (): Database => {
      // The adapter is built against an older @prisma/driver-adapter-utils: same protocol, other type identity.
      const adapter = new PrismaPGlite(pglite) as unknown as SqlDriverAdapterFactory;
      const prisma = timeTransactions(new PrismaClient({ adapter }));
      // PGlite's transaction holds its connection: other statements wait, then run after COMMIT or ROLLBACK.
      registerSqlDriver(prisma, {
        query: prepared,
        transaction: (work) => timedTransaction((timed) => pglite.transaction((tx) => timed(query(tx))), work),
      });
      const database: Database = { prisma, kind: "pglite", applied: appliedNow, close: () => prisma.$disconnect() };
      appliedNow = [];
      return database;
    };
    return {
      client,
      async close() {
        await pglite.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

type Statements = { query: (...args: never[]) => Promise<unknown>; exec: (...args: never[]) => Promise<unknown> };

/**
 * PGlite runs in this process's thread and answers a statement synchronously: a request that
 * awaits one statement after another never lets the event loop reach I/O, so every other request
 * of the instance waits for the whole of it (a test-clock advance held the loop 2.5 s). Each
 * statement first lets other work run, so requests interleave statement by statement as they do
 * on PostgreSQL. Statements inside a transaction too (the transaction still holds the database).
 */
function yieldingBeforeEachStatement<T extends Statements & { transaction: (cb: never) => Promise<unknown> }>(
  db: T,
): T {
  const wrap = <S extends Statements>(on: S): S => {
    const query = on.query.bind(on);
    const exec = on.exec.bind(on);
    return Object.assign(on, {
      query: async (...args: never[]) => (await otherWorkFirst(), query(...args)),
      exec: async (...args: never[]) => (await otherWorkFirst(), exec(...args)),
    });
  };
  const transaction = db.transaction.bind(db) as (cb: (tx: Statements) => Promise<unknown>) => Promise<unknown>;
  return Object.assign(wrap(db), {
    transaction: (cb: (tx: Statements) => Promise<unknown>) => transaction((tx) => cb(wrap(tx))),
  });
}

/**
 * connect: a new connection (or a wait for a free one) gives up after 3 s; query: a statement
 * with no answer after 60 s fails on the client (a bulk create of 10,000 gifts takes ~2 s);
 * keepAlive: a peer that vanished without closing the socket is noticed by TCP.
 */
export const POOL_TIMEOUTS = { connectionTimeoutMillis: 3_000, query_timeout: 60_000, keepAlive: true } as const;

/**
 * Prisma's query interpreter loads a query's relations side by side (Promise.all over a
 * "join" node's children). Inside an interactive transaction they all land on the
 * transaction's one connection, where node-postgres queues them and warns (an error in pg 9).
 * This chains a connection's promise-style queries, so each starts when the previous ended.
 */
function oneQueryAtATime(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let tail: Promise<unknown> = Promise.resolve();
  client.query = ((...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args.at(-1) === "function" || typeof first?.submit === "function") return query(...args);
    const run = tail.then(() => query(...args));
    tail = run.catch(() => undefined);
    return run;
  }) as PoolClient["query"];
}

async function openPostgres(connectionString: string): Promise<Database> {
  const { Client, Pool, types } = await import("pg");
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const client = new Client({ connectionString });
  await client.connect();
  let applied: string[];
  try {
    const runner: SqlRunner = {
      exec: async (sql) => void (await client.query(sql)),
      query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
    };
    applied = await applyMigrations(runner, await readMigrations());
  } finally {
    await client.end();
  }
  // One pool for Prisma and for the hot statements sent to the driver directly. Bounded waits:
  // while PostgreSQL is unreachable a request fails fast (a 503, lib/api/errors) instead of hanging.
  const pool = new Pool({ connectionString, max: config.databasePoolSize, ...POOL_TIMEOUTS });
  // An idle connection that the server closes (restart, failover) must not crash the process.
  pool.on("error", (error) => console.error("Database connection lost:", error.message));
  pool.on("connect", oneQueryAtATime);
  const prisma = timeTransactions(new PrismaClient({ adapter: new PrismaPg(pool) }));
  const parsers = { getTypeParser: (oid: number) => RESULT_PARSERS[oid] ?? types.getTypeParser(oid) };
  const query = (on: PgPool | PoolClient) => async (text: string, values: unknown[]) =>
    (await on.query({ name: statementName(text), text, values, types: parsers })).rows;
  registerSqlDriver(prisma, {
    query: query(pool),
    transaction: (work) => timedTransaction(inTransaction, work),
  });
  async function inTransaction<T>(work: (query: SqlQuery) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query("BEGIN");
      const result = await work(query(client));
      await client.query("COMMIT");
      return result;
    } catch (error) {
      // A connection that can't even roll back is discarded, not returned to the pool.
      await client.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      client.release(broken);
    }
  }
  const close = async () => {
    await prisma.$disconnect();
    await pool.end(); // ours to end: Prisma may never have connected
  };
  return { prisma, kind: "postgresql", url: connectionString, applied, close };
}
