// Prints the SQL statements one GET /teams, one sandbox create, one live create without and one with an
// Idempotency-Key and one list page send to PostgreSQL (through the real route handlers, in process).
// `npx tsx --import ./scripts/bench/server-only-off.mjs scripts/bench/statements.ts` (uses a throwaway
// perf_statements_* database).
import pg from "pg";
import { setDatabase } from "@/lib/db";
import { openDatabase } from "@/lib/database/open";
import { apiAs } from "@/lib/testing/api-client";
import { catalogue, createAccount } from "@/lib/testing/fixtures";

process.env.AUTH_SECRET ??= "bench-secret";
process.env.RIBBON_SWEEPER = "off";
const admin = process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const name = `perf_statements_${process.pid}`;
const adminSql = async (sql: string) => {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};

let log: string[] | null = null;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string })?.text;
  if (log && text) log.push(text.replace(/\s+/g, " ").slice(0, 160));
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

async function record(label: string, run: () => Promise<unknown>) {
  await run(); // warm (first-use caches, the once-a-minute lastUsedAt write)
  log = [];
  await run();
  console.log(`\n## ${label}: ${log.length} statements`);
  for (const s of log) console.log(`- ${s}`);
  log = null;
}

await adminSql(`CREATE DATABASE ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "/tmp" });
setDatabase(database);
try {
  await catalogue(database.prisma);
  const { tokens, team } = await createAccount(database.prisma);
  const gift = {
    gift: {
      name: "Robin",
      email: "robin@example.com",
      collection: "Coffee Lovers",
      message: "Thank you!",
      from: "Alex",
    },
  };
  let n = 0;
  await record("GET /teams", () => apiAs(tokens.live).get("/teams"));
  await record("POST /teams/sandbox/gifts", () => apiAs(tokens.sandbox).post("/teams/sandbox/gifts", gift));
  await record("POST /gifts (live, charged, no key: the create bench's)", () =>
    apiAs(tokens.live).post("/gifts", gift),
  );
  await record("POST /teams/:team/gifts (live, Idempotency-Key)", () =>
    apiAs(tokens.live).post(`/teams/${team.id}/gifts`, gift, { headers: { "Idempotency-Key": `k${++n}` } }),
  );
  await record("GET /teams/:team/gifts", () => apiAs(tokens.live).get(`/teams/${team.id}/gifts`));
} finally {
  setDatabase(undefined);
  await database.close();
  await adminSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
