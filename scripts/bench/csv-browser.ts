// `npm run bench -- csv-browser [--rows=10000] [--runs=3] [--port=3243]`
//
// The CSV upload's confirm as a person sees it (issue 32's goal: 10,000 rows ≤ 2 s from the click to
// the batch page's content): the production build on a throwaway embedded database, Debian's
// Chromium driven by Playwright, signed in as the demo owner. Each run uploads a file of `--rows`
// rows (each with its own message), previews it, then times the click on "Create …" until the
// batch page (`/dashboard/:team?batch=…`) shows its gift table with no loading skeleton left, and
// separately until the URL is the batch page (the server action's answer and its redirect).
// Prints the median of the runs; writes bench/results-csv-browser.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { chromium } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "../../e2e/chromium";
import { startServer } from "../../tests/server/server";
import { signIn } from "../../tests/server/sign-in";
import { benchArgs } from "./args";

const args = benchArgs();
const ROWS = Number(args.rows ?? 10_000);
const RUNS = Number(args.runs ?? 3);
const HEADER = "name,email,message,from,collection,design,scheduled_at,expires_on,delivery_method";

const server = await startServer(Number(args.port ?? 3243));
const browser = await chromium.launch(CHROMIUM_LAUNCH);
type Run = { redirectMs: number; contentMs: number };
const runs: Run[] = [];
const loadBefore = loadavg();
try {
  const account = server.credentials.accounts[0];
  const team = account.teams[0];
  const cookie = await signIn(server, account.email);
  const context = await browser.newContext({ baseURL: server.url });
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
    }),
  );
  const page = await context.newPage();
  // One warm-up run (route bundles, JIT, the database's caches), then the measured ones.
  for (let run = -1; run < RUNS; run++) {
    const lines = Array.from(
      { length: ROWS },
      (_, i) =>
        `Recipient ${i},r${run + 1}-${i}@example.test,"Thank you, Recipient ${i}, for a great year!",The Bench team,${i % 2 ? "Coffee Lovers" : "Tea Time"},,,,email`,
    );
    const buffer = Buffer.from(`${HEADER}\n${lines.join("\n")}\n`, "utf-8");
    await page.goto(`/dashboard/${team}/upload`);
    await page.getByLabel("CSV file").setInputFiles({ name: `bench-${run + 1}.csv`, mimeType: "text/csv", buffer });
    await page.getByRole("button", { name: "Preview" }).click();
    const create = page.getByRole("button", { name: new RegExp(`^Create ${ROWS.toLocaleString("en")} gifts`) });
    await create.waitFor({ timeout: 60_000 });
    const started = performance.now();
    await create.click();
    await page.waitForURL(/\?(.*&)?batch=bat_/, { timeout: 60_000 });
    const redirectMs = performance.now() - started;
    await page.getByTestId("gift-table").getByTestId("gift-row").first().waitFor({ timeout: 60_000 });
    await page.locator('main[aria-busy="true"]').waitFor({ state: "detached", timeout: 60_000 });
    const contentMs = performance.now() - started;
    const row = { redirectMs: Math.round(redirectMs), contentMs: Math.round(contentMs) };
    console.log(`bench: csv-browser ${run < 0 ? "warm-up" : `run ${run + 1}`}: ${JSON.stringify(row)}`);
    if (run >= 0) runs.push(row);
  }
} finally {
  await browser.close();
  await server.stop();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const result = {
  at: new Date().toISOString(),
  rows: ROWS,
  runs,
  medianRedirectMs: median(runs.map((r) => r.redirectMs)),
  medianContentMs: median(runs.map((r) => r.contentMs)),
  loadAverageBefore: loadBefore.map((l) => Number(l.toFixed(2))),
  loadAverageAfter: loadavg().map((l) => Number(l.toFixed(2))),
};
console.log(
  `\nCSV confirm in the browser, ${ROWS.toLocaleString("en")} rows (PGlite, median of ${RUNS}): click → batch page URL ${(result.medianRedirectMs / 1000).toFixed(2)} s, click → batch page content ${(result.medianContentMs / 1000).toFixed(2)} s (goal ≤ 2 s); load average ${result.loadAverageBefore.join(" ")} → ${result.loadAverageAfter.join(" ")}`,
);
mkdirSync("bench", { recursive: true });
writeFileSync("bench/results-csv-browser.json", `${JSON.stringify(result, null, 2)}\n`);
