// `npm run lighthouse`: Lighthouse (phone profile: Moto G Power emulation, slow 4G and 4× CPU,
// simulated) on the pages people open first: the home page, sign-in, an untie page (English and Arabic) and the
// OAuth consent screen. It starts the production server (`npm start`'s scripts/start.mjs, a build
// if there is none) on a throwaway data folder with the demo accounts, makes a gift and a
// signed-in session the pages need, runs Lighthouse with Debian's Chromium, and prints the
// median run of each page. Lighthouse (~185 MB) is installed on first use into .lighthouse/,
// not into the project's dependencies. Everything stays on this machine.
//
//   npm run lighthouse                 # 3 runs a page
//   npm run lighthouse -- --runs=1     # quicker, noisier
//   npm run lighthouse -- --pages=untie,untie-ar   # some pages only
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";

const LIGHTHOUSE_VERSION = "12.8.2"; // 13 needs Node 22
const ROOT = path.resolve(import.meta.dirname, "..");
const WORK = path.join(ROOT, ".lighthouse");
const BIN = path.join(WORK, "node_modules", ".bin", "lighthouse");
const PORT = Number(process.env.LIGHTHOUSE_PORT) || 3239;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA = path.join(WORK, "data");
const RESULTS = path.join(WORK, "results");
const RUNS = Number(process.argv.find((a) => a.startsWith("--runs="))?.slice("--runs=".length) ?? 3);
const CHROME = process.env.CHROME_PATH || "/usr/bin/chromium";
// `--pages=untie,untie-ar`: only these pages (names: home, signin, untie, untie-ar, consent).
const ONLY = process.argv
  .find((a) => a.startsWith("--pages="))
  ?.slice("--pages=".length)
  .split(",");

function installLighthouse() {
  const installed = existsSync(path.join(WORK, "node_modules", "lighthouse", "package.json"))
    ? JSON.parse(readFileSync(path.join(WORK, "node_modules", "lighthouse", "package.json"), "utf8")).version
    : null;
  if (installed === LIGHTHOUSE_VERSION) return;
  console.log(`Installing lighthouse@${LIGHTHOUSE_VERSION} into .lighthouse/ (once)…`);
  mkdirSync(WORK, { recursive: true });
  writeFileSync(path.join(WORK, "package.json"), JSON.stringify({ name: "ribbon-lighthouse", private: true }));
  const npm = spawnSync(
    "npm",
    ["install", "--no-audit", "--no-fund", "--loglevel=error", `lighthouse@${LIGHTHOUSE_VERSION}`],
    { cwd: WORK, stdio: "inherit" },
  );
  if (npm.status !== 0) throw new Error("npm install lighthouse failed");
}

function startServer(): ChildProcess {
  rmSync(DATA, { recursive: true, force: true });
  // The embedded database, whatever the shell has in DATABASE_URL.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    APP_URL: BASE,
    RIBBON_DATA_DIR: DATA,
    RIBBON_LOG_REQUESTS: "off",
    NODE_ENV: "production",
  };
  delete env.DATABASE_URL;
  return spawn("node", ["scripts/start.mjs"], { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
}

async function waitFor(url: string, server: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} never answered`);
}

type Demo = {
  accounts: { email: string; live_token: string }[];
  oauth_client: { client_id: string; redirect_uri: string };
};

/** A link gift of the demo team (in `locale` if given): its untie URL is the recipient's page as an email would open it. */
async function untieUrl(demo: Demo, locale?: string): Promise<string> {
  const gift = {
    ...(locale ? { locale } : {}),
    name: "Robin",
    delivery_method: "link",
    collection: "Coffee Lovers",
    design_id: "thank-you",
    message: "Thank you for a wonderful year!",
    from: "The Acme team",
  };
  const response = await fetch(`${BASE}/api/v1/teams/acme-rockets/gifts`, {
    method: "POST",
    headers: { Authorization: `Bearer ${demo.accounts[0].live_token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ gift }),
  });
  if (!response.ok) throw new Error(`creating the gift: ${response.status} ${await response.text()}`);
  return (await response.json()).data.attributes["untie-url"];
}

