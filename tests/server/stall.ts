import { createHash, randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { RunningServer } from "./server";
import { loadStretch } from "@/lib/testing/load-stretch";
import { waitFor } from "@/lib/testing/wait-for";
import { signIn } from "./sign-in";
import { formBody, formFields } from "./forms";
import { untiePage } from "./untie";
import { fullBulkBody, MAX_BATCH_ADVANCE, MAX_BULK_ACTION, MAX_REMINDERS } from "./stall-cases";

// Shared by tests/server/stall.test.ts and `npm run bench -- --only=stall` (scripts/bench/stall.ts):
// every entry of the inventory (tests/server/inventory.ts) gets its worst input at its documented
// maximum (tests/server/stall-cases.ts) while a second client polls `GET /api/v1/teams`; one row per case.

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
  // Every job runs while the cases do, over what they leave (tests/server/stall-cases.ts).
  RIBBON_SWEEPER: "on",
  RIBBON_SWEEPER_INTERVAL_MS: "500",
  // A transaction may hold the embedded database as long as the poller's p99 may wait.
  RIBBON_TRANSACTION_BUDGET_MS: String(BUDGET.pollerP99Ms),
  // The provider-events route verifies what it is sent (unset, it refuses everything unread).
  RESEND_WEBHOOK_SECRET: `whsec_${Buffer.from("stall-test-provider-secret-32-bytes!").toString("base64")}`,
};

const MB = 1024 * 1024;

export type Context = {
  server: RunningServer;
  token: string;
  sandboxToken: string;
  team: string;
  /** The signed-in dashboard session's cookies. */
  cookie: string;
  /** Signs the owner in again: a session of its own, for a case that ends it. */
  newSession(): Promise<string>;
  /** The upload form's hidden server-action fields (as a browser without JavaScript posts them). */
  uploadFields: [string, string][];
  /** A gift of the largest batch with reminders (set up by `prepare`), and its batch. */
  batchGift: string;
  batchId: string;
  /** A batch of the most gifts a dashboard bulk action takes, for its cancel. */
  cancelBatchId: string;
  /** An address with 10,000 gifts, for the erasure case; and an erasure already made. */
  erasedAddress: string;
  erasureId: string;
  /** A webhook endpoint of the sandbox team. */
  endpointId: string;
  /** A sandbox link gift's untie page. */
  untiePath: string;
  /** An OAuth access token for the MCP server (a sandbox grant of the demo's OAuth client). */
  mcpToken: string;
  /** The demo OAuth client's consent screen (path and query). */
  authorizePath: string;
  /** An invitation to the owner's team, and the invitee's session. */
  invitationPath: string;
  inviteeCookie: string;
};

type Hostile = { method: string; path: string; headers?: Record<string, string>; body?: BodyInit };

