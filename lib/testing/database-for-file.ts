import { afterAll, beforeAll } from "vitest";
import type { Database } from "@/lib/database/open";
import type { PrismaClient } from "@/lib/db";
import { createAccount } from "./fixtures";
import { openTestDatabase } from "./test-database";

export type GiftOwner = { teamId: string; senderId: string };

/**
 * For one test file (or describe block): a fresh database and one account, whose team and
 * user own the gifts the tests insert (`insertGift(t.db, t.owner)`). Closed after the last test.
 */
export function databaseWithOwner() {
  const ctx = {} as { database: Database; db: PrismaClient; owner: GiftOwner };
  beforeAll(async () => {
    ctx.database = await openTestDatabase();
    ctx.db = ctx.database.prisma;
    const { user, team } = await createAccount(ctx.db);
    ctx.owner = { teamId: team.id, senderId: user.id };
  });
  afterAll(() => ctx.database?.close());
  return ctx;
}
