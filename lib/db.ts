import { config } from "./config";
import { openDatabase, type Database } from "./database/open";
import type { PrismaClient, Tx } from "./database/tx";

export type { PrismaClient, Tx };

// One database per process, shared by every route bundle and instrumentation.
const holder = globalThis as unknown as { __ribbonDb?: Promise<Database> };

/** The process's database, opened (and migrated) on first use from the environment. */
export function getDatabase(): Promise<Database> {
  holder.__ribbonDb ??= openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
    (error: unknown) => {
      holder.__ribbonDb = undefined;
      throw error;
    },
  );
  return holder.__ribbonDb;
}

export async function getDb(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}

/** Lets tests and scripts point the process at a database they opened themselves. */
export function setDatabase(database: Database | undefined): void {
  holder.__ribbonDb = database ? Promise.resolve(database) : undefined;
}
