// The timing table of a test run, from vitest's JSON reports (`--reporter=json --outputFile.json=…`)
// or Playwright's (`--reporter=json`, PLAYWRIGHT_JSON_OUTPUT_NAME=…): each file's time and test count,
// slowest first, and its slowest tests. With `--budget=S` it exits 1 naming every file that took
// longer than S seconds, so a slow test is named the day it lands.
//
//   tsx scripts/test-timings.ts [--budget=90] [--top=15] [--markdown] REPORT.json…
import { readFileSync } from "node:fs";
import path from "node:path";

/** Files are named relative to where the script runs (the repository root in CI). */
const root = process.cwd();

type VitestReport = {
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: { fullName: string; duration?: number | null; status: string }[];
  }[];
};

type PlaywrightSuite = {
  file: string;
  title: string;
  specs: { title: string; tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
};
type PlaywrightReport = { config: { rootDir: string }; suites: PlaywrightSuite[] };

type FileTiming = { file: string; seconds: number; tests: { fullName: string; duration: number }[] };

function vitestFiles(report: VitestReport): FileTiming[] {
  return report.testResults.map((r) => ({
    file: path.relative(root, r.name),
    seconds: (r.endTime - r.startTime) / 1000,
    tests: r.assertionResults.map((t) => ({ fullName: t.fullName, duration: t.duration ?? 0 })),
  }));
}

// Playwright runs one file's tests one after another on one worker: a file's time is the sum of its
// tests' (each with its share of the hooks), retries included.
function playwrightFiles(report: PlaywrightReport): FileTiming[] {
  return report.suites.map((fileSuite) => {
    const tests: FileTiming["tests"] = [];
    const walk = (suite: PlaywrightSuite, titles: string[]) => {
      for (const spec of suite.specs)
        for (const test of spec.tests)
          tests.push({
            fullName: [...titles, spec.title].join(" › "),
            duration: test.results.reduce((sum, r) => sum + r.duration, 0),
          });
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    };
    walk(fileSuite, []);
    return {
      file: path.relative(root, path.join(report.config.rootDir, fileSuite.file)),
      seconds: tests.reduce((sum, t) => sum + t.duration, 0) / 1000,
      tests,
    };
  });
}

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const budgetS = Number(option("budget") ?? 0);
const top = Number(option("top") ?? 15);
const markdown = args.includes("--markdown");
const reports = args.filter((a) => !a.startsWith("--"));
if (reports.length === 0) {
  console.error("usage: tsx scripts/test-timings.ts [--budget=S] [--top=N] [--markdown] REPORT.json…");
  process.exit(2);
}

const files = reports.flatMap((report) => {
  const suite = path.basename(report, ".json");
  const parsed = JSON.parse(readFileSync(report, "utf8")) as VitestReport | PlaywrightReport;
  const timings = "testResults" in parsed ? vitestFiles(parsed) : playwrightFiles(parsed);
  return timings.map(({ tests, ...f }) => ({
    ...f,
    suite,
    tests: tests.length,
    slowest: [...tests].sort((a, b) => b.duration - a.duration).slice(0, 3),
  }));
});
files.sort((a, b) => b.seconds - a.seconds);

const s = (n: number) => `${n.toFixed(1)} s`;
const total = files.reduce((sum, f) => sum + f.seconds, 0);
const testCount = files.reduce((sum, f) => sum + f.tests, 0);
const rows = files.slice(0, top === 0 ? files.length : top);
if (markdown) {
  console.log(`| suite | file | tests | file time | slowest tests |`);
  console.log(`|---|---|---:|---:|---|`);
  for (const f of rows)
    console.log(
      `| ${f.suite} | \`${f.file}\` | ${f.tests} | ${s(f.seconds)} | ${f.slowest
        .map((t) => `${t.fullName.slice(0, 70).replaceAll("|", "\\|")} (${s(t.duration / 1000)})`)
        .join("; ")} |`,
    );
} else {
  console.log(`${files.length} files, ${testCount} tests, ${s(total)} of file time (workers side by side)`);
  for (const f of rows) console.log(`  ${s(f.seconds).padStart(8)}  ${String(f.tests).padStart(4)} tests  ${f.file}`);
}

const over = budgetS > 0 ? files.filter((f) => f.seconds > budgetS) : [];
if (over.length > 0) {
  console.error(`\nTest files over the ${budgetS} s budget (split them, or move the expensive case to tests/server):`);
  for (const f of over) console.error(`  ${s(f.seconds)}  ${f.file}`);
  process.exit(1);
}
