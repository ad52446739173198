// Shared by the chaos suite (`npm run chaos`, vitest.chaos.config.ts): real server processes,
// a PostgreSQL cluster, a Redis and an HAProxy of the test's own, and small HTTP helpers.
// Every process is started detached (its own process group) and ended by its group id.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import pg from "pg";
import { openDatabase, type Database } from "@/lib/database/open";
import { catalogue, chargeFor, createAccount } from "@/lib/testing/fixtures";

export const SHARED_PG = process.env.CHAOS_PG_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const PRELOAD = `--import ${new URL("../scripts/http-guard.mjs", import.meta.url).href}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cleanups: (() => Promise<void> | void)[] = [];

/** Runs every cleanup registered by the helpers below, newest first (call it in afterAll). */
export async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse())
    await Promise.resolve(cleanup()).catch((e) => console.error("chaos cleanup:", e));
}

/** A child process in its own group, started again by `start()`, with all its runs' output kept (echoed when CHAOS_VERBOSE=1). */
export class Proc {
  child!: ChildProcess;
  output = "";
  constructor(
    private readonly command: string,
    private readonly args: string[],
    private readonly env: Record<string, string> = {},
  ) {
    this.start();
    cleanups.push(() => this.stop());
  }
  start(): void {
    this.child = spawn(this.command, this.args, {
      env: { ...process.env, ...this.env },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk: Buffer) => {
      this.output += chunk.toString();
      if (process.env.CHAOS_VERBOSE === "1") process.stderr.write(chunk);
    };
    this.child.stdout?.on("data", keep);
    this.child.stderr?.on("data", keep);
  }
  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }
  signal(signal: NodeJS.Signals): void {
    if (this.alive && this.child.pid) process.kill(-this.child.pid, signal);
  }
  async stop(): Promise<void> {
    if (!this.alive) return;
    const exited = new Promise((r) => this.child.once("exit", r));
    this.signal("SIGCONT");
    this.signal("SIGTERM");
    await Promise.race([exited, sleep(10_000)]);
    this.signal("SIGKILL");
  }
  async killHard(): Promise<void> {
    const exited = new Promise((r) => this.child.once("exit", r));
    this.signal("SIGKILL");
    await exited;
  }
}

/** `next build` unless the build is there (CI builds first; CHAOS_BUILD=1 forces it); the suite's global setup calls it once. */
export function ensureBuild(): void {
  if (existsSync(".next/BUILD_ID") && process.env.CHAOS_BUILD !== "1") return;
  const build = spawnSync("node_modules/.bin/next", ["build"], { stdio: "inherit" });
  if (build.status !== 0) throw new Error("next build failed");
}

export type Server = { proc: Proc; url: string; port: number; restart(): Promise<void> };

/** `next start` from the build with the http-guard preload, exactly as scripts/start.mjs runs it; resolves when it answers. */
export async function startServer(port: number, env: Record<string, string>): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  const proc = new Proc("node_modules/.bin/next", ["start", "-p", String(port), "-H", "127.0.0.1"], {
    PORT: String(port),
    APP_URL: url,
    AUTH_SECRET: "chaos-secret-chaos-secret-chaos-secret",
    RIBBON_DEMO: "0",
    NODE_ENV: "production",
    RIBBON_LOG_REQUESTS: "off",
    RIBBON_RATE_LIMIT_API_PER_MINUTE: "1000000",
    NODE_OPTIONS: PRELOAD,
    ...env,
  });
  const server: Server = {
    proc,
    url,
    port,
    async restart() {
      proc.start();
      await waitUntilServing(server);
    },
  };
  await waitUntilServing(server);
  return server;
}

async function waitUntilServing({ proc, url, port }: Server): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (!proc.alive) throw new Error(`the server on ${port} exited:\n${proc.output}`);
    if (
      await fetch(`${url}/api/v1/teams`, { method: "OPTIONS" }).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return;
    await sleep(250);
  }
  throw new Error(`the server on ${port} never answered:\n${proc.output}`);
}

/** A PostgreSQL cluster of the test's own (never the shared one), dropped in cleanup. */
export function createCluster(name: string, port: number) {
  const run = (...args: string[]) => {
    const r = spawnSync(args[0], args.slice(1), { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${args.join(" ")}: ${r.stderr}`);
  };
  spawnSync("pg_dropcluster", ["15", name, "--stop"]); // left by an interrupted run
  run("pg_createcluster", "15", name, "-p", String(port), "--", "-A", "trust");
  run("pg_ctlcluster", "15", name, "start");
  cleanups.push(() => void spawnSync("pg_dropcluster", ["15", name, "--stop"]));
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    stop: () => run("pg_ctlcluster", "15", name, "stop", "-m", "fast"),
    start: () => run("pg_ctlcluster", "15", name, "start"),
  };
}

