// `npx tsx scripts/screenshots.ts [--port=3700] [--suffix=after]`
//
// docs/screenshots/first-hour/<page>-<desktop|phone>-<suffix>.png: each page of a new user's first
// hour (FIRST_HOUR_PAGES in e2e/first-hour-pages.ts) at 1440×900 and 390×844, full page (the first
// three screens if that is over 1.5 MB). It signs a new person up on a running server (the magic
// link from the local outbox) and makes their teams and gifts as the browser test does:
//   RIBBON_DATA_DIR=/tmp/shots PORT=3700 APP_URL=http://127.0.0.1:3700 npm start
//   npx tsx scripts/screenshots.ts --port=3700
// A page that fails to open (an older version without it) is reported and skipped.
import { mkdirSync, statSync } from "node:fs";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "../e2e/chromium";
import { buildWorld, FIRST_HOUR_PAGES, VIEWPORTS } from "../e2e/first-hour-pages";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const baseURL = `http://127.0.0.1:${arg("port", "3700")}`;
const suffix = arg("suffix", "after");
const dir = "docs/screenshots/first-hour";
const MAX_BYTES = 1.5 * 1024 * 1024;

async function shoot(page: Page, file: string) {
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  if (statSync(file).size <= MAX_BYTES) return;
  const { width, height } = page.viewportSize()!;
  await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: 0, width, height: height * 3 } });
}

mkdirSync(dir, { recursive: true });
const browser = await chromium.launch(CHROMIUM_LAUNCH);
const owner = await browser.newContext({ baseURL });
const world = await buildWorld(await owner.newPage());
const cookies = await owner.cookies();
const missed: string[] = [];
for (const { device, width, height } of VIEWPORTS) {
  for (const entry of FIRST_HOUR_PAGES) {
    const context = await browser.newContext({ baseURL, viewport: { width, height } });
    if (entry.signedIn) await context.addCookies(cookies);
    const page = await context.newPage();
    const file = `${dir}/${entry.name}-${device}-${suffix}.png`;
    try {
      await entry.open(page, world);
      await page.waitForLoadState("networkidle");
      await shoot(page, file);
      console.log(file, `${Math.round(statSync(file).size / 1024)} KB`);
    } catch (error) {
      missed.push(`${entry.name} (${device}): ${(error as Error).message.split("\n")[0]}`);
    }
    await context.close();
  }
}
await browser.close();
if (missed.length) console.log(`not taken:\n${missed.join("\n")}`);