export type StallCase = {
  /** The inventory's entries this case is the worst case of (tests/server/inventory.ts ids). */
  covers: string[];
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
  /** A redirect is a right answer (a form posted without JavaScript, a page sending a stranger to sign in). */
  acceptRedirect?: true;
  /** Legitimate work at its documented maximum that takes longer than the 5 s budget to answer, while the others are served. */
  answerBudgetMs?: number;
  /** Statuses that are this case's right answer although the rules above refuse them. */
  acceptStatus?: number[];
  /** Work the request leaves to a job: the poller goes on this long after the answer. */
  settleMs?: number;
  /** What the work left to a job must have done once the case is measured: a problem, or null. */
  outcome?: (ctx: Context, answer: string) => Promise<string | null>;
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
  /** What the wall-time bounds were multiplied by: the machine's load over its cores while the case ran (lib/testing/load-stretch.ts). */
  stretch: number;
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

/** The upload form's server-action fields, read from the page as a browser without JavaScript would. */
async function uploadFormFields(server: RunningServer, team: string, cookie: string): Promise<[string, string][]> {
  const page = await (
    await fetch(`${server.url}/dashboard/${team}/upload?mode=sandbox`, { headers: { cookie } })
  ).text();
  const fields = formFields(page, (f) => f.includes('name="file"'));
  if (!fields) throw new Error(`No upload form:\n${page.slice(0, 1500)}`);
  const kept = fields.filter(([name]) => name !== "file" && name !== "intent");
  if (!kept.some(([name]) => name.startsWith("$ACTION"))) throw new Error("The upload form has no action fields");
  return kept;
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
  const sandbox = account.sandbox_token;
  const linkGifts = (n: number, name: string) => ({
    gift: {
      collection: "Coffee Lovers",
      message: "Thank you!",
      from: "Stall test",
      batch_name: name,
      recipients_attributes: Array.from({ length: n }, (_, i) => ({ name: `${name} ${i}`, delivery_method: "link" })),
    },
  });
  const cancelBatch = await api(
    server,
    "POST",
    "/teams/sandbox/bulk/gifts",
    sandbox,
    linkGifts(MAX_BULK_ACTION, "Cancel"),
  );
  // 10,000 live gifts to one address, sent a year from now: the erasure case's person (erasure is live only).
  const erasedAddress = "erase-me@example.com";
  await timedApi(server, `/teams/${team}/bulk/gifts`, account.live_token, () =>
    fullBulkBody(() => erasedAddress, { scheduled_at: new Date(Date.now() + 365 * 86_400_000).toISOString() }),
  );
  const erasure = await api(server, "POST", `/teams/${team}/erasures`, account.live_token, {
    email: "someone-else@example.com",
  });
  const endpoint = await api(server, "POST", "/teams/sandbox/webhook-endpoints", sandbox, {
    webhook_endpoint: { url: "https://example.com/stall-hook", description: "Stall test" },
  });
  await api(server, "POST", "/teams/sandbox/suppressions", sandbox, {
    suppressions: [{ email: "stall-suppressed@example.com" }],
  });
  return {
    server,
    token: account.live_token,
    sandboxToken: sandbox,
    team,
    cookie,
    newSession: () => signIn(server, account.email),
    uploadFields: await uploadFormFields(server, team, cookie),
    batchGift: batch.data[0].id,
    batchId: batch.data[0].attributes.batch.id,
    cancelBatchId: cancelBatch.data[0].attributes.batch.id,
    erasedAddress,
    erasureId: erasure.data.id,
    endpointId: endpoint.data.id,
    untiePath: (await untiePage(server)).path,
    mcpToken: await mcpToken(server, cookie),
    authorizePath: `/oauth2/authorize?${authorizeQuery(server, "").query}`,
    invitationPath: await invitation(server, team, cookie, INVITEE),
    inviteeCookie: await signIn(server, INVITEE),
  };
}

const INVITEE = "invitee@example.com";

/** Invites `email` to the team as the owner does on the team page (its form, as a browser without JavaScript posts it): the link of the email. */
async function invitation(server: RunningServer, team: string, cookie: string, email: string): Promise<string> {
  const page = await (await fetch(`${server.url}/teams/${team}`, { headers: { cookie } })).text();
  const fields = formFields(
    page,
    (f) => f.includes('data-testid="invite-form"') || (f.includes('name="email"') && f.includes("Send invitation")),
  );
  if (!fields) throw new Error(`No invitation form on the team page:\n${page.slice(0, 1500)}`);
  const sent = await fetch(`${server.url}/teams/${team}`, {
    method: "POST",
    headers: { cookie, origin: server.url },
    body: formBody([...fields.filter(([name]) => name !== "email"), ["email", email]]),
    redirect: "manual",
  });
  if (sent.status >= 400) throw new Error(`The invitation form answered ${sent.status}`);
  return waitFor(
    async () => {
      const outbox = (await (await fetch(`${server.url}/dev/outbox.json?limit=50`)).json()) as {
        data: { to: string; text: string }[];
      };
      return outbox.data
        .filter((m) => m.to === email)
        .map((m) => /\/invitations\/[^\s"<>?]+/.exec(m.text)?.[0])
        .find(Boolean);
    },
    { what: `an invitation email to ${email} in the outbox` },
  );
}

/** A bulk create of a prepared body (built once, posted as is). */
async function timedApi(server: RunningServer, path: string, token: string, body: () => string) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body(),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${(await res.text()).slice(0, 1000)}`);
  await res.arrayBuffer();
}

/** The demo OAuth client's authorization request for the MCP resource, with PKCE over `verifier`. */
function authorizeQuery(server: RunningServer, verifier: string) {
  const { client_id, redirect_uri } = server.credentials.oauth_client;
  const query = new URLSearchParams({
    client_id,
    redirect_uri,
    response_type: "code",
    state: "stall",
    code_challenge: createHash("sha256")
      .update(verifier || "stall-consent-screen-only")
      .digest("base64url"),
    code_challenge_method: "S256",
    resource: `${server.url}/api/mcp`,
  });
  return { query };
}

/**
 * An MCP access token as a host gets one: the demo's OAuth client authorized for the MCP resource
 * with PKCE on the consent screen (a sandbox grant, posted as a browser without JavaScript would),
 * the code exchanged at the token endpoint.
 */
async function mcpToken(server: RunningServer, cookie: string): Promise<string> {
  const { client_id, client_secret, redirect_uri } = server.credentials.oauth_client;
  const verifier = randomBytes(32).toString("base64url");
  const { query } = authorizeQuery(server, verifier);
  const page = `${server.url}/oauth2/authorize?${query}`;
  const headers = { cookie, origin: server.url };
  const html = await (await fetch(page, { headers })).text();
  const fields = formFields(html, (f) => f.includes(">Approve<"));
  if (!fields) throw new Error(`No consent form:\n${html.slice(0, 2000)}`);
  const approved = await fetch(page, { method: "POST", headers, body: formBody(fields), redirect: "manual" });
  const code = new URL(approved.headers.get("location") ?? "", server.url).searchParams.get("code");
  if (!code)
    throw new Error(`The consent gave no code (${approved.status}): ${(await approved.text()).slice(0, 1000)}`);
  const issued = await fetch(`${server.url}/oauth2/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri,
      client_id,
      client_secret,
      code_verifier: verifier,
      resource: `${server.url}/api/mcp`,
    }),
  });
  const token = (await json(issued)) as { access_token?: string };
  if (!token.access_token) throw new Error(`No MCP token: ${JSON.stringify(token)}`);
  return token.access_token;
}

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
  // A job picks up what the request left (due emails, an erasure's rows): the poller goes on meanwhile.
  if (!timedOut && stallCase.settleMs) await new Promise((r) => setTimeout(r, stallCase.settleMs));
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
    stretch: Number(loadStretch().toFixed(2)),
    problems: [],
  };
  // Wall-time bounds, stretched on a machine busier than its cores.
  const within = (ms: number, bound: number) => ms <= bound * row.stretch;
  if (timedOut) row.problems.push(`no answer within ${capMs / 1000} s`);
  else if (!within(answerMs!, answerBudget(stallCase)))
    row.problems.push(`answered in ${row.answerMs} ms > ${answerBudget(stallCase)} ms × ${row.stretch}`);
  const redirect = typeof status === "number" && status >= 300 && status < 400;
  const accepted = typeof status === "number" && stallCase.acceptStatus?.includes(status);
  if (
    typeof status === "number" &&
    !accepted &&
    (status >= 500 || status < 200 || (redirect && !stallCase.acceptRedirect))
  )
    row.problems.push(`answered ${status}: ${body.slice(0, 200)}`);
  const wrong = typeof status === "number" ? stallCase.check?.(status, body) : null;
  if (wrong) row.problems.push(wrong);
  if (!within(row.pollerP99Ms, BUDGET.pollerP99Ms) && !stallCase.holdsTheDatabase)
    row.problems.push(`poller p99 ${row.pollerP99Ms} ms > ${BUDGET.pollerP99Ms} ms × ${row.stretch}`);
  if (!within(row.pollerMaxMs, BUDGET.pollerMaxMs) && !stallCase.holdsTheDatabase)
    row.problems.push(`poller max ${row.pollerMaxMs} ms > ${BUDGET.pollerMaxMs} ms × ${row.stretch}`);
  if (rssMax - rssBefore > BUDGET.rssGrowthBytes)
    row.problems.push(`RSS grew ${row.rssGrowthMB} MB > ${BUDGET.rssGrowthBytes / MB} MB`);
  if (doc === null) row.problems.push("the health endpoint did not answer within 5 s after the case");
  const unfinished = !timedOut && stallCase.outcome ? await stallCase.outcome(ctx, body) : null;
  if (unfinished) row.problems.push(unfinished);
  return row;
}

/** A case's answer budget: 5 s; work that holds the embedded database, three times that (see holdsTheDatabase); or its own. */
export const answerBudget = (stallCase: StallCase) =>
  stallCase.answerBudgetMs ?? BUDGET.answerMs * (stallCase.holdsTheDatabase ? 3 : 1);

/** The table the test and the bench print. */
export function formatTable(rows: StallRow[]): string {
  const head = [
    "endpoint",
    "worst input",
    "status",
    "answer",
    "poller p99",
    "poller max",
    "loop max",
    "RSS +",
    "bounds ×",
    "ok",
  ];
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
    String(r.stretch),
    r.problems.length ? "FAIL" : "ok",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [fmt(head), fmt(widths.map((w) => "-".repeat(w))), ...lines.map(fmt)].join("\n");
}
