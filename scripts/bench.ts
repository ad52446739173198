// `npm run bench -- stall`: one request never stalls the others (scripts/bench/stall.ts).
// `npm run bench -- pages [--check]`: each page's throughput as a share of the API's (scripts/bench/pages.ts).
// `npm run bench -- csv-browser`: a 10,000-row CSV upload's confirm in Chromium, click to the batch page (scripts/bench/csv-browser.ts).
// `npm run bench [-- --db=postgres] [--only=create,list,bulk,quote,delivery,dashboard,dashboard-http,csv] [--create-connections=8] [--gifts=N] [--duration=S] [--page-duration=S] [--export-runs=N] [--port=3237] [--keep] [--database-url=URL] [--cpu-prof=DIR]`
//
// Starts the production server (`next build` when the build is older than the code, then
// `npm start`'s scripts/start.mjs) on a throwaway database (a temporary PGlite folder, or a new `perf_bench_*`
// PostgreSQL database next to DATABASE_URL's), seeds it with SQL, loads it with autocannon
// from this process, and prints one table plus bench/results.json. See docs/performance.md.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import http from "node:http";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { openDatabase, type Database } from "@/lib/database/open";
import { encodeCursor, type Cursor } from "@/lib/gifts/cursor";
import { listGiftsSql } from "@/lib/gifts/list-gifts";
import { Prisma } from "@/lib/generated/prisma/client";
import { IMPORT_RULES, PRICED_DELIVERED } from "@/lib/duties";
import type { TeamRef } from "@/lib/teams";
import { onTeam } from "@/lib/actor";
import { confirmUpload, dashboardFunnel, dashboardGifts, previewUpload, type DashboardQuery } from "@/lib/dashboard";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { seedCampaign } from "@/lib/testing/campaign";
import { dashboardOverHttp, type BenchRow } from "./bench/dashboard-http";
import { benchArgs } from "./bench/args";
import { GOALS } from "./bench/goals";

if (process.argv[2] === "stall" || process.argv[2] === "pages" || process.argv[2] === "csv-browser") {
  const mode = process.argv.splice(2, 1)[0];
  await import(mode === "stall" ? "./bench/stall" : mode === "pages" ? "./bench/pages" : "./bench/csv-browser");
  process.exit(process.exitCode ?? 0);
}

const args = benchArgs();
const postgres = args.db === "postgres" || args.db === "pg";
const only = new Set((args.only ?? "create,list,bulk,quote,delivery,dashboard,dashboard-http,csv").split(","));
const DURATION = Number(args.duration ?? 10);
// A million gifts on PostgreSQL. PGlite (Postgres in WASM, in the server process, one
// connection) gets 250,000 by default so the run stays well under 15 minutes on a busy
// 2-core machine; the row-value cursor and the email index make the figures flat in size.
const LIST_GIFTS = Number(args.gifts ?? (postgres ? 1_000_000 : 250_000));
const DELIVERY_GIFTS = Number(args["delivery-gifts"] ?? 5_000);
const PORT = Number(args.port ?? 3237);
const FLOOR_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;

type Row = BenchRow;
const rows: Row[] = [];
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

// ---------- databases ----------

type Target = { env: Record<string, string>; open(): Promise<Database>; drop(): Promise<void> };

