import { createHash } from "node:crypto";
import type { Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

/** Sends one statement (`$1`… placeholders) to the database driver and resolves to its rows. */
export type SqlDriver = (text: string, values: unknown[]) => Promise<unknown[]>;

// Shared by every route bundle in the process (each bundle has its own copy of this module).
const holder = globalThis as unknown as { __ribbonSql?: { drivers: WeakMap<object, SqlDriver>; prepared: Set<string> } };
const { drivers, prepared } = (holder.__ribbonSql ??= { drivers: new WeakMap(), prepared: new Set() });

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
export function statementName(text: string): string | undefined {
  const name = createHash("sha1").update(text).digest("base64");
  if (prepared.has(name)) return name;
  if (prepared.size >= MAX_PREPARED) return undefined;
  prepared.add(name);
  return name;
}

// Dates travel as ISO text: `timestamp` columns hold UTC, whatever the process's time zone.
const param = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * The rows of one raw statement, sent straight to the driver behind `db` when it is a
 * client from lib/database/open, else (a transaction, a test's own client) through Prisma.
 * Prisma's raw path costs more CPU per statement than the statement costs PostgreSQL (its
 * tracing, argument and result conversion), so the per-request statements use this.
 */
export function queryRows<T>(db: Tx, sql: Prisma.Sql): Promise<T[]> {
  const driver = drivers.get(db);
  if (!driver) return db.$queryRaw<T[]>(sql);
  return driver(sql.text, sql.values.map(param)) as Promise<T[]>;
}
