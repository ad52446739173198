import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "./e2e/chromium";

// E2E_PORT lets several checkouts run their browser tests side by side.
export const E2E_PORT = Number(process.env.E2E_PORT) || 3210;
export const E2E_DATA_DIR = ".e2e-data";
// Failed guesses (unknown tokens, secrets, untie links) one address may make in 10 minutes: the whole
// suite's deliberate wrong tokens and links come from 127.0.0.1 within that window, so the e2e
// server allows more than the default 30; e2e/guessing.spec.ts floods up to it from a second address.
export const E2E_FAILED_GUESSES = 100;

// Browser tests run against the real `npm start` on a throwaway data folder, in Debian's Chromium.
export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && npm start`,
    url: `http://127.0.0.1:${E2E_PORT}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(E2E_PORT),
      // Listening beyond this machine, as in a container: e2e/from-another-machine.spec.ts reaches it from a second address.
      HOST: "0.0.0.0",
      APP_URL: `http://127.0.0.1:${E2E_PORT}`,
      RIBBON_DATA_DIR: E2E_DATA_DIR,
      RIBBON_SWEEPER_INTERVAL_MS: "500",
      // The webhook tests' receivers listen on loopback, which Ribbon refuses unless told.
      RIBBON_WEBHOOKS_ALLOW_PRIVATE: "1",
      // Every browser test signs in from 127.0.0.1; the per-address limit stays at its default.
      RIBBON_RATE_LIMIT_SIGNIN_PER_IP_PER_HOUR: "1000",
      RIBBON_RATE_LIMIT_FAILED_GUESSES_PER_IP: String(E2E_FAILED_GUESSES),
      // The simulated warehouse ships and delivers quickly, so a test can follow a gift to the door.
      RIBBON_SIMULATED_SHIP_AFTER_S: "3",
      RIBBON_SIMULATED_DELIVER_AFTER_S: "3",
    },
  },
});
