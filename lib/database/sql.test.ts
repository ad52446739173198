import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database/open";
import { Prisma } from "@/lib/generated/prisma/client";
import { openTestDatabase } from "@/lib/testing/test-database";
import { queryRows, sqlTransaction, statementName, statementNamer } from "./sql";

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
    const viaDriver = await queryRows(database.prisma, typed("x")).finally(() =>
      zone === undefined ? delete process.env.TZ : (process.env.TZ = zone),
    );
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
        const rows = await queryRows<{ n: number }>(
          tx,
          Prisma.sql`SELECT count(*)::int AS "n" FROM "User" WHERE "email" = ${email}`,
        );
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

describe("sqlTransaction", () => {
  // Any table with a unique key serves; this one needs no other columns.
  const insertKey = (key: string) => Prisma.sql`INSERT INTO "RateLimit" ("key", "points") VALUES (${key}, 1)`;
  const exists = async (key: string) =>
    (await queryRows(database.prisma, Prisma.sql`SELECT 1 FROM "RateLimit" WHERE "key" = ${key}`)).length === 1;

  it("commits what its work wrote, on the driver itself", async () => {
    const key = `commit-${Date.now()}`;
    const result = await sqlTransaction(database.prisma, async (tx) => {
      expect(tx).toHaveProperty("sqlTx"); // not a Prisma transaction
      await queryRows(tx, insertKey(key));
      return "done";
    });
    expect(result).toBe("done");
    expect(await exists(key)).toBe(true);
  });

  it("rolls everything back when the work throws, also after a statement failed, and the driver stays usable", async () => {
    const first = `rollback-a-${Date.now()}`;
    const second = `rollback-b-${Date.now()}`;
    await expect(
      sqlTransaction(database.prisma, async (tx) => {
        await queryRows(tx, insertKey(first));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await expect(
      sqlTransaction(database.prisma, async (tx) => {
        await queryRows(tx, insertKey(second));
        await queryRows(tx, insertKey(second)); // unique violation
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect(await exists(first)).toBe(false);
    expect(await exists(second)).toBe(false);
    // Every connection of the pool is still good.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        sqlTransaction(database.prisma, (tx) => queryRows(tx, Prisma.sql`SELECT ${i}::int AS "i"`)),
      ),
    );
  });

  it("two concurrent transactions claiming one unique key: one commits, the other fails with 23505", async () => {
    const key = `race-${Date.now()}`;
    const outcomes = await Promise.allSettled(
      [0, 1].map(() => sqlTransaction(database.prisma, (tx) => queryRows(tx, insertKey(key)))),
    );
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(outcomes.find((o) => o.status === "rejected")).toMatchObject({ reason: { code: "23505" } });
    expect(await exists(key)).toBe(true);
  });
});

describe("statementNamer", () => {
  it("names a text the same way each time, and stops naming new texts past its cap", () => {
    const nameOf = statementNamer(200);
    const first = nameOf("SELECT 'name me'");
    expect(first).toBeDefined();
    expect(nameOf("SELECT 'name me'")).toBe(first);
    const names = Array.from({ length: 250 }, (_, i) => nameOf(`SELECT ${i} -- cap test`));
    expect(names.filter((n) => n === undefined).length).toBe(51);
    expect(new Set(names.filter(Boolean)).size).toBe(199);
    // A text named before the cap keeps its name.
    expect(nameOf("SELECT 'name me'")).toBe(first);
  });

  it("is one namer for the whole process: the two drivers and every route bundle name a text alike", () => {
    expect(statementName("SELECT 'shared'")).toBe(statementName("SELECT 'shared'"));
    expect(statementName).toBe((globalThis as { __ribbonStatementNames?: unknown }).__ribbonStatementNames);
  });
});
