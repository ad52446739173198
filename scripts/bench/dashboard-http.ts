// The dashboard over HTTP at the bench's size (`npm run bench -- --only=dashboard-http`): signed in
// as the seeded team's owner through the outbox's magic link (tests/server/sign-in.ts), the page
// loaded with a few connections for each view (first page, a stage, a search, one day, oldest
// first), then the whole CSV export read once: first byte, first row, rows a second and the
// serving process's RSS (VmRSS every 100 ms, before and peak). Issue 33's goals in
// docs/performance.md, "The dashboard at a million gifts".
import http from "node:http";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { signIn } from "../../tests/server/sign-in";
import { sampleRss, servingPid, vmRssMb } from "./server-process";

/** One figure of a bench table (`scripts/bench.ts` prints them and writes them to bench/results*.json). */
export type BenchRow = {
  figure: string;
  "req/s"?: number;
  "p50 ms"?: number;
  "p99 ms"?: number;
  seconds?: number;
  "rss MB"?: number;
  note?: string;
};

type Options = {
  base: string;
  port: number;
  /** The started process (npm start's); the one serving is found under it by its listening socket. */
  rootPid: number;
  team: string;
  ownerEmail: string;
  gifts: number;
  /** Seconds each view is loaded for, in two interleaved halves (0: the export alone). */
  duration: number;
  /** How many times the export is read, each measured on its own (the RSS goal holds every time). */
  exportRuns?: number;
  connections?: number;
  /** A search that matches one seeded gift, and a day of the seed's createdAt. */
  search: string;
  day: string;
  /** A campaign (batch) of the team, for /campaigns/:batch_id, and its size. */
  batch: string;
  batchGifts: number;
};

const load1 = () => Number(loadavg()[0].toFixed(1));

export async function dashboardOverHttp(options: Options): Promise<BenchRow[]> {
  const { base, team, connections = 4, duration } = options;
  const pid = servingPid(options.rootPid, options.port);
  const cookie = await signIn({ url: base }, options.ownerEmail);
  const board = `/dashboard/${encodeURIComponent(team)}`;
  const n = options.gifts.toLocaleString("en");
  const views: { figure: string; path: string; expect: string }[] = [
    { figure: `dashboard over HTTP, first page, ${n} gifts`, path: board, expect: "Recipient" },
    { figure: "dashboard over HTTP, ?stage=sent", path: `${board}?stage=sent`, expect: "Recipient" },
    {
      figure: `dashboard over HTTP, ?q=${options.search}`,
      path: `${board}?q=${encodeURIComponent(options.search)}`,
      expect: `${options.search.replace(" ", "")}@example.com`,
    },
    {
      figure: `dashboard over HTTP, one day (from=to=${options.day})`,
      path: `${board}?from=${options.day}&to=${options.day}`,
      expect: "Recipient",
    },
    { figure: "dashboard over HTTP, ?order=oldest", path: `${board}?order=oldest`, expect: "recipient1@example.com" },
    // Issue 33's campaign pages: the team's campaigns, one 10,000-gift campaign, and who sent what.
    { figure: "campaigns over HTTP (/campaigns)", path: `${board}/campaigns`, expect: "Holiday 2026" },
    {
      figure: "one campaign over HTTP (/campaigns/:batch, 10,000 gifts)",
      path: `${board}/campaigns/${encodeURIComponent(options.batch)}`,
      expect: "Holiday 2026",
    },
    { figure: "senders over HTTP (/senders, last 30 days)", path: `${board}/senders`, expect: options.ownerEmail },
    {
      figure: "senders over HTTP, all time (/senders?from=0001-01-01)",
      path: `${board}/senders?from=0001-01-01`,
      expect: options.ownerEmail,
    },
  ];
  const rows: BenchRow[] = [];
  if (duration > 0) rows.push(...(await loadViews(base, cookie, pid, views, connections, duration)));
  // The export: every gift of the team, the campaign's included.
  for (let run = 0; run < (options.exportRuns ?? 1); run++)
    rows.push(await exportOverHttp(`${base}${board}/export.csv`, cookie, pid, options.gifts + options.batchGifts));
  return rows;
}

