import { queryRows } from "@/lib/database/sql";
import type { PrismaClient } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { usingPostgres } from "./test-database";
import { waitFor } from "./wait-for";

/**
 * On PostgreSQL, waits until a statement whose text is ILIKE `query` is waiting on a lock in
 * this database: a test that holds a row in a transaction moves on once the racing statement
 * is queued behind it. On PGlite (one statement at a time) there is nothing to wait for: the
 * racing statement runs after the transaction.
 */
export async function lockWaiter(db: PrismaClient, query: string, what: string): Promise<void> {
  if (!usingPostgres()) return;
  await waitFor(
    async () => {
      const [waiting] = await queryRows<{ n: number }>(
        db,
        Prisma.sql`SELECT count(*)::int AS "n" FROM pg_stat_activity
                   WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE ${query}`,
      );
      return waiting.n > 0;
    },
    { what },
  );
}
