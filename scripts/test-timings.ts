// The timing table of a test run, from vitest's JSON reports (`--reporter=json --outputFile.json=…`):
// each file's wall time and test count, slowest first, and its slowest tests. With `--budget=S` it
// exits 1 naming every file that took longer than S seconds, so a slow test is named the day it lands.
//
//   tsx scripts/test-timings.ts [--budget=90] [--top=15] [--markdown] REPORT.json…
import { readFileSync } from "node:fs";
import path from "node:path";

type Report = {
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: { fullName: string; duration?: number | null; status: string }[];
  }[];
};

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

const root = process.cwd();
const files = reports.flatMap((report) => {
  const suite = path.basename(report, ".json");
  return (JSON.parse(readFileSync(report, "utf8")) as Report).testResults.map((r) => ({
    suite,
    file: path.relative(root, r.name),
    seconds: (r.endTime - r.startTime) / 1000,
    tests: r.assertionResults.length,
    slowest: [...r.assertionResults].sort((a, b) => (b.duration ?? 0) - (a.duration ?? 0)).slice(0, 3),
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
        .map((t) => `${t.fullName.slice(0, 70).replaceAll("|", "\\|")} (${s((t.duration ?? 0) / 1000)})`)
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
