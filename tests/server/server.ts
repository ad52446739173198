import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const GUARD = new URL("../../scripts/http-guard.mjs", import.meta.url).href;

export type DemoCredentials = {
  accounts: { email: string; teams: string[]; live_token: string; sandbox_token: string }[];
  oauth_client: { client_id: string; client_secret: string; redirect_uri: string };
};

export type RunningServer = {
  url: string;
  pid: number;
  credentials: DemoCredentials;
  /** The server process's resident memory, bytes. */
  rssBytes(): number;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
};

/**
 * The production server the way `npm start` runs it (`next start` with scripts/http-guard.mjs
 * preloaded), on its own port and a fresh embedded database in `.server-test-data/<port>`, with
 * the demo accounts. It listens on `env.HOST`, 127.0.0.1 (npm start's default) unless given.
 * Needs a build (`npx next build`).
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  options: { cpuProfileDir?: string } = {},
): Promise<RunningServer> {
  if (!existsSync(path.join(ROOT, ".next/BUILD_ID")))
    throw new Error("No production build: run `npx next build` first.");
  const dataDir = path.join(ROOT, ".server-test-data", String(port));
  rmSync(dataDir, { recursive: true, force: true });
  const url = `http://127.0.0.1:${port}`;
  const listen = ["start", "-p", String(port), "-H", env.HOST ?? "127.0.0.1"];
  // cpuProfileDir: V8 CPU profiles of the server, written there when it exits. Node refuses
  // --cpu-prof in NODE_OPTIONS, so `next start` then runs under node directly (the guard stays preloaded).
  const [command, commandArgs] = options.cpuProfileDir
    ? [
        process.execPath,
        [
          "--cpu-prof",
          `--cpu-prof-dir=${path.resolve(options.cpuProfileDir)}`,
          path.join(ROOT, "node_modules/next/dist/bin/next"),
          ...listen,
        ],
      ]
    : [path.join(ROOT, "node_modules/.bin/next"), listen];
  const child = spawn(command, commandArgs, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NODE_OPTIONS: `--import ${GUARD}`,
      APP_URL: url,
      RIBBON_DATA_DIR: dataDir,
      RIBBON_SWEEPER: "off",
      RIBBON_LOG_REQUESTS: "off",
      DATABASE_URL: "",
      REDIS_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  };
  const credentialsFile = path.join(dataDir, "demo-credentials.json");
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not start in time:\n${output}`);
    }
    const up = await fetch(`${url}/api/v1`).then(
      () => true,
      () => false,
    );
    if (up && existsSync(credentialsFile)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    credentials: JSON.parse(readFileSync(credentialsFile, "utf8")) as DemoCredentials,
    rssBytes: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))![1]) * 1024,
    output: () => output,
    stop,
  };
}
