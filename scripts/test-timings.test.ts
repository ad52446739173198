import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

// CI's timing steps (.ci/run): each file's time from vitest's and Playwright's JSON reports, and a
// failure naming every file over the budget.
const ROOT = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(os.tmpdir(), "ribbon-timings-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function report(name: string, body: unknown) {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(body));
  return file;
}

async function timings(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/test-timings.ts", ...args],
      { cwd: ROOT },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

const vitest = report("unit", {
  testResults: [
    {
      name: path.join(ROOT, "lib/slow.test.ts"),
      startTime: 0,
      endTime: 90_000,
      assertionResults: [
        { fullName: "slow one", duration: 80_000, status: "passed" },
        { fullName: "quick one", duration: 10, status: "passed" },
      ],
    },
    { name: path.join(ROOT, "lib/quick.test.ts"), startTime: 0, endTime: 2_000, assertionResults: [] },
  ],
});

const playwright = report("browser", {
  config: { rootDir: path.join(ROOT, "e2e") },
  suites: [
    {
      file: "long.spec.ts",
      title: "long.spec.ts",
      specs: [{ title: "top", tests: [{ results: [{ duration: 30_000 }, { duration: 40_000 }] }] }],
      suites: [
        {
          file: "long.spec.ts",
          title: "phone",
          specs: [{ title: "nested", tests: [{ results: [{ duration: 50_000 }] }] }],
        },
      ],
    },
  ],
});

describe("scripts/test-timings.ts", () => {
  it("adds up each file of both reports, slowest first (a retried test counts every attempt)", async () => {
    const { code, stdout } = await timings("--budget=200", vitest, playwright);
    expect(code).toBe(0);
    expect(stdout.split("\n").slice(1, 4)).toEqual([
      "   120.0 s     2 tests  e2e/long.spec.ts",
      "    90.0 s     2 tests  lib/slow.test.ts",
      "     2.0 s     0 tests  lib/quick.test.ts",
    ]);
  });

  it("fails naming every file over the budget, and only those", async () => {
    const { code, stderr } = await timings("--budget=60", vitest, playwright);
    expect(code).toBe(1);
    expect(stderr).toContain("over the 60 s budget");
    expect(stderr).toContain("120.0 s  e2e/long.spec.ts");
    expect(stderr).toContain("90.0 s  lib/slow.test.ts");
    expect(stderr).not.toContain("quick");
  });

  it("names a nested test by its describe blocks in the markdown table", async () => {
    const { stdout } = await timings("--markdown", playwright);
    expect(stdout).toContain("| browser | `e2e/long.spec.ts` | 2 | 120.0 s | top (70.0 s); phone › nested (50.0 s) |");
  });
});
