import { existsSync } from "node:fs";

// Debian's headless Chromium as every browser run here launches it: the browser tests
// (playwright.config.ts), the CSV confirm's bench and the dashboard's screenshots. The headless
// shell (`apt-get install chromium-headless-shell`) is the browser Playwright itself runs headless:
// the same Blink without the full browser around it (a first page load here: 255 ms against the full
// browser's 822 ms). Without it, the full `chromium` in its headless mode. CHROMIUM_PATH points elsewhere.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};
