import { openDatabase } from "@/lib/database/open";
import type { PrismaClient } from "@/lib/db";
import { createDataDir, createPostgresDatabase, openTestDatabase, usingPostgres } from "./test-database";

/**
 * Two handles on one database, as two server processes would have: on PostgreSQL two
 * clients with their own connection pools; on PGlite (one process per data folder) one client.
 */
export async function openTwoHandles(): Promise<{ a: PrismaClient; b: PrismaClient; close(): Promise<void> }> {
  if (!usingPostgres()) {
    const db = await openTestDatabase();
    return { a: db.prisma, b: db.prisma, close: () => db.close() };
  }
  const pg = await createPostgresDatabase({ migrated: true });
  const first = await openDatabase({ databaseUrl: pg.url, dataDir: createDataDir() });
  const second = await openDatabase({ databaseUrl: pg.url, dataDir: createDataDir() });
  return {
    a: first.prisma,
    b: second.prisma,
    close: async () => (await first.close(), await second.close(), await pg.drop()),
  };
}
