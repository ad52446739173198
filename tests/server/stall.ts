import { performance } from "node:perf_hooks";
import type { RunningServer } from "./server";
import { signIn } from "./sign-in";

// Issue 30 §2, shared by tests/server/stall.test.ts and `npm run bench -- --only=stall`
// (scripts/bench-stall.ts): each body-reading and computing endpoint gets its worst input at the
// documented maximum size while a second client polls `GET /api/v1/teams`; one row per case.

/** What one hostile request may cost the others (docs/performance.md "One request never stalls the others"). */
export const BUDGET = {
  pollerP99Ms: 200,
  pollerMaxMs: 1_000,
  answerMs: 5_000,
  rssGrowthBytes: 200 * 1024 * 1024,
};

/** The environment a stall run's server needs: no rate limit in the way of the poller or the sign-in. */
export const STALL_SERVER_ENV = {
  RIBBON_RATE_LIMIT_FAILED_GUESSES_PER_IP: "0",
  RIBBON_RATE_LIMIT_API_PER_MINUTE: "0",
  RIBBON_RATE_LIMIT_SIGNIN_PER_IP_PER_HOUR: "0",
  RIBBON_RATE_LIMIT_SIGNIN_PER_ADDRESS_PER_HOUR: "0",
};

const MB = 1024 * 1024;
/** lib/dashboard/upload.ts MAX_UPLOAD_BYTES: the upload form's documented maximum. */
const MAX_UPLOAD_BYTES = 5 * MB;
/** lib/gifts/schema.ts MAX_BULK_RECIPIENTS. */
const MAX_BULK = 10_000;
/** lib/simulation/test-clock.ts MAX_BATCH_ADVANCE: the largest batch one advance moves. */
const MAX_BATCH_ADVANCE = 25;
/** lib/gifts/schema.ts: the most reminders a gift may have. */
const MAX_REMINDERS = 16;
/** lib/http/body-limits.mjs API_BODY_LIMIT and BULK_BODY_LIMIT. */
const API_BODY_LIMIT = MB;
const BULK_BODY_LIMIT = 3 * MB;

export type Context = {
  server: RunningServer;
  token: string;
  sandboxToken: string;
  team: string;
  /** The signed-in dashboard session's cookies. */
  cookie: string;
  /** The upload form's hidden server-action fields (as a browser without JavaScript posts them). */
  uploadFields: [string, string][];
  /** A gift of the largest batch with reminders (set up by `prepare`). */
  batchGift: string;
};

type Hostile = { method: string; path: string; headers?: Record<string, string>; body?: BodyInit };

export type StallCase = {
  endpoint: string;
  input: string;
  request(ctx: Context): Hostile | Promise<Hostile>;
  /** The status of a right answer, when the case has one to check (e.g. a page saying what's wrong). */
  check?: (status: number, body: string) => string | null;
  /**
   * Legitimate work at the documented maximum that writes as much as the database takes in one
   * transaction (10,000 gifts, all or nothing). The embedded PGlite runs in this process's thread
   * and serves one transaction at a time, so other requests wait for it whatever the code does:
   * its answer is held to three times the budget, the poller's figures are reported, not held
   * (docs/performance.md; on PostgreSQL the work runs in the database server).
   */
  holdsTheDatabase?: true;
};

export type StallRow = {
  endpoint: string;
  input: string;
  status: number | "none";
  answerMs: number | null;
  /** Set when the answer didn't come within the cap. */
  timedOutAfterMs?: number;
  pollerP99Ms: number;
  pollerMaxMs: number;
  polls: number;
  eventLoopMaxMs: number | null;
  rssGrowthMB: number;
  problems: string[];
};

