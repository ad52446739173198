// What each row of the CSV confirm's insert costs the database: the same `insertGifts` statement
// `createBatch` sends (every gift with its own message, emailed, in a batch), at --rows gifts in
// ONE statement, under EXPLAIN ANALYZE in a rolled-back transaction on a fresh database. Prints the
// statement's execution time, each trigger's time and calls (foreign-key checks, the stage-count
// trigger), and with --indexes each index's share: the same insert with that index dropped inside
// the transaction (DDL rolls back), best of --repeat.
// `npx tsx --import ./scripts/bench/server-only-off.mjs scripts/bench/csv-insert-explain.ts [--db=postgres] [--rows=10000] [--indexes] [--repeat=2]`
// (PostgreSQL: DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres; a throwaway perf_explain_* database.)
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "@/lib/database/open";
import { sqlTransaction, type Queryable, type SqlQuery } from "@/lib/database/sql";
import { insertGifts, type OwnGiftValues } from "@/lib/gifts/insert-gifts";
import { newBatchId, newGiftId } from "@/lib/gifts/ids";
import { untieTokenHash } from "@/lib/untie";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { benchArgs } from "./args";

process.env.AUTH_SECRET ??= "bench-secret";
process.env.RIBBON_SWEEPER = "off";
const args = benchArgs();
const ROWS = Number(args.rows ?? 10_000);
const REPEAT = Number(args.repeat ?? 2);
const postgres = args.db === "postgres";
const admin = process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const name = `perf_explain_${process.pid}`;
const adminSql = async (sql: string) => {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};

const dataDir = mkdtempSync(path.join(tmpdir(), "ribbon-explain-"));
let databaseUrl: string | undefined;
if (postgres) {
  await adminSql(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
const database = await openDatabase({ databaseUrl, dataDir });
const rollback = new Error("rollback");

/** Runs `work` in a transaction that is always rolled back. */
async function rolledBack(work: (query: SqlQuery) => Promise<void>) {
  await sqlTransaction(database.prisma, async (tx) => {
    await work((tx as { sqlTx: SqlQuery }).sqlTx);
    throw rollback;
  }).catch((e) => {
    if (e !== rollback) throw e;
  });
}

try {
  const { collection, logo } = await catalogue(database.prisma);
  const { user, team } = await createAccount(database.prisma, { teamName: "Explain" });
  const now = new Date();
  const gifts: OwnGiftValues[] = Array.from({ length: ROWS }, (_, i) => {
    const id = newGiftId();
    return {
      id,
      recipientName: `Recipient ${i}`,
      deliveryMethod: "email",
      email: `r${i}@example.com`,
      untieTokenHash: untieTokenHash(id),
      message: `Thank you for everything, number ${i}!`,
    } as OwnGiftValues;
  });
  // The statement insertGifts sends, captured (not run) through a stand-in transaction.
  let statement: { text: string; values: unknown[] } | undefined;
  const capture: Queryable = {
    sqlTx: async (text, values) => {
      statement = { text, values };
      throw rollback;
    },
  };
  await insertGifts(capture, {
    shared: {
      teamId: team.id,
      senderId: user.id,
      livemode: false,
      message: "Thank you!",
      subject: "A gift",
      from: "",
      stage: "scheduled",
      at: now,
      chargeId: null,
      batch: { id: newBatchId(), name: "Explain", size: ROWS },
    },
    gifts,
    refs: { collection: String(collection.id), logoId: logo.id },
    recordMessage: false,
  }).catch((e) => {
    if (e !== rollback) throw e;
  });
  const { text, values } = statement!;

  const explain = async (query: SqlQuery) => {
    const rows = (await query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values)) as { "QUERY PLAN": unknown }[];
    const raw = rows[0]["QUERY PLAN"];
    const [plan] = (typeof raw === "string" ? JSON.parse(raw) : raw) as {
      "Execution Time": number;
      Triggers?: {
        "Trigger Name": string;
        "Constraint Name"?: string;
        Relation: string;
        Time: number;
        Calls: number;
      }[];
    }[];
    return plan;
  };
  const best = async (prepare?: (query: SqlQuery) => Promise<void>) => {
    let min = Infinity;
    for (let i = 0; i < REPEAT; i++)
      await rolledBack(async (query) => {
        if (prepare) await prepare(query);
        min = Math.min(min, (await explain(query))["Execution Time"]);
      });
    return min;
  };

  console.log(
    `# ${postgres ? "PostgreSQL" : "PGlite"}: insertGifts of ${ROWS.toLocaleString("en")} gifts in one statement (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")})`,
  );
  await rolledBack(async (query) => {
    const plan = await explain(query);
    console.log(`execution ${plan["Execution Time"].toFixed(0)} ms`);
    for (const t of plan.Triggers ?? [])
      console.log(
        `- ${t["Constraint Name"] ?? t["Trigger Name"]} on ${t.Relation}: ${t.Time.toFixed(0)} ms, ${t.Calls} calls`,
      );
  });
  const all = await best();
  console.log(`best of ${REPEAT}: ${all.toFixed(0)} ms`);
  if (args.indexes !== undefined) {
    let indexes: { table: string; index: string; unique: boolean }[] = [];
    await rolledBack(async (query) => {
      indexes = (await query(
        `SELECT c.relname AS "table", i.relname AS "index", x.indisunique AS "unique"
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
         WHERE c.relname IN ('Gift', 'GiftEvent') AND NOT x.indisprimary ORDER BY 1, 2`,
        [],
      )) as typeof indexes;
    });
    console.log(`${indexes.length} secondary indexes on Gift and GiftEvent`);
    for (const ix of indexes.filter((i) => !i.unique)) {
      const without = await best((query) => query(`DROP INDEX "${ix.index}"`, []).then(() => undefined));
      console.log(`- without ${ix.table}.${ix.index}: ${without.toFixed(0)} ms (${(all - without).toFixed(0)} ms)`);
    }
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (postgres) await adminSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