/** Each view loaded with `connections` for `duration` seconds, in two interleaved halves after a warm-up. */
async function loadViews(
  base: string,
  cookie: string,
  pid: number,
  views: { figure: string; path: string; expect: string }[],
  connections: number,
  duration: number,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const bytes = new Map<string, number>();
  for (const view of views) {
    const answer = await fetch(base + view.path, { headers: { Cookie: cookie }, redirect: "manual" });
    const html = await answer.text();
    if (answer.status !== 200) throw new Error(`${view.path} answered ${answer.status}`);
    // React may split a text node with a comment: compare without them.
    if (!html.replace(/<!-- -->/g, "").includes(view.expect))
      throw new Error(`${view.path}: the page lacks "${view.expect}"`);
    bytes.set(view.path, html.length);
  }
  const options1 = (path: string) => ({ url: base + path, headers: { Cookie: cookie }, connections });
  // autocannon stops on time and drops the requests still in flight, which the server finishes
  // anyway: without waiting for them, the view after a slow one (senders over all time, ~2 s a
  // request) was measured against up to 4 of its leftover scans. On PostgreSQL they run in the
  // database for up to the slowest request's time; on PGlite they queue for its one connection,
  // so one more request of the board returns only once they are done.
  const settled = async (result: autocannon.Result) => {
    await new Promise((resolve) => setTimeout(resolve, result.latency.max));
    await (await fetch(base + views[0].path, { headers: { Cookie: cookie } })).text();
    return result;
  };
  for (const view of views) await settled(await autocannon({ ...options1(view.path), duration: 2 })); // warm-up
  const halves = views.map(() => [] as { result: autocannon.Result; load: number }[]);
  for (let half = 0; half < 2; half++)
    for (const [i, view] of views.entries()) {
      const result = await settled(await autocannon({ ...options1(view.path), duration: duration / 2 }));
      halves[i].push({ result, load: load1() });
    }
  for (const [i, view] of views.entries()) {
    const results = halves[i].map((h) => h.result);
    const failed = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
    const row: BenchRow = {
      figure: view.figure,
      "req/s": Number((results.reduce((sum, r) => sum + r.requests.average, 0) / results.length).toFixed(1)),
      "p50 ms": Math.round(results.reduce((sum, r) => sum + r.latency.p50, 0) / results.length),
      "p99 ms": Math.max(...results.map((r) => r.latency.p99)),
      "rss MB": Math.round(vmRssMb(pid)),
      note: `${connections} conn, ${results.reduce((sum, r) => sum + r.requests.total, 0)} requests; HTML ${Math.round(bytes.get(view.path)! / 1024)} KB; load average ${halves[i].map((h) => h.load).join(", ")}${failed ? `; ${failed} FAILED` : ""}`,
    };
    rows.push(row);
    console.log(row);
  }
  return rows;
}

/** One GET of the whole export, read as it streams; the serving process's RSS sampled meanwhile. */
async function exportOverHttp(url: string, cookie: string, pid: number, gifts: number): Promise<BenchRow> {
  const loadBefore = load1();
  const rss = sampleRss(pid, 100);
  const started = performance.now();
  const { status, firstByte, firstRow, lines, bytes } = await new Promise<{
    status: number;
    firstByte: number;
    firstRow: number;
    lines: number;
    bytes: number;
  }>((resolve, reject) => {
    const request = http.get(url, { headers: { Cookie: cookie } }, (response) => {
      let firstByte = 0;
      let firstRow = 0;
      let lines = 0;
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        const now = performance.now() - started;
        if (!firstByte) firstByte = now;
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
        if (!firstRow && lines > 1) firstRow = now;
        bytes += chunk.length;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, firstByte, firstRow, lines, bytes }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
  const seconds = (performance.now() - started) / 1000;
  const memory = rss.stop();
  const rowsRead = lines - 1;
  if (status !== 200 || rowsRead !== gifts) throw new Error(`export answered ${status} with ${rowsRead} rows`);
  const row: BenchRow = {
    figure: `dashboard export.csv over HTTP, ${gifts.toLocaleString("en")} rows`,
    "req/s": Math.round(rowsRead / seconds),
    seconds: Number(seconds.toFixed(1)),
    "rss MB": memory.peakMb,
    note: `rows/s; first byte ${Math.round(firstByte)} ms, first row ${Math.round(firstRow)} ms; ${Math.round(bytes / 1048576)} MB; serving process RSS ${memory.baselineMb} → peak ${memory.peakMb} MB (growth ${memory.growthMb} MB, VmRSS every 100 ms); load average ${loadBefore} → ${load1()}`,
  };
  console.log(row);
  return row;
}
