import type { SqlQuery } from "./sql";
import { statementName, type StatementNamer } from "./sql";

type Queries = { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };

/**
 * A value as an SQL literal for EXECUTE's arguments, or undefined when it has none here (objects,
 * nested arrays, non-finite numbers, text with a NUL): such statements run unprepared. Strings
 * double their quotes (standard_conforming_strings is on: a backslash is an ordinary character);
 * a flat array is its array text ('{"a","b"}'), which EXECUTE casts to the parameter's array type.
 */
export function sqlLiteral(value: unknown): string | undefined {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "string") return value.includes("\0") ? undefined : `'${value.replaceAll("'", "''")}'`;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (Array.isArray(value)) {
    const elements = value.map(arrayElement);
    return elements.includes(undefined) ? undefined : sqlLiteral(`{${elements.join(",")}}`);
  }
  return undefined;
}

/** One element of an array's text form: NULL, or the value's text double-quoted. */
function arrayElement(value: unknown): string | undefined {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" && !Number.isFinite(value)) return undefined;
  if (!["string", "number", "bigint", "boolean"].includes(typeof value)) return undefined;
  return `"${String(value).replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

// What PREPARE takes: a read or a write (DDL, VACUUM, LOCK and the like run as they are).
const PREPARABLE = /^\s*(SELECT|WITH|INSERT|UPDATE|DELETE)\b/i;

/**
 * Statements outside transactions on PGlite, each text planned once per process: PGlite's `query`
 * parses and plans every statement anew (PostgreSQL's driver names its statements, lib/database/sql),
 * and planning the recipient's page's statement cost more CPU than running it (a statement of
 * sub-selects: 1.9 ms a read unprepared, 0.6 ms prepared; a gift's insert likewise). PGlite takes
 * no parameters with EXECUTE, so the values travel as literals; anything without one runs as before.
 * `db` answers with RESULT_PARSERS' values (lib/database/open gives PGlite them at creation).
 */
export function preparedStatements(db: Queries, nameOf: StatementNamer = statementName): SqlQuery {
  const plain = async (text: string, values: unknown[]) => (await db.query(text, values)).rows;
  const prepared = new Map<string, Promise<boolean>>();
  return async (text, values) => {
    const literals = values.map(sqlLiteral);
    const name = PREPARABLE.test(text) && !literals.includes(undefined) ? nameOf(text) : undefined;
    if (!name) return plain(text, values);
    let ready = prepared.get(name);
    if (!ready) {
      // A text PREPARE refuses (a parameter whose type it can't infer) keeps running unprepared.
      ready = db.query(`PREPARE "${name}" AS ${text}`).then(
        () => true,
        () => false,
      );
      prepared.set(name, ready);
    }
    if (!(await ready)) return plain(text, values);
    const args = literals.length > 0 ? `(${literals.join(", ")})` : "";
    return (await db.query(`EXECUTE "${name}"${args}`)).rows;
  };
}
