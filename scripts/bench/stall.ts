// `npm run bench -- stall [--cap=60] [--only=upload,search] [--port=3239]`: the cases of
// tests/server/stall.test.ts (issue 30: no single request may stall the server) against the
// production build on a throwaway data folder, each awaited up to --cap seconds (default 60),
// the server given up to 10 minutes to answer again after one that outlived it. Prints the table
// of docs/performance.md "One request never stalls the others" and writes bench/results-stall.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { startServer } from "../../tests/server/server";
import { stallCases } from "../../tests/server/stall-cases";
import {
  formatTable,
  measure,
  prepare,
  STALL_SERVER_ENV,
  waitUntilResponsive,
  type StallRow,
} from "../../tests/server/stall";

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string?]));
const capMs = Number(args.cap ?? 60) * 1000;
const only: string[] | undefined = args.only?.split(",");
const all = stallCases();
const cases = only ? all.filter((c) => only.some((o: string) => `${c.endpoint} ${c.input}`.includes(o))) : all;

const server = await startServer(Number(args.port ?? 3239), STALL_SERVER_ENV);
const rows: StallRow[] = [];
try {
  const ctx = await prepare(server);
  for (const stallCase of cases) {
    if (!(await waitUntilResponsive(server, 600_000))) throw new Error("The server did not answer again in 10 minutes");
    const row = await measure(ctx, stallCase, capMs);
    rows.push(row);
    console.log(JSON.stringify(row));
  }
} finally {
  await server.stop();
}
console.log(`\nOne request never stalls the others (cap ${capMs / 1000} s, ${new Date().toISOString()}):\n`);
console.log(formatTable(rows));
for (const row of rows.filter((r) => r.problems.length))
  console.log(`- ${row.endpoint}, ${row.input}: ${row.problems.join("; ")}`);
mkdirSync("bench", { recursive: true });
writeFileSync(
  "bench/results-stall.json",
  `${JSON.stringify({ at: new Date().toISOString(), capMs, rows }, null, 2)}\n`,
);
