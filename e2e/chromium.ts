// Debian's Chromium as every browser run here launches it: the browser tests (playwright.config.ts),
// the CSV confirm's bench and the dashboard's screenshots. CHROMIUM_PATH points elsewhere.
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
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
