import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRatesSource } from "./rates-source";
import { startServer, type RunningServer } from "./server";
import { builtActions, coverage, stallCases } from "./stall-cases";
import {
  answerBudget,
  BUDGET,
  formatTable,
  measure,
  prepare,
  STALL_SERVER_ENV,
  waitUntilResponsive,
  type Context,
  type StallRow,
} from "./stall";

// No single request may stall the server. Every entry of the inventory (every route handler and
// page of app/, every server action, every MCP tool, every job: tests/server/inventory.ts, read from
// the code) gets its worst input at its documented maximum (tests/server/stall-cases.ts) while a
// second client polls `GET /api/v1/teams`: the poller's p99 stays ≤ 200 ms and its max ≤ 1 s, the
// hostile request is answered within 5 s (never a 500), the server's RSS grows less than 200 MB.
// On a machine busier than its cores the wall-time bounds are stretched by its load (StallRow.stretch).
// An entry without a case fails the first test. The sweeper runs every job meanwhile, and no
// transaction may hold the database over its budget (lib/database/transaction-budget.ts) unless
// it says why. `npm run bench -- stall` prints the same table with a longer cap.
const PORT = Number(process.env.STALL_PORT) || 4234;
/** How long a hostile request is awaited here (the budget is 5 s; beyond 10 s the figure is "> 10 s"). */
const CAP_MS = 10_000;
/** After a case that outlived its cap, how long the server gets to be responsive again. */
const RECOVERY_MS = 180_000;

let server: RunningServer;
let rates: Awaited<ReturnType<typeof startRatesSource>>;
let ctx: Context;
let startedAt = 0;
const rows = new Map<string, StallRow>(); // a case measured again keeps its last row

beforeAll(async () => {
  startedAt = Date.now(); // the server logs from its start-up on
  // The rates job reads the largest document it accepts, from a local source (its first sweep, then hourly).
  rates = await startRatesSource();
  server = await startServer(PORT, { ...STALL_SERVER_ENV, RIBBON_EXCHANGE_RATES_URL: rates.url });
  ctx = await prepare(server);
});

afterAll(async () => {
  if (rows.size)
    console.log(`\nOne request never stalls the others (cap ${CAP_MS / 1000} s):\n${formatTable([...rows.values()])}`);
  await server?.stop();
  await rates?.close();
});

const CASES = stallCases();

describe("one request never stalls the others", () => {
  it("every route, page, server action, MCP tool and job has its worst case", () => {
    const { entries, uncovered, unknown } = coverage(CASES);
    console.log(
      `Inventory: ${entries.length} entries (${["route", "page", "action", "tool", "job"].map((k) => `${entries.filter((e) => e.startsWith(`${k} `)).length} ${k}s`).join(", ")}), ${CASES.length} cases`,
    );
    expect(uncovered, "entries with no case in tests/server/stall-cases.ts").toEqual([]);
    expect(unknown, "cases naming an entry the inventory lacks").toEqual([]);
    // The build knows every server action: the inventory read from the source must name the same ones.
    expect(builtActions().sort(), "server actions of the build vs the inventory's").toEqual(
      entries.filter((e) => e.startsWith("action ")).sort(),
    );
  });

  it("the health endpoint carries the event loop's delay over the last minute", async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc).toMatchObject({ status: "ok", pid: server.pid, event_loop: { window_seconds: 60 } });
    expect(doc.event_loop.delay_p99_ms).toBeGreaterThan(0);
    expect(doc.event_loop.delay_max_ms).toBeGreaterThanOrEqual(doc.event_loop.delay_p99_ms);
    expect(Array.isArray(doc.event_loop.recent_stalls)).toBe(true);
  });

  // A case over budget is measured once more: a stall repeats, a hiccup of a busy machine rarely does.
  for (const stallCase of CASES)
    it(`${stallCase.endpoint}: ${stallCase.input}`, { retry: 1 }, async () => {
      expect(await waitUntilResponsive(server, RECOVERY_MS), "the server answers again after the case before").toBe(
        true,
      );
      const row = await measure(ctx, stallCase, Math.max(CAP_MS, answerBudget(stallCase) + 5_000));
      rows.set(`${stallCase.endpoint}: ${stallCase.input}`, row);
      expect(row.problems, JSON.stringify(row)).toEqual([]);
      expect(row.polls).toBeGreaterThan(0);
      expect(row.rssGrowthMB).toBeLessThan(BUDGET.rssGrowthBytes / 1024 / 1024);
    });

  it("a block is logged with the routes that ran, at most once per 10 s, never with a token", () => {
    // Before the bounds of issue 30 §1 the cases above block the loop for seconds (the log then
    // has lines to check); lib/http/event-loop.test.ts proves the detector on a synthetic block.
    // The server may still be busy with the last case: only its output is read.
    const blocked = server
      .output()
      .split("\n")
      .filter((l) => l.includes('"event loop blocked"'))
      .map((l) => JSON.parse(l.slice(l.indexOf("{"))));
    expect(blocked.length).toBeLessThanOrEqual(Math.ceil((Date.now() - startedAt) / 10_000) + 1);
    for (const entry of blocked) {
      expect(entry.blocked_ms).toBeGreaterThanOrEqual(200);
      // No route: nothing was in flight (start-up's migrations and demo data block too).
      for (const route of entry.routes) expect(route).toMatch(/^(GET|POST|PUT|PATCH|DELETE|OPTIONS|HEAD) \/[^?]*$/);
    }
    expect(server.output()).not.toContain(ctx.sandboxToken);
    expect(server.output()).not.toContain(ctx.token);
    expect(server.output()).not.toContain("/api/auth/callback/email?");
  });

  it("no transaction held the database over its budget, but those that say why", () => {
    const long = server
      .output()
      .split("\n")
      .filter((l) => l.includes('"transaction over budget"'))
      .map((l) => JSON.parse(l.slice(l.indexOf("{"))) as { ms: number; caller: string; allowed?: string });
    console.log(`Transactions over budget: ${long.length} (${long.filter((t) => t.allowed).length} allowed)`);
    // The server logs against the bare budget; the busiest moment of the run stretches it here, as it does the cases.
    const stretch = Math.max(1, ...[...rows.values()].map((r) => r.stretch));
    expect(long.filter((t) => !t.allowed && t.ms > BUDGET.pollerP99Ms * stretch)).toEqual([]);
  });
});