/** A database of the test's own on the shared PostgreSQL (for tests that never stop it), dropped in cleanup. */
export async function createScratchDatabase(label: string): Promise<string> {
  const name = `chaos_${label}_${process.pid}`;
  await adminSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminSql(`CREATE DATABASE ${name}`);
  cleanups.push(() => adminSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(SHARED_PG);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminSql(sql: string) {
  const client = new pg.Client({ connectionString: SHARED_PG });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

/** Opens (and migrates) a database from this process, for seeding and checking. */
export async function openDb(url: string): Promise<Database> {
  const database = await openDatabase({ databaseUrl: url, dataDir: tmpdir() });
  cleanups.push(() => database.close());
  return database;
}

/** A user with a live team (a card on file) and both developer tokens. */
export async function seedAccount(database: Database) {
  return createAccount(database.prisma, { teamName: "Chaos" });
}

/** `count` live email gifts of the account's team, due now, inserted with one statement; their ids are `gft_chaos_<tag>_<n>`. */
export async function seedDueGifts(
  database: Database,
  account: Awaited<ReturnType<typeof seedAccount>>,
  count: number,
  tag: string,
): Promise<void> {
  const cat = await catalogue(database.prisma);
  // Paid for, as every sendable live gift is (lib/gifts/stages.ts PAID_STAGES): one charge for all.
  const charge = await chargeFor(database.prisma, [{ teamId: account.team.id, priceCents: 2500 * count }]);
  await database.prisma.$executeRawUnsafe(
    `INSERT INTO "Gift" ("id","teamId","senderId","livemode","recipientName","deliveryMethod","email","subject","message","from","scheduledAt","stage","lastEventAt","untieTokenHash","collectionId","designId","logoId","priceCents","createdAt","chargeId")
     SELECT 'gft_chaos_${tag}_' || i, $1, $2, true, 'Recipient ' || i, 'email', 'due' || i || '@example.com', 'A gift for you', 'Thank you!', 'Chaos',
            now() AT TIME ZONE 'UTC' - interval '1 minute', 'scheduled', now(), md5('${tag}' || i) || md5('d' || i), $3, $4, $5, 2500, now(), $6
     FROM generate_series(1, ${count}) AS i`,
    account.team.id,
    account.user.id,
    cat.collection.id,
    cat.design.id,
    cat.logo.id,
    charge.id,
  );
}

/** A Redis of the test's own: SIGKILL it for "down", SIGSTOP/SIGCONT for "hanging". */
export async function startRedis(port: number) {
  const proc = new Proc("redis-server", [
    "--port",
    String(port),
    "--save",
    "",
    "--appendonly",
    "no",
    "--bind",
    "127.0.0.1",
  ]);
  const ready = async (runs: number) => {
    for (let i = 0; i < 50 && (proc.output.match(/Ready to accept connections/g)?.length ?? 0) < runs; i++)
      await sleep(100);
  };
  await ready(1);
  let runs = 1;
  return {
    url: `redis://127.0.0.1:${port}`,
    kill: () => proc.killHard(),
    freeze: () => proc.signal("SIGSTOP"),
    thaw: () => proc.signal("SIGCONT"),
    async restart() {
      proc.start();
      await ready(++runs);
    },
  };
}

/** HAProxy in the foreground with the repository's config (deploy/haproxy/ribbon.cfg) in front of two instances. */
export async function startHaproxy(port: number, a: Server, b: Server): Promise<Proc> {
  const env = {
    HAPROXY_BIND: `127.0.0.1:${port}`,
    INSTANCE_A: `127.0.0.1:${a.port}`,
    INSTANCE_B: `127.0.0.1:${b.port}`,
  };
  const proc = new Proc("haproxy", ["-f", "deploy/haproxy/ribbon.cfg", "-db"], env);
  for (let i = 0; i < 50; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/api/v1/teams`, { method: "OPTIONS" }).then(
        (r) => r.status === 204,
        () => false,
      )
    )
      return proc;
    if (!proc.alive) break;
    await sleep(100);
  }
  throw new Error(`haproxy did not start:\n${proc.output}`);
}

export type Answer = {
  status: number;
  ms: number;
  contentType: string;
  retryAfter: string | null;
  body: string;
  error?: string;
};

/** One request with a client-side deadline; a connection error or timeout is an answer with status 0. */
export async function request(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 30_000) });
    const body = await res.text();
    return {
      status: res.status,
      ms: performance.now() - started,
      contentType: res.headers.get("content-type") ?? "",
      retryAfter: res.headers.get("retry-after"),
      body,
    };
  } catch (error) {
    return {
      status: 0,
      ms: performance.now() - started,
      contentType: "",
      retryAfter: null,
      body: "",
      error: String((error as Error).cause ?? error),
    };
  }
}

/** A create body for a live email gift due now (without scheduled_at an email waits 5 minutes). */
export const giftBody = (n: number) =>
  JSON.stringify({
    gift: {
      name: `Chaos ${n}`,
      email: `chaos${n}@example.com`,
      collection: "Coffee Lovers",
      message: "Thank you!",
      from: "Chaos",
      scheduled_at: new Date().toISOString(),
    },
  });

/**
 * Open-loop load: one request every 1000/rate ms for `ms`, whatever the answers, each timed
 * from the moment it was due (so a stall counts against every request it delays).
 */
export async function openLoop(url: string, init: RequestInit, rate: number, ms: number): Promise<Answer[]> {
  const answers: Promise<Answer>[] = [];
  const start = performance.now();
  for (let i = 0; i < (rate * ms) / 1000; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    answers.push(request(url, { ...init, timeoutMs: 15_000 }).then((a) => ({ ...a, ms: performance.now() - due })));
  }
  return Promise.all(answers);
}

export function percentile(answers: { ms: number }[], p: number): number {
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
}

/** How many answers had each status: `{ 201: 40, 503: 12 }` (0 = no answer: a connection error or timeout). */
export function countStatuses(answers: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** Runs `work` over and over on `workers` loops until `stop()` says so. */
export async function loop(
  workers: number,
  stop: () => boolean,
  work: (worker: number) => Promise<void>,
): Promise<void> {
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (!stop()) await work(w);
    }),
  );
}

export { sleep };

/** The server's log must never carry node-postgres's overlapping-query warning. */
export const OVERLAPPING_QUERY = "already executing a query";
