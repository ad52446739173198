import { expect, test, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "./accessibility";
import { buildWorld, FIRST_HOUR_PAGES, VIEWPORTS, type World } from "./first-hour-pages";

// Issue 45's "Done means": each page of a new user's first hour (e2e/first-hour-pages.ts), on a
// desktop and a phone, has no axe violation and can be used from the keyboard: pressing Tab alone
// from the top of the page reaches its main action, which shows where the focus is.

let world: World;
let cookies: Awaited<ReturnType<BrowserContext["cookies"]>>;

test.beforeAll(async ({ browser }, info) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: info.project.use.baseURL });
  world = await buildWorld(await context.newPage());
  cookies = await context.cookies();
  await context.close();
});

/** Presses Tab from the top of the page until `target` has the focus; the stops on the way if it never does. */
async function tabTo(page: Page, target: Locator, most: number) {
  // Chrome tabs on from where the focus or the last click was: start again from the document itself.
  await page.evaluate(() => {
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute("tabindex");
    window.scrollTo(0, 0);
  });
  const stops: string[] = [];
  for (let i = 1; i <= most; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return i;
    stops.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return `${el?.tagName.toLowerCase()} "${(el?.innerText || el?.getAttribute("aria-label") || (el as HTMLInputElement)?.name || "").slice(0, 40)}"`;
      }),
    );
  }
  throw new Error(`not reached in ${most} Tab presses; the focus went to:\n${stops.join("\n")}`);
}

/** An outline or a box shadow on the focused element: something shows where the focus is. */
async function focusRing(target: Locator) {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== "none";
  });
}

for (const { device, width, height } of VIEWPORTS) {
  test.describe(`${device} (${width}×${height})`, () => {
    test.use({ viewport: { width, height } });

    for (const entry of FIRST_HOUR_PAGES) {
      test(`${entry.name}: no axe violation; Tab alone reaches its main action, which shows its focus`, async ({
        page,
      }) => {
        if (entry.signedIn) await page.context().addCookies(cookies);
        await entry.open(page, world);
        await expectAccessible(page);

        const action = entry.action(page);
        await expect(action).toHaveCount(1);
        await tabTo(page, action, entry.tabs ?? 30);
        await expect(action).toBeInViewport();
        expect(await focusRing(action), "a visible focus indicator").toBe(true);
        if (entry.activate) await entry.activate(page, world);
      });
    }
  });
}
