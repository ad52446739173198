// `npm run bench -- pages [--duration=S] [--connections=N] [--check] [--only=untie,docs,create] [--port=3241] [--bare-port=3242] [--cpu-prof=DIR] [--pin=off]`
//
// Each of Ribbon's pages as a share of a bare Next.js app's page, measured beside it in one run:
// Ribbon's production build on a throwaway embedded database, and the bare app
// (scripts/bench/bare-app/: the same Next, a root layout rendered per request, `<p>ok</p>`, a
// route handler answering a small JSON list) built into its own folder and served by `next start`
// on the next port. After a warm-up round (each row as long as one run), every row is loaded (8 connections) right after its
// reference, in each of two rounds, and its share is of those adjacent runs, so a shared machine's
// drift moves a row and its reference alike; both servers are pinned to one core and the bench to
// the others (scripts/bench/pin.ts; `--pin=off` does not).
// Each row: req/s, p50 and p99 under load, its share of its reference (the bare page; GET /api/v1/teams of the bare
// route; a sandbox create of GET /api/v1/teams) and its goal (scripts/bench/goals.ts, the one
// home), then one request at a time: p50, the serving process's CPU per request (/proc/PID/stat),
// and the answer's bytes and how many of them are the inline RSC payload (`self.__next_f.push`).
// `--check` exits 1 naming every row below its goal: the release check (docs/performance.md,
// "The release check"), not a CI step. Writes bench/results-pages.json.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { startServer, type RunningServer } from "../../tests/server/server";
import { signIn } from "../../tests/server/sign-in";
import { benchArgs } from "./args";
import { startBareApp } from "./bare-app";
import { describeGoal, GOALS, type Goal, type Reference } from "./goals";
import { pinServers } from "./pin";
import { servingPid } from "./server-process";

const args = benchArgs();
const DURATION = Number(args.duration ?? 8);
const CONNECTIONS = Number(args.connections ?? 8);
const only = args.only?.split(",");

/** One loaded figure: a request, what it must answer, and its goal against its reference. */
type Spec = {
  name: string;
  url: string;
  method?: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  /** The status it must answer; a create answers any 2xx. */
  status: number | "2xx";
  /** Which server answers it, for the CPU a request. */
  server: "ribbon" | "bare";
  goal?: Goal;
  /** This row is the reference of that name. */
  reference?: Reference;
};

// --cpu-prof=DIR: V8 CPU profiles of Ribbon's server, written into DIR when it stops.
const PORT = Number(args.port ?? 3241);
const BARE_PORT = Number(args["bare-port"] ?? PORT + 1);
const bare = await startBareApp(BARE_PORT);
const server = await startServer(
  PORT,
  { RIBBON_RATE_LIMIT_API_PER_MINUTE: "100000000" },
  { cpuProfileDir: args["cpu-prof"] || undefined },
).catch(async (error) => {
  await bare.stop();
  throw error;
});

