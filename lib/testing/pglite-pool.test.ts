import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/database/open";
import type { PrismaClient } from "@/lib/db";
import { catalogue, createAccount, insertGift } from "./fixtures";
import { pglitePool } from "./pglite-pool";
import { createDataDir, PGLITE_TEMPLATE_ENV } from "./test-database";

// A database handed from file to file must be what a fresh copy of the template is.
let templateDir: string;
let poolDir: string;
let pool: ReturnType<typeof pglitePool>;
const ownTemplate = !process.env[PGLITE_TEMPLATE_ENV]; // npm run test:pg makes none

beforeAll(async () => {
  templateDir = process.env[PGLITE_TEMPLATE_ENV] ?? createDataDir();
  if (ownTemplate) await (await openDatabase({ dataDir: templateDir })).close();
  poolDir = createDataDir();
  pool = pglitePool(templateDir, poolDir); // its own, not the worker's: its folder goes with this file
});
afterAll(() => {
  if (ownTemplate) rmSync(templateDir, { recursive: true, force: true });
  rmSync(poolDir, { recursive: true, force: true });
});

/** Every table's rows (as JSON, in a stable order) and every sequence's next value. */
async function contents(db: PrismaClient) {
  const tables = await db.$queryRawUnsafe<{ tablename: string }[]>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1`,
  );
  const rows: Record<string, string[]> = {};
  for (const { tablename } of tables) {
    const found = await db.$queryRawUnsafe<{ row: string }[]>(
      `SELECT to_jsonb(t)::text AS "row" FROM "${tablename}" t`,
    );
    rows[tablename] = found.map((r) => r.row).sort();
  }
  const sequences = await db.$queryRawUnsafe<{ name: string; value: string | null }[]>(
    `SELECT sequencename AS "name", last_value::text AS "value" FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
  );
  return { rows, sequences };
}

describe("the worker's PGlite pool (lib/testing/pglite-pool.ts)", () => {
  let fresh: Awaited<ReturnType<typeof contents>>;
  let first: Database;

  it("a fresh copy holds the migrations' own rows (the exchange-rate snapshot)", async () => {
    first = await pool.open();
    fresh = await contents(first.prisma);
    expect(fresh.rows.ExchangeRate.length).toBeGreaterThan(30);
  });

  it("a closed database comes back to the next file as the template: rows, seeded rows, sequences, settings", async () => {
    const db = first.prisma;
    await catalogue(db);
    const account = await createAccount(db);
    await insertGift(db, { teamId: account.team.id, senderId: account.user.id });
    await db.$executeRawUnsafe(`DELETE FROM "ExchangeRate" WHERE "currency" = 'USD'`);
    await db.$executeRawUnsafe(`UPDATE "ExchangeRate" SET "rate" = '2' WHERE "currency" = 'JPY'`);
    await db.$executeRawUnsafe(`SET TIME ZONE 'Asia/Tokyo'`);
    await db.$executeRawUnsafe(`CREATE TEMP TABLE "scratch" (x int)`);
    expect(await contents(db)).not.toEqual(fresh);
    await first.close();
    await first.close(); // a second close hands nothing back twice

    const next = await pool.open();
    expect(pool.started(), "the same PGlite, not a new start").toBe(1);
    expect(next.prisma === db, "a new client: nothing cached per client outlives its file").toBe(false);
    const other = await pool.open();
    expect(pool.started()).toBe(2);
    expect(await contents(next.prisma)).toEqual(fresh);
    const [{ zone }] = await next.prisma.$queryRawUnsafe<{ zone: string }[]>(
      `SELECT current_setting('TimeZone') AS "zone"`,
    );
    expect(zone).not.toBe("Asia/Tokyo");
    await next.prisma.$executeRawUnsafe(`CREATE TEMP TABLE "scratch" (x int)`); // the old one is gone
    // The first collection made on it gets the id a fresh database gives.
    await catalogue(next.prisma);
    const [row] = await next.prisma.$queryRawUnsafe<{ id: number }[]>(
      `SELECT min("id")::int AS "id" FROM "Collection"`,
    );
    expect(row.id).toBe(1);
    await next.close();
    await other.close();
  });

  it("one whose schema a test changed is thrown away, not handed on", async () => {
    const changed = await pool.open();
    const kept = await pool.open();
    await changed.prisma.$executeRawUnsafe(`ALTER TABLE "Gift" ADD COLUMN "leftover" int`);
    await changed.close();
    await kept.close();
    const before = pool.started();
    const a = await pool.open();
    expect(pool.started(), "the unchanged one is handed on").toBe(before);
    const b = await pool.open();
    expect(pool.started(), "the changed one is not: a new one starts").toBe(before + 1);
    for (const d of [a, b]) expect(await contents(d.prisma)).toEqual(fresh);
    await a.close();
    await b.close();
  });
});
