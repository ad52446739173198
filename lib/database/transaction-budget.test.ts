import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@/lib/database/open";
import { Prisma } from "@/lib/generated/prisma/client";
import { openTestDatabase } from "@/lib/testing/test-database";
import { queryRows, sqlTransaction } from "./sql";
import { allowLongTransaction, onLongTransaction, type LongTransaction } from "./transaction-budget";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  vi.stubEnv("RIBBON_TRANSACTION_BUDGET_MS", "400"); // read on every transaction (lib/config.ts)
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await database?.close();
});

const budget = () => 400;
const sleep = (ms: number) => Prisma.sql`SELECT pg_sleep(${ms / 1000})::text AS "slept"`;

/** The transactions over budget that `work` opened. */
async function longOnes(work: () => Promise<unknown>): Promise<LongTransaction[]> {
  const seen: LongTransaction[] = [];
  const stop = onLongTransaction((t) => seen.push(t));
  try {
    await work();
  } finally {
    stop();
  }
  return seen;
}

describe("every transaction is timed where it is opened", () => {
  it("a Prisma interactive transaction over the budget is reported with the line that opened it", async () => {
    const ms = budget() + 100;
    const seen = await allowLongTransaction("this test", () =>
      longOnes(() => database.prisma.$transaction(async (tx) => queryRows(tx, sleep(ms)))),
    );
    expect(seen).toHaveLength(1);
    expect(seen[0].ms).toBeGreaterThanOrEqual(ms);
    expect(seen[0].caller).toMatch(/^lib\/database\/transaction-budget\.test\.ts:\d+$/);
    expect(seen[0].allowed).toBe("this test");
  });

  it("the driver's transaction (sqlTransaction) and Prisma's batch form are timed too", async () => {
    const ms = budget() + 100;
    const seen = await allowLongTransaction("this test", () =>
      longOnes(async () => {
        await sqlTransaction(database.prisma, (tx) => queryRows(tx, sleep(ms)));
        await database.prisma.$transaction([database.prisma.$queryRaw(sleep(ms))]);
      }),
    );
    expect(seen.map((t) => t.caller)).toEqual([
      expect.stringMatching(/^lib\/database\/transaction-budget\.test\.ts:\d+$/),
      expect.stringMatching(/^lib\/database\/transaction-budget\.test\.ts:\d+$/),
    ]);
  });

  it("a short transaction is not reported, and its result and errors pass through unchanged", async () => {
    const seen = await longOnes(async () => {
      expect(await database.prisma.$transaction(async (tx) => queryRows(tx, Prisma.sql`SELECT 1 AS one`))).toEqual([
        { one: 1 },
      ]);
      await expect(
        sqlTransaction(database.prisma, async () => {
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
    });
    expect(seen).toEqual([]);
  });

  it("waiting for the connection is not holding it: only the time from the first statement counts", async () => {
    const ms = Math.round(budget() * 0.6);
    // Two transactions at once: on PGlite the second waits for the first (one connection); neither holds it over budget.
    const seen = await longOnes(() =>
      Promise.all([
        sqlTransaction(database.prisma, (tx) => queryRows(tx, sleep(ms))),
        sqlTransaction(database.prisma, (tx) => queryRows(tx, sleep(ms))),
      ]),
    );
    expect(seen).toEqual([]);
  });
});
