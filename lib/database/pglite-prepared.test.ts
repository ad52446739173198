import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedStatements, sqlLiteral } from "./pglite-prepared";
import { RESULT_PARSERS, statementNamer } from "./sql";

// PGlite-only (the driver of the embedded database), so it runs on PGlite whichever database the suite uses.
let pglite: PGlite;
const statements: string[] = [];
beforeAll(async () => {
  pglite = await PGlite.create({ parsers: RESULT_PARSERS });
  await pglite.exec(`CREATE TABLE "Note" (id int PRIMARY KEY, body text, at timestamp);
    INSERT INTO "Note" VALUES (1, 'it''s \\ here', '2026-01-02 03:04:05.678'), (2, 'other', NULL);`);
});
afterAll(() => pglite?.close());

const recording = {
  query: (text: string, values?: unknown[]) => (statements.push(text), pglite.query(text, values)),
};

describe("PGlite reads planned once", () => {
  it("answers as the unprepared statement does, for every kind of value, and prepares the text once", async () => {
    const read = preparedStatements(recording, statementNamer());
    const text = `SELECT id, body, at, $2::boolean AS "flag", $3::int8 AS "big" FROM "Note" WHERE body = $1 OR id = $4`;
    const values = ["it's \\ here", true, 9007199254740993n, 2.0];
    const first = await read(text, values);
    const second = await read(text, values);
    expect(second).toEqual(first);
    expect(first).toEqual([
      { id: 1, body: "it's \\ here", at: new Date("2026-01-02T03:04:05.678Z"), flag: true, big: 9007199254740993n },
      { id: 2, body: "other", at: null, flag: true, big: 9007199254740993n },
    ]);
    expect(statements.filter((s) => s.startsWith("PREPARE")).length).toBe(1);
  });

  it("keeps a quote in a value a value: text that looks like SQL is compared, never run", async () => {
    const read = preparedStatements(recording, statementNamer());
    const text = `SELECT count(*)::int AS "n" FROM "Note" WHERE body = $1`;
    expect(await read(text, ['x\'); DROP TABLE "Note"; --'])).toEqual([{ n: 0 }]);
    expect(await read(text, ["other"])).toEqual([{ n: 1 }]);
    expect((await pglite.query(`SELECT count(*)::int AS "n" FROM "Note"`)).rows).toEqual([{ n: 2 }]);
  });

  it("takes flat arrays and writes prepared, whatever their elements hold", async () => {
    const read = preparedStatements(recording, statementNamer());
    statements.length = 0;
    expect(await read(`SELECT id FROM "Note" WHERE id = ANY($1::int[]) ORDER BY id`, [[1, 2]])).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
    const odd = ['a "quoted", {braced}', "back\\slash", "it's", "NULL", ""];
    expect(await read(`SELECT $1::text[] AS "a", $2::text[] AS "empty"`, [[...odd, null], []])).toEqual([
      { a: [...odd, null], empty: [] },
    ]);
    expect(await read(`UPDATE "Note" SET body = body WHERE id = $1 RETURNING id`, [1])).toEqual([{ id: 1 }]);
    expect(statements.filter((s) => s.startsWith("EXECUTE")).length).toBe(3);
  });

  it("runs unprepared what has no literal (nested arrays, objects) and what PREPARE can't take", async () => {
    const read = preparedStatements(recording, statementNamer());
    statements.length = 0;
    expect(await read(`SELECT $1::int[] AS "a"`, [[[1], [2]]])).toEqual([{ a: [[1], [2]] }]);
    expect(await read(`SELECT $1::jsonb AS "j"`, [{ b: 1 }])).toEqual([{ j: { b: 1 } }]);
    expect(await read(`VACUUM "Note"`, [])).toEqual([]);
    expect(statements.filter((s) => /^(PREPARE|EXECUTE)/.test(s))).toEqual([]);
  });

  it("writes SQL literals for what EXECUTE can take, none for the rest", () => {
    expect([null, undefined, "a'b", 1.5, -2, 10n, false].map(sqlLiteral)).toEqual([
      "NULL",
      "NULL",
      "'a''b'",
      "1.5",
      "-2",
      "10",
      "FALSE",
    ]);
    expect([[1, null, "x'\"y"], []].map(sqlLiteral)).toEqual([`'{"1",NULL,"x''\\"y"}'`, "'{}'"]);
    expect([[[1]], [{ a: 1 }], { a: 1 }, Number.NaN, Infinity, "a\0b", ["a\0b"]].map(sqlLiteral)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
