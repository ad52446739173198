import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectAccessible } from "./accessibility";
import { ownerWithTeam, send, showAllFilters } from "./dashboard-helpers";

// Working with many gifts on the dashboard: sort by a column, select gifts (ticked, or the whole
// view) and cancel / resend / extend / export them, each gift on its own and once; saved views. At
// 1280 px and 390 px, axe on every page and state, a race from two tabs, and no JavaScript.

type Owner = { live: string };

async function refundsOf(request: APIRequestContext, owner: Owner) {
  const response = await request.get(`/api/v1/charges?page[size]=100`, {
    headers: { Authorization: `Bearer ${owner.live}` },
  });
  expect(response.status()).toBe(200);
  const items: { attributes: { kind: string; amount: string; gift: string | null } }[] = (await response.json()).data;
  return items.filter((item) => item.attributes.kind === "refund").map((item) => item.attributes);
}

/** Axe once the page has arrived (not the loading skeleton of a navigation still streaming). */
async function settledAndAccessible(page: Page) {
  await expect(page.locator("main[aria-busy=true]")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page);
}

/** The gift's checkbox that shows at this width (the table on a desktop, the cards on a phone). */
const tick = (page: Page, name: string) => page.getByLabel(`Select ${name}`).locator("visible=true").check();

async function teamWithGifts(page: Page) {
  const owner = await ownerWithTeam(page, Date.now());
  const ids: Record<string, string> = {};
  for (const name of ["Cleo Zed", "Ada Lovelace", "Bea Young"])
    ids[name] = (
      await send(page.request, owner.live, "/gifts", {
        name,
        email: `${name.split(" ")[0].toLowerCase()}@example.test`,
      })
    ).id;
  return { ...owner, ids };
}

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(label, () => {
    test.use({ viewport });

    test(`sorts, saves a view, ticks gifts and cancels them with one confirmation naming the refund (${label})`, async ({
      page,
    }) => {
      const owner = await teamWithGifts(page);
      const board = `/dashboard/${owner.slug}`;

      // Sort: the URL keeps it; a bad sort is named and ignored, like a bad filter.
      await page.goto(board);
      await showAllFilters(page);
      await page.getByLabel("Sort by").selectOption("recipient");
      await page.getByRole("button", { name: "Apply filters" }).click();
      await expect(page).toHaveURL(/sort=recipient/);
      const names = page.getByTestId("gift-row");
      await expect(names.first()).toContainText("Ada Lovelace");
      await expect(names.last()).toContainText("Cleo Zed");
      await settledAndAccessible(page);
      if (label === "desktop") {
        await page.getByRole("link", { name: /^Recipient/ }).click();
        await expect(page).toHaveURL(/sort=-recipient/);
        await expect(names.first()).toContainText("Cleo Zed");
      }
      await page.goto(`${board}?sort=-password&stage=nope`);
      await expect(page.getByTestId("query-problems")).toContainText("Ignored sort");
      await expect(names).toHaveCount(3);
      await settledAndAccessible(page);

      // Saved views: the filter and sort under a name, listed on the board, then deleted.
      await page.goto(`${board}?sort=-recipient&q=a`);
      await page.getByTestId("save-view").getByLabel("Name").fill("A names, Z first");
      await page.getByRole("button", { name: "Save this view" }).click();
      await expect(page.getByTestId("saved-view-outcome")).toHaveText("Saved the view.");
      await expect(page).toHaveURL(/q=a&sort=-recipient/); // back on the same view
      await page.goto(board);
      await page.getByRole("link", { name: "A names, Z first" }).click();
      await expect(page).toHaveURL(/q=a&sort=-recipient/);
      await page.getByTestId("save-view").getByLabel("Name").fill("A names, Z first");
      await page.getByRole("button", { name: "Save this view" }).click();
      await expect(page.getByTestId("saved-view-outcome")).toContainText("already has a view by that name");
      await settledAndAccessible(page);
      await page.getByRole("button", { name: "Delete the view A names, Z first" }).click();
      await expect(page.getByTestId("saved-view")).toHaveCount(0);

      // Tick two gifts and cancel them: the confirmation names the refund before anything happens.
      await page.goto(board);
      await tick(page, "Ada Lovelace");
      await tick(page, "Bea Young");
      await page.getByRole("button", { name: "Cancel…" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Cancel 2 gifts" })).toBeVisible();
      await expect(page.getByTestId("refund-total")).toContainText("will be refunded");
      await expect(page.getByTestId("selection")).toContainText("Ada Lovelace");
      await settledAndAccessible(page);
      const total = /\$[\d,.]+/.exec((await page.getByTestId("refund-total").textContent())!)![0];
      expect(await refundsOf(page.request, owner)).toHaveLength(0);
      await page.getByRole("button", { name: `Cancel 2 gifts and refund ${total}` }).click();
      await expect(page.getByTestId("bulk-done")).toContainText(`2 gifts cancelled: ${total} refunded`);
      await settledAndAccessible(page);
      const refunds = await refundsOf(page.request, owner);
      expect(refunds).toHaveLength(2);
      const sum = refunds.reduce((s, r) => s - Number(r.amount), 0);
      expect(`$${sum.toLocaleString("en-US", { minimumFractionDigits: 2 })}`).toBe(total);

      // The whole view, resent: scheduled gifts can't be, so nothing is done and each is named with why.
      await page.getByRole("radio", { name: "All 3 in this view" }).check();
      await page.getByRole("button", { name: "Resend…" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Resend the gift email of 3 gifts" })).toBeVisible();
      await page.getByRole("button", { name: "Resend 3 gifts" }).click();
      await expect(page.getByTestId("bulk-refused")).toContainText("Nothing was done");
      await expect(page.getByTestId("bulk-refused")).toContainText("Cleo Zed:");
      await expect(page.getByTestId("bulk-refused")).toContainText("is cancelled");
      await settledAndAccessible(page);

      // Hostile selections: nothing picked, a forged id, no action — each a page that says so, never an error.
      for (const query of ["action=cancel", "action=cancel&gift=gft_forged", "gift=x", "action=cancel&gift=%00"]) {
        const response = await page.goto(`${board}/selection?${query}`);
        expect(response!.status()).toBe(200);
        await expect(page.getByTestId("selection-problem")).toBeVisible();
      }
      await settledAndAccessible(page);
    });
  });
}

test("export selected: only the ticked gifts", async ({ page }) => {
  const owner = await teamWithGifts(page);
  await page.goto(`/dashboard/${owner.slug}`);
  await tick(page, "Bea Young");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export selected" }).click();
  const csv = await (await (await download).createReadStream()).toArray();
  const lines = Buffer.concat(csv).toString("utf8").trim().split(/\r?\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain("Bea Young");
});

test("a bulk cancel raced from two tabs: one refund per gift, each tab naming the gifts the other took", async ({
  page,
}) => {
  const owner = await teamWithGifts(page);
  const board = `/dashboard/${owner.slug}`;
  await page.goto(`${board}?sort=recipient`);
  await page.getByRole("radio", { name: "All 3 in this view" }).check();
  await page.getByRole("button", { name: "Cancel…" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cancel 3 gifts" })).toBeVisible();
  const second = await page.context().newPage();
  await second.goto(page.url());
  const button = (p: Page) => p.getByRole("button", { name: /^Cancel 3 gifts and refund/ });
  await Promise.all([button(page).click(), button(second).click()]);
  // Each gift is cancelled by one tab: a tab that took them all lands on the board, a tab that
  // met gifts the other had cancelled first names them (and says what it did, if anything).
  const outcomes = await Promise.all(
    [page, second].map(async (p) => {
      await expect(p.getByTestId("bulk-done").or(p.getByTestId("bulk-refused")).first()).toBeVisible();
      return (await p.getByTestId("bulk-refused").count()) > 0 ? "refused" : "done";
    }),
  );
  expect(outcomes).toContain("refused");
  const refused = outcomes[0] === "refused" ? page : second;
  await expect(refused.getByTestId("bulk-refused")).toContainText("is cancelled");
  await settledAndAccessible(refused);
  expect(await refundsOf(page.request, owner)).toHaveLength(3);
});

test("the board and its confirmation work without JavaScript: ticked, confirmed, done once", async ({
  browser,
  page,
}) => {
  const owner = await teamWithGifts(page);
  const state = await page.context().storageState();
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: state });
  const plain = await context.newPage();
  // The board itself, whole without JavaScript: the funnel, the charts and the table.
  await plain.goto(`/dashboard/${owner.slug}`);
  await expect(plain.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(plain.getByRole("row", { name: /Cleo Zed/ })).toBeVisible();
  // Tick two gifts and press "Cancel…": the selection form is a plain GET.
  await plain.getByRole("checkbox", { name: /Cleo Zed/ }).check();
  await plain.getByRole("checkbox", { name: /Bea Young/ }).check();
  await plain.getByRole("button", { name: "Cancel…" }).click();
  await expect(plain).toHaveURL(/\/selection\?/);
  const confirm = plain.url();
  await expect(plain.getByRole("heading", { level: 1, name: "Cancel 2 gifts" })).toBeVisible();
  await expect(plain.getByTestId("refund-total")).toContainText("will be refunded");
  await plain.getByTestId("bulk-confirm").getByRole("button").click();
  await expect(plain).toHaveURL(/bulk=cancelled&count=2/);
  expect(await refundsOf(page.request, owner)).toHaveLength(2);
  // The confirmation opened again (its form has a new key) finds the gifts cancelled: refused, no second refund.
  await plain.goto(confirm);
  await plain.getByTestId("bulk-confirm").getByRole("button").click();
  await expect(plain.getByTestId("bulk-refused")).toContainText("is cancelled");
  expect(await refundsOf(page.request, owner)).toHaveLength(2);
  await context.close();
});

test("select all on this page ticks every gift of the page; extend asks for the date", async ({ page }) => {
  const owner = await teamWithGifts(page);
  await page.goto(`/dashboard/${owner.slug}`);
  await page.getByRole("link", { name: "Select all on this page" }).click();
  await expect(page).toHaveURL(/pick=page/);
  await page.getByRole("button", { name: "Extend…" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Extend the expiry of 3 gifts" })).toBeVisible();
  await settledAndAccessible(page);
  // A forged action (an Object prototype's name included) is no action: the page asks for one.
  for (const action of ["toString", "__proto__", "drop"]) {
    await page.goto(`/dashboard/${owner.slug}/selection?scope=picked&action=${action}&gift=${owner.ids["Cleo Zed"]}`);
    await expect(page.getByText("Pick what to do with the gifts: cancel, resend or extend.")).toBeVisible();
  }
});
