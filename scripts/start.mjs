// `npm start`: build once if there is no build, then run the production server.
// Installs nothing; migrations, seed and demo data run inside the server (instrumentation.ts).
import { spawn, spawnSync } from "node:child_process";
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
if (!existsSync(".next/BUILD_ID")) {
  console.log("No build found: running `next build` once (about a minute)…");
  const build = spawnSync(next, ["build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = process.env.PORT || "3000";
// Loopback by default: the embedded demo is for this machine. HOST=0.0.0.0 serves other hosts.
const host = process.env.HOST || "127.0.0.1";
const preload = `--import ${new URL("./http-guard.mjs", import.meta.url).href}`;
const env = { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter(Boolean).join(" ") };
const server = spawn(next, ["start", "-p", port, "-H", host], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
