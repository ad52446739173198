import { afterAll, beforeAll } from "vitest";
import { setDatabase, type PrismaClient } from "@/lib/db";
import type { Database } from "@/lib/database/open";
import { randomSecret } from "@/lib/crypto";
import { createDeveloperTokens } from "@/lib/tokens";
import { openTestDatabase } from "./test-database";

/**
 * A fresh database for the test file, made the process database too (rate limits and route
 * handlers open it through getDb/getDatabase). Closed after the last test.
 */
export function processDatabaseForFile() {
  const ctx = {} as { database: Database; db: PrismaClient };
  beforeAll(async () => {
    ctx.database = await openTestDatabase();
    setDatabase(ctx.database);
    ctx.db = ctx.database.prisma;
  });
  afterAll(async () => {
    setDatabase(undefined);
    await ctx.database?.close();
  });
  return ctx;
}

/** A signed-up person with no team, and both developer tokens. */
export async function createPerson(db: PrismaClient, email = `person-${randomSecret(6).toLowerCase()}@example.test`) {
  const user = await db.user.create({ data: { email, name: null } });
  return { user, tokens: await createDeveloperTokens(db, user.id) };
}
