// `npm start`: build once if there is no build, then run the production server.
// Installs nothing; migrations, seed and demo data run inside the server (instrumentation.ts).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { invalidConfiguration, listenProblems } from "../lib/config-listen.mjs";

// PORT and HOST go to `next start`, which would refuse them in words of its own: check them
// first, with the config schema's rules and its one line per variable (the rest is checked at boot).
const problems = listenProblems(process.env);
if (problems.length > 0) {
  console.error(`Ribbon could not start: ${invalidConfiguration(problems)}`);
  process.exit(1);
}

const next = "node_modules/.bin/next";
if (!existsSync(".next/BUILD_ID")) await buildOnce();

/**
 * The first start builds the app (`next build`, without its type check: that is `npm run typecheck`'s
 * job, next.config.mjs). It takes one to two minutes on a quiet 2-core machine and longer on a busy
 * one, so it says so, says every 30 s that it is still at it, and how long it took.
 */
async function buildOnce() {
  const started = Date.now();
  const took = () => `${Math.round((Date.now() - started) / 1000)} s`;
  console.log("Ribbon: no build yet, building it once (next build, 1-2 minutes; longer on a busy machine)…");
  const heartbeat = setInterval(() => console.log(`Ribbon: still building (${took()} so far)…`), 30_000);
  const status = await new Promise((resolve) =>
    spawn(next, ["build"], { stdio: "inherit" }).on("exit", (code) => resolve(code ?? 1)),
  );
  clearInterval(heartbeat);
  if (status !== 0) {
    console.error(`Ribbon: the build failed after ${took()}.`);
    process.exit(status);
  }
  console.log(`Ribbon: built in ${took()}. Starting the server…`);
}

const port = process.env.PORT || "3000";
// Loopback by default: the embedded demo is for this machine. HOST=0.0.0.0 serves other hosts.
const host = process.env.HOST || "127.0.0.1";
const preload = `--import ${new URL("./http-guard.mjs", import.meta.url).href}`;
const env = { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter(Boolean).join(" ") };
const server = spawn(next, ["start", "-p", port, "-H", host], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
