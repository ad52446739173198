import { createHash } from "node:crypto";
import type { PrismaClient, Tx } from "./tx";
import { Prisma } from "@/lib/generated/prisma/client";

/** Sends one statement (`$1`… placeholders) to the database and resolves to its rows. */
export type SqlQuery = (text: string, values: unknown[]) => Promise<unknown[]>;

/** The database driver behind a Prisma client: statements, and transactions on one connection. */
export type SqlDriver = {
  query: SqlQuery;
  /** Runs `work` between BEGIN and COMMIT on one connection; ROLLBACK when it throws. */
  transaction<T>(work: (query: SqlQuery) => Promise<T>): Promise<T>;
};

/** A transaction opened by `sqlTransaction` on the driver itself. */
export type SqlTx = { readonly sqlTx: SqlQuery };
/** What `queryRows` runs on: a Prisma client or transaction, or a driver transaction. */
export type Queryable = Tx | SqlTx;

// Shared by every route bundle in the process (each bundle has its own copy of this module).
const holder = globalThis as unknown as {
  __ribbonSql?: { drivers: WeakMap<object, SqlDriver> };
  __ribbonStatementNames?: StatementNamer;
};
const { drivers } = (holder.__ribbonSql ??= { drivers: new WeakMap() });

/** Lets `queryRows` reach the driver behind this Prisma client (lib/database/open does it). */
export function registerSqlDriver(prisma: object, driver: SqlDriver): void {
  drivers.set(prisma, driver);
}

/**
 * PostgreSQL values as `$queryRaw` returns them: `timestamp` and `date` (UTC by our convention)
 * as Dates, `int8` as BigInt, json parsed. Shared by both drivers so they answer alike.
 */
export const RESULT_PARSERS: Record<number, (text: string) => unknown> = {
  1114: (text) => new Date(`${text.replace(" ", "T")}Z`), // timestamp
  1082: (text) => new Date(`${text}T00:00:00Z`), // date
  20: (text) => BigInt(text), // int8
};

/**
 * A name under which PostgreSQL keeps the statement parsed and planned on each connection
 * (planning cost about as much as running our short statements). Our hot statements come
 * in a few dozen texts; past MAX_PREPARED distinct texts a statement runs unnamed, so a
 * caller with ever-new texts can't grow every connection's memory.
 */
const MAX_PREPARED = 200;
export type StatementNamer = (text: string) => string | undefined;

/** Names up to `max` distinct texts; the process shares one (`statementName`). */
export function statementNamer(max = MAX_PREPARED): StatementNamer {
  const named = new Set<string>();
  return (text) => {
    const name = createHash("sha1").update(text).digest("base64");
    if (named.has(name)) return name;
    if (named.size >= max) return undefined;
    named.add(name);
    return name;
  };
}

/** The process's statement names, shared by every route bundle and both drivers. */
export const statementName: StatementNamer = (holder.__ribbonStatementNames ??= statementNamer());

// Dates travel as ISO text: `timestamp` columns hold UTC, whatever the process's time zone.
const param = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * The rows of one raw statement, sent straight to the driver behind `db` when it is a
 * client from lib/database/open or a transaction from `sqlTransaction`, else (a Prisma
 * transaction, a test's own client) through Prisma. Prisma's raw path costs more CPU per
 * statement than the statement costs PostgreSQL (its tracing, argument and result
 * conversion), so the per-request statements use this.
 */
export function queryRows<T>(db: Queryable, sql: Prisma.Sql): Promise<T[]> {
  const values = sql.values.map(param);
  if ("sqlTx" in db) return db.sqlTx(sql.text, values) as Promise<T[]>;
  const driver = drivers.get(db);
  return driver ? (driver.query(sql.text, values) as Promise<T[]>) : db.$queryRaw<T[]>(sql);
}

/**
 * Runs `work`, whose statements go through `queryRows`, in one transaction on the driver
 * directly: a Prisma interactive transaction passes every statement's parameters through its
 * query engine (~30–40 ms per MB: a bulk create's gifts are ~2.5 MB). A client without a
 * driver (a test's own) gets a Prisma transaction.
 */
export function sqlTransaction<T>(db: PrismaClient, work: (tx: Queryable) => Promise<T>): Promise<T> {
  const driver = drivers.get(db);
  if (!driver) return db.$transaction((tx) => work(tx), { timeout: 120_000, maxWait: 30_000 });
  return driver.transaction((query) => work({ sqlTx: query }));
}

/**
 * A statement's rows as one JSON array, for a scalar sub-select: several small reads of a page go
 * to the database as one statement (each its own sub-select), and each comes back parsed. Numbers,
 * text and booleans come back as they are; a timestamp comes back as text (no zone: UTC).
 */
export const jsonArraySql = (rows: Prisma.Sql): Prisma.Sql =>
  Prisma.sql`(SELECT coalesce(json_agg("row"), '[]') FROM (${rows}) "row")`;
