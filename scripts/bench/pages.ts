// `npm run bench -- pages [--duration=S] [--connections=N] [--check] [--only=untie,docs] [--port=3241] [--cpu-prof=DIR]`
//
// Each page's throughput over HTTP as a share of the API's `GET /api/v1/teams` (with a token),
// measured side by side in one run against the production build on a throwaway embedded database:
// a warm-up round, then the API and the pages in interleaved halves (A B C … A B C …), so a shared
// machine's load moves every figure alike. Also the server time of one request at a time (p50).
// `--check` exits 1 when a page is below its share (docs/performance.md, "Pages as fast as the API"):
// a release check, not a unit test. Each page's size is printed too: its bytes, and how many of them are
// the inline RSC payload (`self.__next_f.push` scripts), and the serving process's CPU per request in
// the one-at-a-time run (/proc/PID/stat). Writes bench/results-pages.json.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { startServer, type RunningServer } from "../../tests/server/server";
import { signIn } from "../../tests/server/sign-in";
import { benchArgs } from "./args";
import { servingPid } from "./server-process";

const args = benchArgs();
const DURATION = Number(args.duration ?? 8);
const CONNECTIONS = Number(args.connections ?? 8);
const only = args.only?.split(",");

/**
 * A page and the least share of the API's throughput it must keep (issue 32's goals); goal 0 is a
 * reference row with no goal, answered with `status` (200 unless said).
 */
type PageSpec = { name: string; path: string; signedIn?: boolean; goal: number; status?: number };

// --cpu-prof=DIR: V8 CPU profiles of the server, written into DIR when it stops.
const PORT = Number(args.port ?? 3241);
const server = await startServer(
  PORT,
  { RIBBON_RATE_LIMIT_API_PER_MINUTE: "100000000" },
  { cpuProfileDir: args["cpu-prof"] || undefined },
);

type Row = {
  figure: string;
  "req/s": number;
  share: string;
  goal: string;
  "p50 ms (1 conn)": number;
  "CPU ms/req (1 conn)": number;
  bytes: number;
  "RSC inline bytes": number;
  note?: string;
};

