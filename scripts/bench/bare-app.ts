// The bare Next.js app the pages bench measures beside Ribbon (scripts/bench/bare-app/): the same
// `next` package, a root layout rendered per request (`connection()`), a page of `<p>ok</p>` and a
// route handler answering a small JSON list. Built into its own folder (scripts/bench/bare-app/.next,
// never Ribbon's .next) when that build is missing or older than the app or the installed Next, and
// served by `next start` on its own port.
//
// Built with webpack: Turbopack's build of a folder inside this repository takes the repository's
// own instrumentation.ts (it resolves it from the workspace root) and fails on Ribbon's imports.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const BARE_APP_DIR = path.join(ROOT, "scripts/bench/bare-app");
const NEXT = path.join(ROOT, "node_modules/.bin/next");

export type BareApp = { url: string; pid: number; stop(): Promise<void> };

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === ".next" || entry.name === "node_modules") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** `next build --webpack scripts/bench/bare-app` unless its build is newer than its code and than Next. */
export function buildBareApp(): void {
  const buildId = path.join(BARE_APP_DIR, ".next/BUILD_ID");
  const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  const next = statSync(path.join(ROOT, "node_modules/next/package.json")).mtimeMs;
  if (built > Math.max(newestSource(BARE_APP_DIR), next)) return;
  console.log("bench: next build of the bare app (scripts/bench/bare-app)…");
  const build = spawnSync(NEXT, ["build", "--webpack", BARE_APP_DIR], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (build.status !== 0) throw new Error("next build of scripts/bench/bare-app failed");
}

/** `next start scripts/bench/bare-app -p PORT`, resolved once its route answers. */
export async function startBareApp(port: number): Promise<BareApp> {
  buildBareApp();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(NEXT, ["start", BARE_APP_DIR, "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the bare app exited (${child.exitCode})`);
    const up = await fetch(`${url}/api/list`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 240) {
      await stop();
      throw new Error(`the bare app did not answer on ${url}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, pid: child.pid!, stop };
}
