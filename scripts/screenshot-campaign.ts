// `npx tsx scripts/screenshot-campaign.ts /dashboard/<team>/campaigns/<batch> [--port=3431]`
//
// docs/screenshots/dashboard-campaign-{desktop,phone}.png: a campaign's page at 1280 and 390 px,
// signed in as the first demo account (alex@acme.test, through the local outbox). Made with:
//   1. `RIBBON_DATA_DIR=/tmp/shots PORT=3431 APP_URL=http://127.0.0.1:3431 npm start`, once, then stop it
//      (it writes the demo accounts);
//   2. `npx tsx scripts/seed-campaign.ts --data-dir=/tmp/shots --team=acme-rockets` (10,000 gifts), which
//      prints the campaign's path;
//   3. start the server again on that folder, and run this with the path.
import { chromium } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "../e2e/chromium";
const port = process.argv.find((a) => a.startsWith("--port="))?.slice(7) ?? "3431";
const base = `http://127.0.0.1:${port}`;
const path = process.argv[2];
if (!path?.startsWith("/dashboard/"))
  throw new Error("usage: screenshot-campaign.ts /dashboard/<team>/campaigns/<batch>");
const browser = await chromium.launch(CHROMIUM_LAUNCH);
const context = await browser.newContext({ baseURL: base });
const page = await context.newPage();
await page.goto(`/signin?callbackUrl=${encodeURIComponent(path)}`);
await page.getByLabel("Email").fill("alex@acme.test");
await page.getByRole("button", { name: "Email me a sign-in link" }).click();
await page.getByRole("heading", { name: "Check your email" }).waitFor();
const outbox = await (await page.request.get("/dev/outbox.json?limit=50")).json();
const message = outbox.data.find((m: { to: string; kind: string }) => m.to === "alex@acme.test" && m.kind === "signin");
const link = /https?:\/\/[^\s"<>]+\/api\/auth\/callback\/email[^\s"<>]+/.exec(message.text)![0].replace(/&amp;/g, "&");
await page.goto(link);
for (const [device, width, height] of [
  ["desktop", 1280, 900],
  ["phone", 390, 844],
] as const) {
  await page.setViewportSize({ width, height });
  await page.goto(path);
  await page.getByTestId("campaign-name").waitFor();
  await page.screenshot({ path: `docs/screenshots/dashboard-campaign-${device}.png`, fullPage: true });
  console.log(device, await page.getByTestId("campaign-stats").innerText());
}
await browser.close();