async function json(res: Response) {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${res.status}: ${text.slice(0, 500)}`);
  }
}

async function api(server: RunningServer, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const doc = await json(res);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(doc).slice(0, 1000)}`);
  return doc;
}

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The upload form's server-action fields, read from the page as a browser without JavaScript would. */
async function uploadFormFields(server: RunningServer, team: string, cookie: string): Promise<[string, string][]> {
  const page = await (
    await fetch(`${server.url}/dashboard/${team}/upload?mode=sandbox`, { headers: { cookie } })
  ).text();
  const form = [...page.matchAll(/<form[\s\S]*?<\/form>/g)].map(([f]) => f).find((f) => f.includes('name="file"'));
  if (!form) throw new Error(`No upload form:\n${page.slice(0, 1500)}`);
  const fields = [...form.matchAll(/<input[^>]*>/g)]
    .map(([tag]) => [/name="([^"]*)"/.exec(tag)?.[1], unescapeHtml(/value="([^"]*)"/.exec(tag)?.[1] ?? "")])
    .filter(([name]) => name !== undefined && name !== "file" && name !== "intent") as [string, string][];
  if (!fields.some(([name]) => name.startsWith("$ACTION"))) throw new Error("The upload form has no action fields");
  return fields;
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Signs in, reads the upload form, and makes the largest batch the test clock may advance, each gift with the most reminders. */
export async function prepare(server: RunningServer): Promise<Context> {
  const [account] = server.credentials.accounts;
  const team = account.teams[0];
  const cookie = await signIn(server, account.email);
  const reminders = Array.from({ length: MAX_REMINDERS }, (_, i) => `P${i + 1}D`);
  const batch = await api(server, "POST", "/teams/sandbox/bulk/gifts", account.sandbox_token, {
    gift: {
      collection: "Coffee Lovers",
      message: "Thank you!",
      from: "Stall test",
      batch_name: "The largest test-clock batch",
      reminders,
      recipients_attributes: Array.from({ length: MAX_BATCH_ADVANCE }, (_, i) => ({
        name: `Clock ${i}`,
        email: `clock-${i}@example.com`,
        expires_on: day(80),
      })),
    },
  });
  return {
    server,
    token: account.live_token,
    sandboxToken: account.sandbox_token,
    team,
    cookie,
    uploadFields: await uploadFormFields(server, team, cookie),
    batchGift: batch.data[0].id,
  };
}

/** The upload template's header (lib/dashboard/upload.ts): every short row below it is read as a gift. */
const TEMPLATE_HEADER =
  "name,email,message,from,collection,design,scheduled_at,expires_on,delivery_method,locale,reminders,time_zone";

function upload(input: string, csv: () => string): StallCase {
  return {
    endpoint: "POST /dashboard/:team/upload (preview)",
    input,
    request(ctx) {
      const form = new FormData();
      for (const [name, value] of ctx.uploadFields) form.append(name, value);
      form.append("intent", "preview");
      form.append("file", new Blob([csv()], { type: "text/csv" }), "gifts.csv");
      return {
        method: "POST",
        path: `/dashboard/${ctx.team}/upload?mode=sandbox`,
        headers: { cookie: ctx.cookie },
        body: form,
      };
    },
    // The page shown again with the preview's verdict: the action ran (the form's fields were right).
    check: (status, body) =>
      /data-testid="upload-(errors|preview)"/.test(body) ? null : `no preview nor errors on the page (${status})`,
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });

/** Deepest JSON a body limit allows: `{"gift":[[[…]]]}` of `bytes`. */
const deepJson = (bytes: number) => {
  const depth = Math.floor((bytes - 12) / 2);
  return `{"gift":${"[".repeat(depth)}${"]".repeat(depth)}}`;
};

/** 10,000 valid recipients, each padded so the body is just under the bulk limit. */
function fullBulkBody(): string {
  const shell = (recipients: unknown[]) =>
    JSON.stringify({
      gift: {
        collection: "Coffee Lovers",
        message: "Thank you!",
        from: "Stall test",
        batch_name: "3 MB",
        recipients_attributes: recipients,
      },
    });
  const base = Array.from({ length: MAX_BULK }, (_, i) => ({ name: `R${i}`, email: `r${i}@example.com`, from: "" }));
  const spare = BULK_BODY_LIMIT - 1024 - Buffer.byteLength(shell(base));
  const pad = "x".repeat(Math.min(200, Math.floor(spare / MAX_BULK)));
  return shell(base.map((r) => ({ ...r, from: pad })));
}

const search = (input: string, q: string): StallCase => ({
  endpoint: "GET /dashboard/:team?q= (search)",
  input,
  request: (ctx) => ({
    method: "GET",
    path: `/dashboard/${ctx.team}?mode=sandbox&q=${encodeURIComponent(q)}`,
    headers: { cookie: ctx.cookie },
  }),
});