try {
  const { credentials } = server;
  const account = credentials.accounts[0];
  const team = account.teams[0];
  const cookie = await signIn(server, account.email);
  const untie = await newLinkGift(server, account.live_token);
  const pages: PageSpec[] = [
    { name: "/untie/:token (the recipient)", path: new URL(untie).pathname, goal: 0.5 },
    { name: "/docs", path: "/docs", goal: 0.8 },
    { name: "/signin", path: "/signin", goal: 0.35 },
    { name: "home /", path: "/", goal: 0.35 },
    { name: "/dashboard/:team", path: `/dashboard/${team}`, signedIn: true, goal: 0.35 },
    { name: "/dashboard/:team/send", path: `/dashboard/${team}/send`, signedIn: true, goal: 0.35 },
    { name: "/account", path: "/account", signedIn: true, goal: 0.35 },
    { name: "/teams/:team", path: `/teams/${team}`, signedIn: true, goal: 0.35 },
    // What any page costs before it reads or shows anything: Next's render of the root layout
    // and a few words (the not-found page, no session cookie, no statement).
    { name: "floor: the 404 page", path: "/no-such-page", goal: 0, status: 404 },
  ].filter((p) => !only || only.some((o: string) => p.name.includes(o)));

  const api = { url: `${server.url}/api/v1/teams`, headers: { Authorization: `Bearer ${account.live_token}` } };
  const specs: { name: string; url: string; headers: Record<string, string>; status: number }[] = [
    { name: "API GET /api/v1/teams", ...api, status: 200 },
    ...pages.map((p) => ({
      name: p.name,
      url: server.url + p.path,
      headers: (p.signedIn ? { Cookie: cookie } : {}) as Record<string, string>,
      status: p.status ?? 200,
    })),
  ];
  const sizes: { bytes: number; flight: number }[] = [];
  for (const spec of specs) {
    const answer = await fetch(spec.url, { headers: spec.headers, redirect: "manual" });
    if (answer.status !== spec.status) throw new Error(`${spec.name} answered ${answer.status}`);
    sizes.push(responseSize(await answer.text()));
  }

  const loadBefore = loadavg();
  for (const spec of specs) await autocannon({ ...spec, connections: CONNECTIONS, duration: 2 });
  const rates = specs.map(() => [] as number[]);
  const failures = specs.map(() => 0);
  for (let half = 0; half < 2; half++) {
    for (const [i, spec] of specs.entries()) {
      const result = await autocannon({ ...spec, connections: CONNECTIONS, duration: DURATION / 2 });
      rates[i].push(result.requests.average);
      failures[i] += (spec.status === 200 ? result.non2xx : 0) + result.errors + result.timeouts;
    }
  }
  const single: autocannon.Result[] = [];
  const cpuPerRequest: number[] = [];
  const serving = servingPid(server.pid, PORT);
  for (const spec of specs) {
    const before = cpuTicks(serving);
    const result = await autocannon({ ...spec, connections: 1, amount: 200 });
    cpuPerRequest.push(((cpuTicks(serving) - before) * 10) / result.requests.total);
    single.push(result);
  }

  const apiRate = mean(rates[0]);
  const rows: Row[] = specs.map((spec, i) => {
    const goal = i === 0 ? 1 : pages[i - 1].goal;
    const rate = mean(rates[i]);
    return {
      figure: spec.name,
      "req/s": Math.round(rate),
      share: `${Math.round((100 * rate) / apiRate)}%`,
      goal: goal === 0 || i === 0 ? "" : `≥ ${goal * 100}%`,
      "p50 ms (1 conn)": single[i].latency.p50,
      "CPU ms/req (1 conn)": Number(cpuPerRequest[i].toFixed(1)),
      bytes: sizes[i].bytes,
      "RSC inline bytes": sizes[i].flight,
      ...(failures[i] ? { note: `${failures[i]} failed` } : {}),
    };
  });
  console.log(
    `\nPages as a share of the API (${CONNECTIONS} connections, ${DURATION} s each, ${new Date().toISOString()}):\n`,
  );
  console.table(rows);
  const below = rows.slice(1).filter((row, i) => mean(rates[i + 1]) < pages[i].goal * apiRate || row.note);
  mkdirSync("bench", { recursive: true });
  writeFileSync(
    "bench/results-pages.json",
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        connections: CONNECTIONS,
        durationSeconds: DURATION,
        loadAverageBefore: loadBefore.map((l) => Number(l.toFixed(2))),
        loadAverageAfter: loadavg().map((l) => Number(l.toFixed(2))),
        rows,
      },
      null,
      2,
    )}\n`,
  );
  if (below.length) {
    console.log(`Below their share: ${below.map((r) => r.figure).join(", ")}`);
    if (args.check !== undefined) process.exitCode = 1;
  }
} finally {
  await server.stop();
}

/** utime + stime of a process, in clock ticks (10 ms each on Linux). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/** A response's bytes, and those of its inline RSC payload (the `self.__next_f.push(…)` scripts). */
function responseSize(body: string): { bytes: number; flight: number } {
  let flight = 0;
  for (const match of body.matchAll(/<script[^>]*>(self\.__next_f\.push\([\s\S]*?)<\/script>/g)) {
    flight += Buffer.byteLength(match[1]);
  }
  return { bytes: Buffer.byteLength(body), flight };
}

function mean(values: number[]) {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** A live link gift on the demo team: its untie URL opens the recipient's page with the choice. */
async function newLinkGift(server: RunningServer, token: string): Promise<string> {
  const answer = await fetch(`${server.url}/api/v1/gifts`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      gift: { name: "Kim", delivery_method: "link", collection: "Coffee Lovers", message: "Enjoy", from: "Alex" },
    }),
  });
  const body = (await answer.json()) as { data?: { attributes: { "untie-url": string } } };
  if (!body.data) throw new Error(`creating the gift answered ${answer.status}: ${JSON.stringify(body)}`);
  return body.data.attributes["untie-url"];
}
