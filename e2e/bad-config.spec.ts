import { spawn } from "node:child_process";
import { expect, test } from "@playwright/test";

// `npm start` with a bad value stops at once, with one line naming the variable and what it accepts.
test("a bad configuration value stops the server with a line that names the variable", async () => {
  const env = {
    ...process.env,
    PORT: "3298",
    RIBBON_DATA_DIR: ".e2e-bad-config",
    RIBBON_SWEEPER: "maybe",
    EMAIL_FROM: "Ribbon",
  };
  const server = spawn("node", ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      server.kill("SIGKILL");
      resolve(null);
    }, 60_000);
    server.on("exit", (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  expect(code, output).not.toBe(0);
  expect(code, "the server stopped by itself").not.toBeNull();
  expect(output).toContain('RIBBON_SWEEPER must be "on" or "off"');
  expect(output).toContain('EMAIL_FROM must be an address, or "Name <address>"');
});