async function adminSql(sql: string) {
  const { Client } = await import("pg");
  const client = new Client({
    connectionString: process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres",
  });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function newTarget(label: string): Promise<Target> {
  // --database-url=URL (PostgreSQL, dashboard-http only): a database an earlier run seeded and kept
  // (--keep), measured again without seeding it again (another build of the code, same data).
  if (postgres && args["database-url"]) {
    const databaseUrl = args["database-url"];
    return {
      env: { DATABASE_URL: databaseUrl },
      open: () => openDatabase({ databaseUrl, dataDir: tmpdir() }),
      drop: async () => {},
    };
  }
  if (postgres) {
    const name = `perf_bench_${label}_${process.pid}`;
    await adminSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await adminSql(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres");
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    return {
      env: { DATABASE_URL: databaseUrl },
      open: () => openDatabase({ databaseUrl, dataDir: tmpdir() }),
      drop: () => adminSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `ribbon-bench-${label}-`));
  return {
    env: { RIBBON_DATA_DIR: dataDir, DATABASE_URL: "" },
    open: () => openDatabase({ dataDir }),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

// ---------- processes ----------

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".") || entry.name === "generated") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildIfStale() {
  const built = existsSync(".next/BUILD_ID") ? statSync(".next/BUILD_ID").mtimeMs : 0;
  const code = Math.max(...["app", "lib", "components", "emails"].map(newestMtime));
  if (built > code && args.build === undefined) return;
  console.log("bench: next build…");
  const build = spawnSync("node_modules/.bin/next", ["build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("next build failed");
}

function start(
  command: string,
  argv: string[],
  env: Record<string, string>,
  stdout: "ignore" | "pipe" = "ignore",
): ChildProcess {
  const child = spawn(command, argv, { env: { ...process.env, ...env }, stdio: ["ignore", stdout, "inherit"] });
  children.push(child);
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    const ok = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} never answered`);
}

/** Resident memory of a process and its descendants (next start may fork its server), in MB. */
function rssMb(pid: number): number {
  let kb = 0;
  const visit = (p: number) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
      for (const task of readdirSync(`/proc/${p}/task`)) {
        const kids = readFileSync(`/proc/${p}/task/${task}/children`, "utf8").trim();
        for (const kid of kids ? kids.split(" ") : []) visit(Number(kid));
      }
    } catch {
      // the process ended meanwhile
    }
  };
  visit(pid);
  return Math.round(kb / 1024);
}

// ---------- load ----------

type Load = {
  path: string;
  token?: string;
  method?: "GET" | "POST" | "OPTIONS";
  body?: unknown;
  connections: number;
  url?: string;
};

function cannonOptions(spec: Load) {
  return {
    url: spec.url ?? `${BASE}${spec.path}`,
    method: spec.method ?? "GET",
    connections: spec.connections,
    headers: {
      ...(spec.token ? { authorization: `Bearer ${spec.token}` } : {}),
      ...(spec.body ? { "content-type": "application/json" } : {}),
    },
    body: spec.body ? JSON.stringify(spec.body) : undefined,
  };
}

/**
 * Loads each spec for DURATION seconds in all, in two interleaved halves (A B A B), so figures
 * compared with each other see the same machine: it is shared and its load moves. Throughput
 * is over both halves, p50 their mean, p99 the worse half.
 */
async function load(specs: [figure: string, spec: Load][], server?: ChildProcess): Promise<Row[]> {
  for (const [, spec] of specs) await autocannon({ ...cannonOptions(spec), duration: 3 }); // warm-up (JIT, pool, route bundles)
  const halves = specs.map(() => [] as autocannon.Result[]);
  for (let half = 0; half < 2; half++) {
    for (const [i, [, spec]] of specs.entries())
      halves[i].push(await autocannon({ ...cannonOptions(spec), duration: DURATION / 2 }));
  }
  return specs.map(([figure], i) => {
    const results = halves[i];
    const total = results.reduce((n, r) => n + r.requests.total, 0);
    const failed = results.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
    const row: Row = {
      figure,
      "req/s": Math.round(results.reduce((n, r) => n + r.requests.average, 0) / results.length),
      "p50 ms": Math.round(results.reduce((n, r) => n + r.latency.p50, 0) / results.length),
      "p99 ms": Math.max(...results.map((r) => r.latency.p99)),
      ...(server?.pid ? { "rss MB": rssMb(server.pid) } : {}),
      ...(failed > 0 ? { note: `${failed} failed of ${total}` } : {}),
    };
    rows.push(row);
    console.log(row);
    return row;
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Open-loop load: one GET every 1000/rate ms, whatever the answers, each timed from the moment
 * it was due (so a stall counts against every request it delays), over keep-alive connections.
 * autocannon's rate option can't measure this: each connection sends its share of the second
 * back to back and then waits, so the server sees bursts at full concurrency.
 */
async function openLoop(
  figure: string,
  spec: { path: string; token: string },
  rate: number,
  seconds: number,
  server: ChildProcess,
): Promise<Row> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const get = () =>
    new Promise<number>((resolve) => {
      const req = http.get(
        `${BASE}${spec.path}`,
        { agent, headers: { authorization: `Bearer ${spec.token}` } },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", () => resolve(0));
    });
  for (let i = 0; i < 50; i++) await get(); // warm-up
  const latencies: number[] = [];
  let failed = 0;
  const requests: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    requests.push(
      get().then((status) => {
        latencies.push(performance.now() - due);
        if (status !== 200) failed++;
      }),
    );
  }
  await Promise.all(requests);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const row: Row = {
    figure,
    "req/s": Math.round(latencies.length / elapsed),
    "p50 ms": Math.round(percentile(latencies, 50)),
    "p99 ms": Math.round(percentile(latencies, 99)),
    "rss MB": rssMb(server.pid!),
    note: `open loop, one request every ${1000 / rate} ms; max ${Math.round(latencies.at(-1)!)} ms${failed ? `; ${failed} failed` : ""}`,
  };
  rows.push(row);
  console.log(row);
  return row;
}

function ratio(a: Row, b: Row) {
  const text = `${Math.round((100 * (a["req/s"] ?? 0)) / (b["req/s"] || 1))}% of ${b.figure}`;
  a.note = a.note ? `${text}; ${a.note}` : text;
}

// ---------- seeding ----------

/** What an earlier run seeded in a kept database (--database-url): dashboard-http's team, owner and campaign. */
async function seededBefore(database: Database): Promise<Seeded> {
  if ([...only].some((o) => o !== "dashboard-http")) throw new Error("--database-url: --only=dashboard-http alone");
  const db = database.prisma;
  const team = await db.team.findFirstOrThrow({ where: { name: "Bench list" } });
  const owner = await db.membership.findFirstOrThrow({
    where: { teamId: team.id, role: "owner" },
    include: { user: true },
  });
  const batch = await db.giftBatch.findFirstOrThrow({ where: { teamId: team.id } });
  return {
    api: { live: "", sandbox: "" },
    listTeam: team.id,
    listUser: { id: owner.user.id, name: owner.user.name, email: owner.user.email },
    listToken: "",
    euroToken: "",
    batch: batch.id,
    email: "",
    floor: {},
  };
}

type Seeded = {
  api: { live: string; sandbox: string };
  listTeam: string;
  listUser: { id: string; name: string | null; email: string };
  listToken: string;
  deepCursor?: string;
  /** dashboard-http: a 10,000-gift campaign inside the list team (issue 33's campaign pages). */
  batch?: string;
  email: string;
  floor: Record<string, string>;
  /** quote: a team billed in euros (its collections are priced in dollars). */
  euroToken: string;
};

async function seed(database: Database): Promise<Seeded> {
  const db = database.prisma;
  const cat = await catalogue(db);
  const api = await createAccount(db, { teamName: "Bench" });
  const lister = await createAccount(db, { teamName: "Bench list" });
  const euro = await createAccount(db, { teamName: "Bench euro" });
  await db.team.update({ where: { id: euro.team.id }, data: { currency: "EUR" } });
  // The owner signs in over HTTP (dashboard-http): sign-in lowercases the address it is given, so
  // the account's must be lowercase for the magic link to land on this user.
  lister.user = await db.user.update({
    where: { id: lister.user.id },
    data: { email: lister.user.email.toLowerCase() },
  });
  const seeded: Seeded = {
    api: api.tokens,
    listTeam: lister.team.id,
    listUser: { id: lister.user.id, name: lister.user.name, email: lister.user.email },
    listToken: lister.tokens.live,
    euroToken: euro.tokens.live,
    email: `Recipient${Math.floor(LIST_GIFTS / 2)}@Example.COM`,
    floor: {
      FLOOR_TEAM: "sandbox",
      FLOOR_USER: api.user.id,
      FLOOR_COLLECTION: String(cat.collection.id),
      FLOOR_LOGO: String(cat.logo.id),
    },
  };
  if (only.has("list") || only.has("dashboard") || only.has("dashboard-http")) {
    const started = performance.now();
    // Four gifts per second of createdAt: pages end inside groups of equal timestamps. All sent on
    // their scheduledAt (2026-01-01), as their stage says. In
    // statements of 50,000 gifts (and then their events), each well inside the pool's 60 s query
    // timeout on a busy machine (200,000 at a time once took longer at load average 14).
    for (let from = 1; from <= LIST_GIFTS; from += 50_000) {
      const to = Math.min(LIST_GIFTS, from + 49_999);
      await db.$executeRawUnsafe(
        `INSERT INTO "Gift" ("id","teamId","senderId","livemode","recipientName","deliveryMethod","email","subject","message","from","scheduledAt","stage","lastEventAt","untieTokenHash","collectionId","designId","logoId","priceCents","createdAt","sentAt")
         SELECT 'gft_seed' || lpad(i::text, 9, '0'), $1, $2, true, 'Recipient ' || i, 'email', 'recipient' || i || '@example.com', 'A gift', 'Thank you!', 'Bench',
                timestamp '2026-01-01', 'sent', timestamp '2026-01-01', md5(i::text) || md5('u' || i), $3, $4, $5, 2500,
                timestamp '2025-01-01' + (i / 4) * interval '1 second', timestamp '2026-01-01'
         FROM generate_series(${from}, ${to}) AS i`,
        lister.team.id,
        lister.user.id,
        cat.collection.id,
        cat.design.id,
        cat.logo.id,
      );
      await db.$executeRawUnsafe(
        `INSERT INTO "GiftEvent" ("giftId","stage","createdAt") SELECT "id", 'scheduled', "createdAt" FROM "Gift"
         WHERE "id" BETWEEN 'gft_seed' || lpad('${from}', 9, '0') AND 'gft_seed' || lpad('${to}', 9, '0')`,
      );
    }
    // The campaign pages over HTTP: one 10,000-gift batch a week old, sent by the owner, inside the team
    // (scripts/seed-campaign.ts's). Its gifts are the team's newest, so the board's first page shows them.
    if (only.has("dashboard-http"))
      seeded.batch = (
        await seedCampaign(db, cat, { teamId: lister.team.id, senderId: lister.user.id, gifts: 10_000 })
      ).batchId;
    // As a database in steady state is: vacuumed (hint bits and visibility map set, so the
    // first reads of the new rows don't write them) and checkpointed, so the write-back of the
    // seed's ~1 GB of WAL doesn't land in a later phase's measurement.
    // The big two first, each its own statement inside the pool's 60 s timeout; then the rest.
    await db.$executeRawUnsafe(`VACUUM ANALYZE "Gift"`);
    await db.$executeRawUnsafe(`VACUUM ANALYZE "GiftEvent"`);
    await db.$executeRawUnsafe(`VACUUM ANALYZE`);
    if (postgres)
      await db
        .$executeRawUnsafe(`CHECKPOINT`)
        .catch(() => console.log("bench: CHECKPOINT needs a superuser or pg_checkpoint; skipped"));
    const depth = Math.min(990_000, LIST_GIFTS - 100);
    const [row] = await db.$queryRawUnsafe<Cursor[]>(
      `SELECT "id", "createdAt" FROM "Gift" WHERE "teamId" = $1 ORDER BY "createdAt" DESC, "id" DESC OFFSET ${depth} LIMIT 1`,
      lister.team.id,
    );
    seeded.deepCursor = encodeCursor(row);
    await explainListQueries(database, { id: lister.team.id, name: lister.team.name }, lister.user, row, seeded.email);
    console.log(
      `bench: seeded ${LIST_GIFTS.toLocaleString("en")} gifts + events in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  return seeded;
}

/** EXPLAIN (ANALYZE, BUFFERS) of the list statements at this size, into bench/explain-<db>.txt. */
async function explainListQueries(
  database: Database,
  team: TeamRef,
  user: { id: string; email: string },
  deep: Cursor,
  email: string,
) {
  const caller = { user: { ...user, name: user.email }, mode: "live" as const, via: "token" as const, credentialId: 0 };
  const cases: [string, Parameters<typeof listGiftsSql>[0]][] = [
    ["first page", { caller, team, filter: {}, size: 50 }],
    [
      `deep cursor (${Math.min(990_000, LIST_GIFTS - 100).toLocaleString("en")} in)`,
      { caller, team, filter: {}, size: 50, after: deep },
    ],
    ["filter[email]", { caller, team, filter: { email }, size: 50 }],
  ];
  let out = `Ribbon list statements on ${database.kind}, ${LIST_GIFTS.toLocaleString("en")} gifts in the team, ${new Date().toISOString()}\n`;
  for (const [label, input] of cases) {
    await database.prisma.$queryRaw(listGiftsSql(input)); // warm the cache like a running server
    const plan = await database.prisma.$queryRaw<Record<string, string>[]>(
      Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${listGiftsSql(input)}`,
    );
    out += `\n## ${label}\n${plan.map((r) => Object.values(r)[0]).join("\n")}\n`;
  }
  mkdirSync("bench", { recursive: true });
  writeFileSync(`bench/explain-${database.kind}.txt`, out);
}

async function seedDueGifts(database: Database, count: number, tag: string) {
  const db = database.prisma;
  const cat = await catalogue(db);
  const sender = await createAccount(db, { teamName: `Bench delivery ${tag}` });
  await db.$executeRawUnsafe(
    `INSERT INTO "Gift" ("id","teamId","senderId","livemode","recipientName","deliveryMethod","email","subject","message","from","scheduledAt","stage","lastEventAt","untieTokenHash","collectionId","designId","logoId","priceCents","createdAt")
     SELECT 'gft_due_${tag}_' || i, $1, $2, true, 'Recipient ' || i, 'email', 'due' || i || '@example.com', 'A gift for you', 'Thank you for a great year!', 'Bench',
            now() - interval '1 minute', 'scheduled', now(), md5('${tag}' || i) || md5('d' || i), $3, $4, $5, 2500, now()
     FROM generate_series(1, ${count}) AS i`,
    sender.team.id,
    sender.user.id,
    cat.collection.id,
    cat.design.id,
    cat.logo.id,
  );
}

/**
 * The dashboard's queries at LIST_GIFTS gifts on one team, in this process against the seeded
 * database (the page's server time is these queries plus React's render of 25 rows): the first
 * page, a stage filter, a search, the funnel over everything and over one day.
 */
async function dashboardPhase(database: Database, seeded: Seeded) {
  const db = database.prisma;
  const actor = await onTeam(
    db,
    { user: seeded.listUser, mode: "live", via: "session", credentialId: null },
    seeded.listTeam,
  );
  const n = LIST_GIFTS.toLocaleString("en");
  const base: DashboardQuery = { mode: "live", order: "newest" };
  const cases: [string, () => Promise<unknown>][] = [
    [`dashboard table, first page, ${n} gifts`, () => dashboardGifts(db, actor, base)],
    [`dashboard table, stage=sent`, () => dashboardGifts(db, actor, { ...base, stage: "sent" })],
    [
      `dashboard table, search "recipient 12345"`,
      () => dashboardGifts(db, actor, { ...base, search: "recipient 12345" }),
    ],
    [`dashboard funnel, all ${n} gifts`, () => dashboardFunnel(db, actor, base)],
    [`dashboard funnel, one day`, () => dashboardFunnel(db, actor, { ...base, from: "2025-01-02", to: "2025-01-02" })],
  ];
  for (const [figure, run] of cases) {
    await run(); // warm, as a running server is
    const times: number[] = [];
    const until = performance.now() + Math.min(DURATION, 10) * 1000;
    while (times.length < 200 && (performance.now() < until || times.length < 5)) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1));
    rows.push({ figure, "p50 ms": at(0.5), "p99 ms": at(0.99), note: `${times.length} runs, query time` });
    console.log(`bench: ${figure}: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms (${times.length} runs)`);
  }
}

/**
 * The dashboard's CSV upload of 10,000 rows (different messages and two collections), in this
 * process: the preview (read, check every row, price) and the confirm (read and check again,
 * then one transaction: one charge, one batch, the gifts). Three files, each previewed then
 * confirmed; the medians.
 */
async function csvPhase(database: Database) {
  const db = database.prisma;
  const account = await createAccount(db, { teamName: "Bench CSV" });
  const actor = await onTeam(
    db,
    {
      user: { id: account.user.id, name: account.user.name, email: account.user.email },
      mode: "live",
      via: "session",
      credentialId: null,
    },
    account.team.id,
  );
  const header = "name,email,message,from,collection,design,scheduled_at,expires_on,delivery_method";
  const previews: number[] = [];
  const confirms: number[] = [];
  // This process's CPU time for each confirm: on PGlite the database runs here too, so this
  // figure holds still on a machine that other work keeps busy (wall time does not).
  const confirmCpu: number[] = [];
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  for (let run = 0; run < 3; run++) {
    const lines = Array.from({ length: 10_000 }, (_, i) =>
      [
        `Recipient ${i}`,
        `r${run}-${i}@example.com`,
        `"Thank you, Recipient ${i}, for a great year!"`,
        "The Bench team",
        i % 2 ? "Coffee Lovers" : "Tea Time",
        "",
        "",
        "",
        "email",
      ].join(","),
    );
    const bytes = new TextEncoder().encode([header, ...lines].join("\r\n"));
    const file = { fileName: `bench-${run}.csv`, bytes };
    let started = performance.now();
    const preview = await previewUpload(db, actor, file);
    previews.push(performance.now() - started);
    if (preview.problemCount > 0) throw new Error(`bench CSV has problems: ${JSON.stringify(preview.problems[0])}`);
    started = performance.now();
    const cpuBefore = cpuMs();
    await confirmUpload(db, actor, {
      ...file,
      previewHash: preview.fileHash,
      previewTotalCents: preview.totalCents,
      formKey: `bench-csv-form-key-${run}-${Date.now()}`,
    });
    confirms.push(performance.now() - started);
    confirmCpu.push(cpuMs() - cpuBefore);
  }
  const median = (xs: number[]) => Number((xs.sort((a, b) => a - b)[1] / 1000).toFixed(2));
  rows.push({ figure: "CSV upload 10,000 rows: preview (median of 3)", seconds: median(previews) });
  const cpu = median(confirmCpu);
  rows.push({
    figure: "CSV upload 10,000 rows: confirm = read, check, create (median of 3)",
    seconds: median(confirms),
    note: `this process's CPU ${cpu} s (${postgres ? "the client's only" : "PGlite's included"})`,
  });
  console.log(`bench: CSV preview ${median(previews)} s, confirm ${median(confirms)} s (CPU ${cpu} s)`);
}

// ---------- phases ----------

async function serverPhase(target: Target, seeded: Seeded) {
  const env = {
    ...target.env,
    PORT: String(PORT),
    APP_URL: BASE,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
    RIBBON_DEMO: "0",
    RIBBON_SWEEPER: "off",
    RIBBON_RATE_LIMIT_API_PER_MINUTE: "100000000",
    // Each run signs in again, and --database-url runs sign the same owner in on one database.
    RIBBON_RATE_LIMIT_SIGNIN_PER_ADDRESS_PER_HOUR: "100000",
    RIBBON_RATE_LIMIT_SIGNIN_PER_IP_PER_HOUR: "100000",
    NODE_ENV: "production",
  };
  // As `npm start` runs it: with the preload that gives route handlers the client's address.
  // --cpu-prof=DIR: V8 CPU profiles of the server, written into DIR when it exits. Node refuses
  // --cpu-prof in NODE_OPTIONS, so `next start` runs under node directly, with npm start's preload.
  const server = args["cpu-prof"]
    ? start(
        "node",
        [
          "--cpu-prof",
          `--cpu-prof-dir=${path.resolve(args["cpu-prof"])}`,
          "--import",
          "./scripts/http-guard.mjs",
          "node_modules/next/dist/bin/next",
          "start",
          "-p",
          String(PORT),
          "-H",
          "127.0.0.1",
        ],
        env,
      )
    : start("node", ["scripts/start.mjs"], { ...env, HOST: "127.0.0.1" });
  await waitFor(`${BASE}/api/v1/teams`, server);
  console.log(`bench: server up, RSS ${rssMb(server.pid!)} MB`);
  const gift = {
    gift: {
      name: "Robin",
      email: "robin@example.com",
      collection: "Coffee Lovers",
      message: "Thank you!",
      from: "Alex",
    },
  };

  if (only.has("create")) {
    // The create's goal (GOALS.create, scripts/bench/goals.ts): a share of GET /teams' throughput,
    // side by side, at --create-connections (8, as the pages' shares are measured). A sandbox create (no charge)
    // and a live one on the account's own team (card on file, no budget, no caps: the spend
    // controls' common case) are measured in the same interleaved halves as GET /teams.
    const conn = Number(args["create-connections"] ?? 8);
    const [create, live, teams, framework] = await load(
      [
        [
          `POST /teams/sandbox/gifts, ${conn} conn`,
          {
            path: "/api/v1/teams/sandbox/gifts",
            method: "POST",
            token: seeded.api.sandbox,
            body: gift,
            connections: conn,
          },
        ],
        [
          `POST /gifts (live, charged), ${conn} conn`,
          { path: "/api/v1/gifts", method: "POST", token: seeded.api.live, body: gift, connections: conn },
        ],
        [`GET /teams, ${conn} conn`, { path: "/api/v1/teams", token: seeded.api.live, connections: conn }],
        [
          `OPTIONS /teams (no token, no database), ${conn} conn`,
          { path: "/api/v1/teams", method: "OPTIONS", connections: conn },
        ],
      ],
      server,
    );
    ratio(create, teams);
    ratio(live, teams);
    console.log(
      `bench: create share of GET /teams (goal ≥ ${Math.round(GOALS.create.least * 100)}%): sandbox ${Math.round((100 * create["req/s"]!) / teams["req/s"]!)}%, live ${Math.round((100 * live["req/s"]!) / teams["req/s"]!)}% (load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")})`,
    );
    ratio(teams, framework);
    framework.note = "Next's floor: a route handler that returns 204";
    const floorTarget = await newTarget("floor");
    cleanups.push(() => floorTarget.drop());
    const floorDb = await floorTarget.open();
    const floorSeed = await (async () => {
      const cat = await catalogue(floorDb.prisma);
      const account = await createAccount(floorDb.prisma);
      return {
        FLOOR_TEAM: "sandbox",
        FLOOR_USER: account.user.id,
        FLOOR_COLLECTION: String(cat.collection.id),
        FLOOR_LOGO: String(cat.logo.id),
      };
    })();
    await floorDb.close();
    const floor = start("node_modules/.bin/tsx", ["scripts/bench/floor.ts"], {
      ...floorSeed,
      PORT: String(FLOOR_PORT),
      ...(postgres
        ? { DATABASE_URL: floorTarget.env.DATABASE_URL }
        : { DATABASE_URL: "", FLOOR_PGLITE_DIR: floorTarget.env.RIBBON_DATA_DIR }),
    });
    await waitFor(`http://127.0.0.1:${FLOOR_PORT}/`, floor);
    const [floorRow] = await load(
      [
        [
          `floor: node:http + ${postgres ? "pg" : "PGlite"}, same inserts, ${conn} conn`,
          { path: "", url: `http://127.0.0.1:${FLOOR_PORT}/`, method: "POST", body: gift, connections: conn },
        ],
      ],
      floor,
    );
    floorRow.note = `create reaches ${Math.round((100 * create["req/s"]!) / floorRow["req/s"]!)}% of this`;
    await stop(floor);
  }

  if (only.has("list")) {
    const list = `/api/v1/teams/${seeded.listTeam}/gifts`;
    const n = LIST_GIFTS.toLocaleString("en");
    const deepAt = Math.min(990_000, LIST_GIFTS - 100).toLocaleString("en");
    const [teams16, first, deep, byEmail] = await load(
      [
        ["GET /teams, 16 conn", { path: "/api/v1/teams", token: seeded.listToken, connections: 16 }],
        [`GET /gifts first page, ${n} gifts, 16 conn`, { path: list, token: seeded.listToken, connections: 16 }],
        [
          `GET /gifts deep cursor (${deepAt} in), 16 conn`,
          { path: `${list}?page[after]=${seeded.deepCursor}`, token: seeded.listToken, connections: 16 },
        ],
        [
          `GET /gifts filter[email], 16 conn`,
          {
            path: `${list}?filter[email]=${encodeURIComponent(seeded.email)}`,
            token: seeded.listToken,
            connections: 16,
          },
        ],
      ],
      server,
    );
    ratio(first, teams16);
    ratio(deep, first);
    ratio(byEmail, first);
    await openLoop(
      `GET /gifts first page, offered 100 req/s`,
      { path: list, token: seeded.listToken },
      100,
      DURATION,
      server,
    );
  }

  if (only.has("bulk")) {
    const body = {
      gift: {
        collection: "Tea Time",
        message: "Happy holidays from all of us!",
        from: "The Bench Team",
        recipients_attributes: Array.from({ length: 10_000 }, (_, i) => ({
          name: `Recipient ${i}`,
          email: `bulk${i}@example.com`,
        })),
      },
    };
    const post = () =>
      fetch(`${BASE}/api/v1/bulk/gifts`, {
        method: "POST",
        headers: { authorization: `Bearer ${seeded.api.live}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    await (await post()).arrayBuffer(); // warm-up, as every other row has: the route's first load and JIT
    const times: number[] = [];
    let growth = 0;
    for (let run = 0; run < 3; run++) {
      const before = rssMb(server.pid!);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 20);
      const t0 = performance.now();
      const res = await post();
      const json = (await res.json()) as { data?: unknown[] };
      times.push((performance.now() - t0) / 1000);
      clearInterval(sampler);
      if (res.status !== 200 || json.data?.length !== 10_000) throw new Error(`bulk failed: ${res.status}`);
      growth = Math.max(growth, peak - before);
    }
    times.sort((a, b) => a - b);
    const row: Row = {
      figure: "POST /bulk/gifts, 10,000 recipients (median of 3)",
      seconds: Number(times[1].toFixed(2)),
      "rss MB": rssMb(server.pid!),
      note: `RSS growth ${growth} MB (peak − before, worst of 3)`,
    };
    rows.push(row);
    console.log(row);
  }

  if (only.has("quote")) {
    // A team billed in euros: the 10,000-recipient dry run (a quote), then the create that names it,
    // the recipients spread over every country a product reaches (27: each landed cost estimated).
    const countries = [...PRICED_DELIVERED, ...Object.keys(IMPORT_RULES)];
    const body = (quote?: string) => ({
      gift: {
        collection: "Tea Time",
        message: "Happy holidays from all of us!",
        from: "The Bench Team",
        ...(quote ? { quote } : {}),
        recipients_attributes: Array.from({ length: 10_000 }, (_, i) => ({
          name: `Recipient ${i}`,
          email: `quote${i}@example.com`,
          recipient_country: countries[i % countries.length],
        })),
      },
    });
    const post = (path: string, quote?: string) =>
      fetch(`${BASE}/api/v1/${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${seeded.euroToken}`, "content-type": "application/json" },
        body: JSON.stringify(body(quote)),
      });
    await (await post("bulk/gifts?dry_run=true")).arrayBuffer(); // warm-up
    const times: number[] = [];
    let quote = "";
    for (let run = 0; run < 3; run++) {
      const t0 = performance.now();
      const res = await post("bulk/gifts?dry_run=true");
      const json = (await res.json()) as { meta?: { price?: { quote?: { id: string } } } };
      times.push((performance.now() - t0) / 1000);
      if (res.status !== 200 || !json.meta?.price?.quote) throw new Error(`quote failed: ${res.status}`);
      quote = json.meta.price.quote.id;
    }
    times.sort((a, b) => a - b);
    const quoted: Row = {
      figure: `POST /bulk/gifts?dry_run=true, 10,000 recipients in ${countries.length} countries, EUR team (median of 3)`,
      seconds: Number(times[1].toFixed(2)),
      "rss MB": rssMb(server.pid!),
      note: "writes one quote",
    };
    rows.push(quoted);
    console.log(quoted);
    const t0 = performance.now();
    const res = await post("bulk/gifts", quote);
    const json = (await res.json()) as { data?: unknown[] };
    if (res.status !== 200 || json.data?.length !== 10_000) throw new Error(`quoted create failed: ${res.status}`);
    const created: Row = {
      figure: "POST /bulk/gifts with that quote, 10,000 recipients, one charge",
      seconds: Number(((performance.now() - t0) / 1000).toFixed(2)),
      "rss MB": rssMb(server.pid!),
      note: "one run",
    };
    rows.push(created);
    console.log(created);
  }

  if (only.has("dashboard-http")) {
    // The page and its export over HTTP, signed in as the seeded team's owner (issue 33's goals).
    rows.push(
      ...(await dashboardOverHttp({
        base: BASE,
        port: PORT,
        rootPid: server.pid!,
        team: seeded.listTeam,
        ownerEmail: seeded.listUser.email,
        gifts: LIST_GIFTS,
        duration: Number(args["page-duration"] ?? 6),
        exportRuns: Number(args["export-runs"] ?? 1),
        search: "recipient 12345",
        day: "2025-01-02",
        batch: seeded.batch!,
        batchGifts: 10_000,
      })),
    );
  }
  await stop(server);
}

async function deliveryPhase(target: Target, instances: number) {
  const database = await target.open();
  await seedDueGifts(database, DELIVERY_GIFTS, `i${instances}`);
  await database.close();
  const windows: { startedAt: number; endedAt: number }[] = [];
  const workers = Array.from({ length: instances }, () => {
    const child = start(
      "node_modules/.bin/tsx",
      ["scripts/bench/deliver-worker.ts"],
      { ...target.env, RESEND_API_KEY: "", NODE_ENV: "production" },
      "pipe",
    );
    child.stdout?.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) if (line.startsWith("{")) windows.push(JSON.parse(line));
    });
    return new Promise<void>((resolve, reject) =>
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`worker exited ${code}`)))),
    );
  });
  await Promise.all(workers);
  // From the first worker's first claim to the last worker's last commit: process start-up excluded.
  const seconds = (Math.max(...windows.map((w) => w.endedAt)) - Math.min(...windows.map((w) => w.startedAt))) / 1000;
  const check = await target.open();
  const [{ emails, duplicates }] = await check.prisma.$queryRawUnsafe<{ emails: number; duplicates: number }[]>(
    `SELECT count(*)::int AS emails, (count(*) - count(DISTINCT "giftId"))::int AS duplicates FROM "EmailOutbox" WHERE "giftId" LIKE 'gft_due_i${instances}_%'`,
  );
  await check.close();
  const row: Row = {
    figure: `delivery, outbox transport, ${instances} instance${instances > 1 ? "s" : ""}`,
    "req/s": Math.round(emails / seconds),
    seconds: Number(seconds.toFixed(2)),
    note: `emails/s; ${emails} emails, ${duplicates} duplicates; first claim to last commit`,
  };
  rows.push(row);
  console.log(row);
}

// ---------- main ----------

const loadBefore = loadavg();
const startedAt = performance.now();
try {
  buildIfStale();
  const target = await newTarget("api");
  // --keep: leave the seeded database for EXPLAIN and profiling (its name or folder is printed).
  if (args.keep === undefined) cleanups.push(() => target.drop());
  else console.log(`bench: keeping the database: ${JSON.stringify(target.env)}`);
  const database = await target.open();
  const seeded = args["database-url"] ? await seededBefore(database) : await seed(database);
  if (only.has("dashboard")) await dashboardPhase(database, seeded);
  if (only.has("csv")) await csvPhase(database);
  await database.close();
  if (["create", "list", "bulk", "quote", "dashboard-http"].some((o) => only.has(o))) await serverPhase(target, seeded);
  if (only.has("delivery")) {
    await deliveryPhase(target, 1);
    if (postgres) await deliveryPhase(target, 2);
    else rows.push({ figure: "delivery, 2 instances", note: "n/a on PGlite: one process per data folder" });
  }
} finally {
  for (const child of children) await stop(child);
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch((e) => console.error("cleanup:", e));
}

const meta = {
  database: postgres ? "postgresql" : "pglite",
  at: new Date().toISOString(),
  durationPerLoadSeconds: DURATION,
  listGifts: LIST_GIFTS,
  loadAverageBefore: loadBefore.map((l) => Number(l.toFixed(2))),
  loadAverageAfter: loadavg().map((l) => Number(l.toFixed(2))),
  totalSeconds: Math.round((performance.now() - startedAt) / 1000),
};
console.log(
  `\nRibbon bench on ${meta.database}, ${meta.at}, load average ${meta.loadAverageBefore.join(" ")} → ${meta.loadAverageAfter.join(" ")}, ${meta.totalSeconds} s`,
);
console.table(rows.map((r) => ({ ...r })));
mkdirSync("bench", { recursive: true });
const json = `${JSON.stringify({ ...meta, rows }, null, 2)}\n`;
// A partial run (--only) keeps the full runs' files.
const part = args.only ? `-${[...only].join("-")}` : "";
writeFileSync(`bench/results${part}.json`, json);
writeFileSync(`bench/results-${meta.database}${part}.json`, json);