type Row = {
  figure: string;
  "req/s": number;
  "p50 ms": number;
  "p99 ms": number;
  /** The reference's req/s in the runs just before this row's (the share's denominator). */
  "ref req/s": number | "";
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
  const signedIn = { Cookie: cookie };
  const ribbon = (name: string, path: string, goal: Goal, headers: Record<string, string> = {}, status = 200) => ({
    name,
    url: server.url + path,
    headers,
    status,
    server: "ribbon" as const,
    goal,
  });
  const pages: Spec[] = [
    ribbon("/untie/:token (the recipient)", new URL(untie).pathname, GOALS.untie),
    ribbon("/docs", "/docs", GOALS.docs),
    ribbon("/signin", "/signin", GOALS.signin),
    ribbon("home /", "/", GOALS.home),
    ribbon("/dashboard/:team", `/dashboard/${team}`, GOALS.signedIn, signedIn),
    ribbon("/dashboard/:team/send", `/dashboard/${team}/send`, GOALS.signedIn, signedIn),
    ribbon("/account", "/account", GOALS.signedIn, signedIn),
    ribbon("/teams/:team", `/teams/${team}`, GOALS.signedIn, signedIn),
    // What any page of ours costs before it reads or shows anything: the root layout, the header
    // and footer and a few words (no session cookie, no statement).
    ribbon("the 404 page", "/no-such-page", GOALS.notFound, {}, 404),
    {
      name: "create: POST /api/v1/teams/sandbox/gifts",
      url: `${server.url}/api/v1/teams/sandbox/gifts`,
      method: "POST",
      headers: { Authorization: `Bearer ${account.sandbox_token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        gift: {
          name: "Robin",
          email: "robin@example.com",
          collection: "Coffee Lovers",
          message: "Thanks",
          from: "Alex",
        },
      }),
      status: "2xx",
      server: "ribbon",
      goal: GOALS.create,
    },
  ];
  const specs: Spec[] = [
    { name: "bare page", url: `${bare.url}/`, headers: {}, status: 200, server: "bare", reference: "bare page" },
    {
      name: "bare route",
      url: `${bare.url}/api/list`,
      headers: {},
      status: 200,
      server: "bare",
      reference: "bare route",
    },
    {
      name: "GET /api/v1/teams",
      url: `${server.url}/api/v1/teams`,
      headers: { Authorization: `Bearer ${account.live_token}` },
      status: 200,
      server: "ribbon",
      goal: GOALS.apiTeams,
      reference: "GET /api/v1/teams",
    },
    ...pages.filter((p) => !only || only.some((o: string) => p.name.includes(o))),
  ];
  const answersAsExpected = (spec: Spec, status: number) =>
    spec.status === "2xx" ? status >= 200 && status < 300 : status === spec.status;
  const sizes: { bytes: number; flight: number }[] = [];
  for (const spec of specs) {
    const answer = await fetch(spec.url, {
      method: spec.method,
      headers: spec.headers,
      body: spec.body,
      redirect: "manual",
    });
    if (!answersAsExpected(spec, answer.status)) throw new Error(`${spec.name} answered ${answer.status}`);
    sizes.push(responseSize(await answer.text()));
  }
  const cannon = (spec: Spec) => ({
    url: spec.url,
    method: spec.method ?? "GET",
    headers: spec.headers,
    body: spec.body,
  });

  // --pin=off: leave the kernel to place the servers and the load generator.
  const pinned = args.pin === "off" ? null : pinServers([server.pid, bare.pid]);
  const loadBefore = loadavg();
  // A warm-up of every row as long as one of its runs: V8 optimizes as requests come, and a
  // reference run cold beside a warm Ribbon made Ribbon's shares look twice what they are.
  for (const spec of specs) await autocannon({ ...cannon(spec), connections: CONNECTIONS, duration: DURATION / 2 });
  // Every goal row is loaded right after its reference, in each of two rounds, and its share is of
  // those adjacent runs of the reference: a machine whose speed drifts over the run's minutes
  // moves a row and its reference alike.
  const runs = specs.map(() => [] as autocannon.Result[]);
  const adjacentReference = specs.map(() => [] as number[]);
  const failures = specs.map(() => 0);
  const load = async (i: number) => {
    const spec = specs[i];
    const result = await autocannon({ ...cannon(spec), connections: CONNECTIONS, duration: DURATION / 2 });
    runs[i].push(result);
    const wrongStatus = spec.status === "2xx" || spec.status < 300 ? result.non2xx : 0;
    failures[i] += wrongStatus + result.errors + result.timeouts;
    return result.requests.average;
  };
  const referenceIndex = (reference: Reference) => specs.findIndex((s) => s.reference === reference);
  for (let round = 0; round < 2; round++) {
    for (const [i, spec] of specs.entries()) {
      if (!spec.goal) continue;
      adjacentReference[i].push(await load(referenceIndex(spec.goal.reference)));
      await load(i);
    }
  }
  const single: autocannon.Result[] = [];
  const cpuPerRequest: number[] = [];
  const serving = { ribbon: servingPid(server.pid, PORT), bare: servingPid(bare.pid, BARE_PORT) };
  for (const spec of specs) {
    const before = cpuTicks(serving[spec.server]);
    const result = await autocannon({ ...cannon(spec), connections: 1, amount: 200 });
    cpuPerRequest.push(((cpuTicks(serving[spec.server]) - before) * 10) / result.requests.total);
    single.push(result);
  }

  const rate = (i: number) => mean(runs[i].map((r) => r.requests.average));
  const shareOf = (i: number) => (specs[i].goal ? rate(i) / mean(adjacentReference[i]) : 1);
  const rows: Row[] = specs.map((spec, i) => ({
    figure: spec.name,
    "req/s": Math.round(rate(i)),
    "p50 ms": Math.round(mean(runs[i].map((r) => r.latency.p50))),
    "p99 ms": Math.max(...runs[i].map((r) => r.latency.p99)),
    "ref req/s": spec.goal ? Math.round(mean(adjacentReference[i])) : "",
    share: spec.goal ? `${Math.round(100 * shareOf(i))}% of ${spec.goal.reference}` : "reference",
    goal: spec.goal ? `≥ ${Math.round(spec.goal.least * 100)}%` : "",
    "p50 ms (1 conn)": single[i].latency.p50,
    "CPU ms/req (1 conn)": Number(cpuPerRequest[i].toFixed(1)),
    bytes: sizes[i].bytes,
    "RSC inline bytes": sizes[i].flight,
    ...(failures[i] ? { note: `${failures[i]} failed` } : {}),
  }));
  const at = new Date().toISOString();
  const where = pinned ? `, the servers on CPU ${pinned.serverCpu}, the bench on ${pinned.benchCpus}` : "";
  console.log(
    `\nRibbon beside the bare Next.js app (${CONNECTIONS} connections, ${DURATION} s each${where}, ${at}):\n`,
  );
  console.table(rows);
  const below = specs.flatMap((spec, i) => {
    if (!spec.goal) return [];
    const short = shareOf(i) < spec.goal.least;
    if (!short && !failures[i]) return [];
    const why = short ? `${Math.round(100 * shareOf(i))}%, goal ${describeGoal(spec.goal)}` : "";
    return [`${spec.name} (${[why, failures[i] ? `${failures[i]} failed` : ""].filter(Boolean).join("; ")})`];
  });
  mkdirSync("bench", { recursive: true });
  writeFileSync(
    "bench/results-pages.json",
    `${JSON.stringify(
      {
        at,
        connections: CONNECTIONS,
        durationSeconds: DURATION,
        pinned,
        loadAverageBefore: loadBefore.map((l) => Number(l.toFixed(2))),
        loadAverageAfter: loadavg().map((l) => Number(l.toFixed(2))),
        rows,
        belowGoal: below,
      },
      null,
      2,
    )}\n`,
  );
  if (below.length) {
    console.log(`Below their goal:\n${below.map((b) => `  ${b}`).join("\n")}`);
    if (args.check !== undefined) process.exitCode = 1;
  } else {
    console.log("Every row meets its goal.");
  }
} finally {
  await server.stop();
  await bare.stop();
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