/** The cases, in the order they run: the test clock last (if it outlives its cap, it runs on in the server). */
export const CASES: StallCase[] = [
  {
    endpoint: "POST /api/v1/teams/sandbox/bulk/gifts",
    input: `${MAX_BULK.toLocaleString("en")} invalid recipients {"name":""}`,
    request: (ctx) => ({
      method: "POST",
      path: "/api/v1/teams/sandbox/bulk/gifts",
      headers: bearer(ctx.sandboxToken),
      body: JSON.stringify({
        gift: {
          collection: "Coffee Lovers",
          message: "Hi",
          from: "Stall test",
          recipients_attributes: Array.from({ length: MAX_BULK }, () => ({ name: "" })),
        },
      }),
    }),
  },
  {
    endpoint: "POST /api/v1/teams/sandbox/bulk/gifts",
    input: "3 MB body: 10,000 valid recipients (creates them)",
    holdsTheDatabase: true,
    request: (ctx) => ({
      method: "POST",
      path: "/api/v1/teams/sandbox/bulk/gifts",
      headers: bearer(ctx.sandboxToken),
      body: fullBulkBody(),
    }),
  },
  {
    endpoint: "POST /api/v1/teams/sandbox/bulk/gifts",
    input: "deepest JSON: 3 MB of nested arrays",
    request: (ctx) => ({
      method: "POST",
      path: "/api/v1/teams/sandbox/bulk/gifts",
      headers: bearer(ctx.sandboxToken),
      body: deepJson(BULK_BODY_LIMIT - 1024),
    }),
  },
  {
    endpoint: "POST /api/v1/teams/sandbox/gifts",
    input: "deepest JSON: 1 MB of nested arrays",
    request: (ctx) => ({
      method: "POST",
      path: "/api/v1/teams/sandbox/gifts",
      headers: bearer(ctx.sandboxToken),
      body: deepJson(API_BODY_LIMIT - 1024),
    }),
  },
  upload("header + 100,000 empty lines", () => `${TEMPLATE_HEADER}\n${"\n".repeat(100_000)}`),
  upload("5 MB of empty lines", () => "\n".repeat(MAX_UPLOAD_BYTES)),
  upload("a 4.9 MB header cell", () => `${"h".repeat(Math.floor(4.9 * MB))}\nx\n`),
  upload("header + 10,000 short rows", () => `${TEMPLATE_HEADER}\n${"a,b\n".repeat(MAX_BULK)}`),
  {
    endpoint: "GET /dashboard/:team/export.csv",
    input: "every day from 2000-01-01 to 2999-12-31 (10,500 gifts)",
    request: (ctx) => ({
      method: "GET",
      path: `/dashboard/${ctx.team}/export.csv?mode=sandbox&from=2000-01-01&to=2999-12-31`,
      headers: { cookie: ctx.cookie },
    }),
  },
  search("%_%_%", "%_%_%"),
  search("100 × %_ (the longest search)", "%_".repeat(50)),
  search("regex-like (a+)+$ … (100 chars)", "(a+)+$|.*\\".padEnd(100, "a*")),
  {
    endpoint: "POST /api/v1/teams/sandbox/gifts/:id/simulate",
    input: `{"advance":"P90D","batch":true}, ${MAX_BATCH_ADVANCE} gifts × ${MAX_REMINDERS} reminders`,
    request: (ctx) => ({
      method: "POST",
      path: `/api/v1/teams/sandbox/gifts/${ctx.batchGift}/simulate`,
      headers: bearer(ctx.sandboxToken),
      body: JSON.stringify({ advance: "P90D", batch: true }),
    }),
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

type Health = { event_loop: { recent_stalls: { at: string; ms: number }[] } | null };

/** The server's health document, or null when it doesn't answer within `ms`. */
async function health(server: RunningServer, ms: number): Promise<Health | null> {
  try {
    const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(ms) });
    return (await res.json()) as Health;
  } catch {
    return null;
  }
}

/** Waits (up to `ms`) until the server answers its health endpoint within a second: after a case that outlived its cap. */
export async function waitUntilResponsive(server: RunningServer, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const started = performance.now();
    if ((await health(server, 1_000)) && performance.now() - started < 1_000) return true;
  }
  return false;
}

/**
 * Runs one case: a poller sends `GET /api/v1/teams` one after the other (a 20 ms pause between)
 * while the hostile request runs, and the server's RSS is read at each poll. The answer is
 * awaited at most `capMs`.
 */
