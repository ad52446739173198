import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database/open";
import { Prisma } from "@/lib/generated/prisma/client";
import { openTestDatabase } from "@/lib/testing/test-database";
import { queryRows, statementName } from "./direct-query";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

// Every kind of value our raw statements return, including dates that a local-time parser gets wrong.
const typed = (tag: string) => Prisma.sql`
  SELECT ${tag}::text AS "tag",
         timestamp '2026-03-29 01:30:00.123' AS "ts", NULL::timestamp AS "noTs",
         date '2026-12-31' AS "day", 42::int AS "int", 9007199254740993::int8 AS "big",
         true AS "yes", json_build_object('a', 1, 'at', timestamp '2026-01-01') AS "json",
         ${new Date("2026-05-01T12:00:00.000Z")}::timestamp AS "param"`;

describe("queryRows", () => {
  it("returns what Prisma's $queryRaw returns, straight from the driver, whatever the process's time zone", async () => {
    const zone = process.env.TZ;
    process.env.TZ = "Pacific/Auckland"; // a local-time parser would be 13 hours off
    const viaDriver = await queryRows(database.prisma, typed("x")).finally(() => (zone === undefined ? delete process.env.TZ : (process.env.TZ = zone)));
    const viaPrisma = await database.prisma.$queryRaw(typed("x"));
    expect(viaDriver).toEqual(viaPrisma);
    expect(viaDriver).toEqual([
      {
        tag: "x",
        ts: new Date("2026-03-29T01:30:00.123Z"),
        noTs: null,
        day: new Date("2026-12-31T00:00:00.000Z"),
        int: 42,
        big: 9007199254740993n,
        yes: true,
        json: { a: 1, at: "2026-01-01T00:00:00" },
        param: new Date("2026-05-01T12:00:00.000Z"),
      },
    ]);
  });

  it("runs inside the transaction it is given (sees its uncommitted rows, rolls back with it)", async () => {
    const email = `tx-${Date.now()}@example.test`;
    const seen = await database.prisma
      .$transaction(async (tx) => {
        await tx.user.create({ data: { email } });
        const rows = await queryRows<{ n: number }>(tx, Prisma.sql`SELECT count(*)::int AS "n" FROM "User" WHERE "email" = ${email}`);
        throw Object.assign(new Error("roll back"), { rows });
      })
      .catch((error: { rows?: { n: number }[] }) => error.rows);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await queryRows(database.prisma, Prisma.sql`SELECT 1 FROM "User" WHERE "email" = ${email}`)).toEqual([]);
  });

  it("a statement that fails rejects with the database's error and leaves the driver usable", async () => {
    await expect(queryRows(database.prisma, Prisma.sql`SELECT 1 / ${0}::int`)).rejects.toThrow(/division by zero/);
    expect(await queryRows(database.prisma, Prisma.sql`SELECT ${"ok"}::text AS "v"`)).toEqual([{ v: "ok" }]);
  });

  it("the same statement text runs again and again under its prepared name", async () => {
    for (let i = 0; i < 5; i++) {
      expect(await queryRows(database.prisma, Prisma.sql`SELECT ${i}::int AS "i"`)).toEqual([{ i }]);
    }
  });
});

describe("statementName", () => {
  it("names a text the same way each time, and stops naming new texts past the cap", () => {
    const first = statementName("SELECT 'name me'");
    expect(first).toBeDefined();
    expect(statementName("SELECT 'name me'")).toBe(first);
    const names = Array.from({ length: 250 }, (_, i) => statementName(`SELECT ${i} -- cap test`));
    expect(names.filter((n) => n === undefined).length).toBeGreaterThan(0);
    expect(new Set(names.filter(Boolean)).size).toBeLessThanOrEqual(200);
    // A text named before the cap keeps its name.
    expect(statementName("SELECT 'name me'")).toBe(first);
  });
});