/** Signs the first demo user in with a magic link from the local outbox; returns the Cookie header of the session. */
async function signIn(email: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrf = await fetch(`${BASE}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = await csrf.json();
  const asked = await fetch(`${BASE}/api/auth/signin/email`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie() },
    body: new URLSearchParams({ email, csrfToken, callbackUrl: `${BASE}/account` }),
    redirect: "manual",
  });
  keep(asked);
  const outbox = await (await fetch(`${BASE}/dev/outbox.json`)).json();
  const message = outbox.data.find((m: { to: string; kind: string }) => m.to === email && m.kind === "signin");
  const link = /https?:\/\/[^\s"<>]+\/api\/auth\/callback\/email[^\s"<>]+/
    .exec(message?.text ?? "")?.[0]
    ?.replace(/&amp;/g, "&");
  if (!link) throw new Error(`no sign-in link for ${email} in the outbox`);
  keep(await fetch(link, { headers: { Cookie: cookie() }, redirect: "manual" }));
  if (![...jar.keys()].some((k) => k.includes("session-token"))) throw new Error("signing in gave no session cookie");
  return cookie();
}

type Scores = {
  performance: number;
  accessibility: number;
  "best-practices": number;
  lcp: number;
  tbt: number;
  cls: number;
  failing: string[];
};

function runLighthouse(name: string, url: string, run: number, cookie?: string): Scores {
  const output = path.join(RESULTS, `${name}-${run}.json`);
  const args = [
    url,
    "--quiet",
    "--only-categories=performance,accessibility,best-practices",
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
    "--output=json",
    `--output-path=${output}`,
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  const result = spawnSync(BIN, args, {
    env: { ...process.env, CHROME_PATH: CHROME },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}`);
  const report = JSON.parse(readFileSync(output, "utf8"));
  const score = (id: string) => Math.round(report.categories[id].score * 100);
  const failing = ["accessibility", "best-practices", "performance"].flatMap((category) =>
    report.categories[category].auditRefs
      .filter(
        (ref: { id: string; weight: number }) =>
          ref.weight > 0 && report.audits[ref.id].score !== null && report.audits[ref.id].score < 0.9,
      )
      .map(
        (ref: { id: string }) =>
          `${category}: ${ref.id} (${report.audits[ref.id].displayValue ?? report.audits[ref.id].score})`,
      ),
  );
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    lcp: Math.round(report.audits["largest-contentful-paint"].numericValue),
    tbt: Math.round(report.audits["total-blocking-time"].numericValue),
    cls: Number(report.audits["cumulative-layout-shift"].numericValue.toFixed(3)),
    failing,
  };
}

async function main() {
  installLighthouse();
  if (!existsSync(CHROME)) throw new Error(`no Chromium at ${CHROME} (apt-get install chromium, or set CHROME_PATH)`);
  rmSync(RESULTS, { recursive: true, force: true });
  mkdirSync(RESULTS, { recursive: true });
  const server = startServer();
  try {
    await waitFor(`${BASE}/`, server);
    const demo: Demo = JSON.parse(readFileSync(path.join(DATA, "demo-credentials.json"), "utf8"));
    const session = await signIn(demo.accounts[0].email);
    const consent = `${BASE}/oauth2/authorize?${new URLSearchParams({ response_type: "code", client_id: demo.oauth_client.client_id, redirect_uri: demo.oauth_client.redirect_uri, state: "lighthouse" })}`;
    const pages: { name: string; label: string; url: string; cookie?: string }[] = [
      { name: "home", label: "`/`", url: `${BASE}/` },
      { name: "signin", label: "`/signin`", url: `${BASE}/signin` },
      { name: "untie", label: "`/untie/<secret>` (a link gift)", url: await untieUrl(demo) },
      { name: "untie-ar", label: "`/untie/<secret>` (a link gift in Arabic)", url: await untieUrl(demo, "ar") },
      { name: "consent", label: "`/oauth2/authorize` (consent, signed in)", url: consent, cookie: session },
    ].filter((page) => !ONLY || ONLY.includes(page.name));
    // One warm-up request each: the first render of a route compiles nothing in production, but fills caches.
    for (const page of pages) await fetch(page.url, { headers: page.cookie ? { Cookie: page.cookie } : {} });

    const loadBefore = loadavg()[0];
    const rows: (Scores & { label: string })[] = [];
    for (const page of pages) {
      const runs = Array.from({ length: RUNS }, (_, i) => runLighthouse(page.name, page.url, i + 1, page.cookie));
      const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
      rows.push({ label: page.label, ...median });
      console.error(`${page.name}: performance ${runs.map((r) => r.performance).join(", ")}`);
    }
    const when = new Date().toISOString().slice(0, 16).replace("T", " ");
    const lines = [
      // Lighthouse's throttling is simulated from what this CPU did: a busy machine lowers performance (TBT) only.
      `Lighthouse ${LIGHTHOUSE_VERSION}, phone profile, median of ${RUNS} run${RUNS === 1 ? "" : "s"} by performance, ${when} UTC, load average ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}:`,
      "",
      "| page | performance | accessibility | best practices | LCP ms | TBT ms | CLS |",
      "|---|---|---|---|---|---|---|",
      ...rows.map(
        (r) =>
          `| ${r.label} | ${r.performance} | ${r.accessibility} | ${r["best-practices"]} | ${r.lcp.toLocaleString("en-US")} | ${r.tbt.toLocaleString("en-US")} | ${r.cls} |`,
      ),
    ];
    console.log(lines.join("\n"));
    for (const r of rows) if (r.failing.length > 0) console.log(`\n${r.label} below 0.9:\n  ${r.failing.join("\n  ")}`);
    writeFileSync(
      path.join(RESULTS, "summary.json"),
      JSON.stringify(
        { lighthouse: LIGHTHOUSE_VERSION, runs: RUNS, at: new Date().toISOString(), pages: rows },
        null,
        2,
      ),
    );
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