export async function measure(ctx: Context, stallCase: StallCase, capMs: number): Promise<StallRow> {
  const { server } = ctx;
  const hostile = await stallCase.request(ctx);
  const rssBefore = server.rssBytes();
  let rssMax = rssBefore;
  const samples: number[] = [];
  let polling = true;
  let pollStarted = 0;
  let pollInFlight = false;
  const poller = (async () => {
    while (polling) {
      pollStarted = performance.now();
      pollInFlight = true;
      try {
        const res = await fetch(`${server.url}/api/v1/teams`, {
          headers: { authorization: `Bearer ${ctx.token}` },
          signal: AbortSignal.timeout(capMs + 5_000),
        });
        await res.arrayBuffer();
      } catch {
        // Counted by its time below.
      }
      pollInFlight = false;
      if (!polling) break;
      samples.push(performance.now() - pollStarted);
      rssMax = Math.max(rssMax, server.rssBytes());
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  // The poller's first answer: the server is idle and warm before the hostile request goes.
  while (samples.length < 3) await new Promise((r) => setTimeout(r, 5));
  samples.length = 0;

  const startedIso = new Date().toISOString();
  const started = performance.now();
  let status: number | "none" = "none";
  let answerMs: number | null = null;
  let body = "";
  let timedOut = false;
  try {
    const res = await fetch(`${server.url}${hostile.path}`, {
      method: hostile.method,
      headers: hostile.headers,
      body: hostile.body,
      redirect: "manual",
      signal: AbortSignal.timeout(capMs),
    });
    body = await res.text();
    status = res.status;
    answerMs = performance.now() - started;
  } catch (error) {
    if ((error as Error).name === "TimeoutError") timedOut = true;
    else throw error;
  }
  // A quick answer can land between two polls: the case counts once a poll has been answered.
  while (!timedOut && samples.length === 0) await new Promise((r) => setTimeout(r, 5));
  polling = false;
  if (pollInFlight) samples.push(performance.now() - pollStarted);
  rssMax = Math.max(rssMax, server.rssBytes());
  if (!timedOut) await poller;

  const doc = await health(server, 5_000);
  const stalls = doc?.event_loop?.recent_stalls.filter((s) => s.at >= startedIso) ?? [];
  const sorted = samples.slice().sort((a, b) => a - b);
  const row: StallRow = {
    endpoint: stallCase.endpoint,
    input: stallCase.input,
    status,
    answerMs: answerMs === null ? null : Math.round(answerMs),
    ...(timedOut ? { timedOutAfterMs: capMs } : {}),
    pollerP99Ms: Math.round(percentile(sorted, 99)),
    pollerMaxMs: Math.round(sorted.at(-1) ?? 0),
    polls: samples.length,
    eventLoopMaxMs: doc ? Math.max(0, ...stalls.map((s) => s.ms)) : null,
    rssGrowthMB: Math.round((rssMax - rssBefore) / MB),
    problems: [],
  };
  if (timedOut) row.problems.push(`no answer within ${capMs / 1000} s`);
  else if (answerMs! > answerBudget(stallCase))
    row.problems.push(`answered in ${row.answerMs} ms > ${answerBudget(stallCase)} ms`);
  if (typeof status === "number" && (status >= 500 || status < 200 || (status >= 300 && status < 400)))
    row.problems.push(`answered ${status}: ${body.slice(0, 200)}`);
  const wrong = typeof status === "number" ? stallCase.check?.(status, body) : null;
  if (wrong) row.problems.push(wrong);
  if (row.pollerP99Ms > BUDGET.pollerP99Ms && !stallCase.holdsTheDatabase)
    row.problems.push(`poller p99 ${row.pollerP99Ms} ms > ${BUDGET.pollerP99Ms} ms`);
  if (row.pollerMaxMs > BUDGET.pollerMaxMs && !stallCase.holdsTheDatabase)
    row.problems.push(`poller max ${row.pollerMaxMs} ms > ${BUDGET.pollerMaxMs} ms`);
  if (rssMax - rssBefore > BUDGET.rssGrowthBytes)
    row.problems.push(`RSS grew ${row.rssGrowthMB} MB > ${BUDGET.rssGrowthBytes / MB} MB`);
  if (doc === null) row.problems.push("the health endpoint did not answer within 5 s after the case");
  return row;
}

/** A case's answer budget: 5 s; work that holds the embedded database, three times that (see holdsTheDatabase). */
const answerBudget = (stallCase: StallCase) => BUDGET.answerMs * (stallCase.holdsTheDatabase ? 3 : 1);

/** The table the test and the bench print. */
export function formatTable(rows: StallRow[]): string {
  const head = ["endpoint", "worst input", "status", "answer", "poller p99", "poller max", "loop max", "RSS +", "ok"];
  const ms = (n: number | null) => (n === null ? "n/a" : `${n.toLocaleString("en")} ms`);
  const lines = rows.map((r) => [
    r.endpoint,
    r.input,
    String(r.status),
    r.timedOutAfterMs ? `> ${r.timedOutAfterMs / 1000} s` : ms(r.answerMs),
    ms(r.pollerP99Ms) + (r.timedOutAfterMs ? "+" : ""),
    ms(r.pollerMaxMs) + (r.timedOutAfterMs ? "+" : ""),
    r.eventLoopMaxMs === null ? "n/a" : r.eventLoopMaxMs === 0 ? "< 50 ms" : ms(r.eventLoopMaxMs),
    `${r.rssGrowthMB} MB`,
    r.problems.length ? "FAIL" : "ok",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [fmt(head), fmt(widths.map((w) => "-".repeat(w))), ...lines.map(fmt)].join("\n");
}
