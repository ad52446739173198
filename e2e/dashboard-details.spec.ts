import { expect, test } from "@playwright/test";
import { expectAccessible } from "./accessibility";
import { fillSendForm, ownerWithTeam, send, showAllFilters } from "./dashboard-helpers";

// Issue 33's "defects found", each on a desktop (1280) and a phone (390), every state checked by axe-core:
// a batch in its own order, stage names, the bad-filter notice, the compact funnel, full times on
// hover with the zone named, badges apart from their text, a past "Send at", and the preview's
// placeholder link.

for (const [device, width] of [
  ["desktop", 1280],
  ["phone", 390],
] as const) {
  test(`the board and a gift read right on a ${device}`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const owner = await ownerWithTeam(page, Date.now());
    const names = ["Zoe First", "Adam Second", "Mia Third", "Bob Fourth", "Kai Fifth"];
    await send(page.request, owner.live, "/bulk/gifts", {
      batch_name: "In file order",
      recipients_attributes: names.map((name, i) => ({ name, email: `row${i}@example.test` })),
    });
    const sent = await send(page.request, owner.live, "/gifts", {
      name: "Grace Hopper",
      email: "grace@navy.test",
      scheduled_at: new Date().toISOString(),
    });
    const board = `/dashboard/${owner.slug}`;

    // The batch lists in the request's order.
    await page.goto(board);
    await showAllFilters(page);
    await page.getByLabel("Batch").selectOption({ label: "In file order" });
    await page.getByRole("button", { name: "Apply filters" }).click();
    const rows = page.getByTestId("gift-row");
    await expect(rows).toHaveCount(5);
    for (const [i, name] of names.entries()) await expect(rows.nth(i)).toContainText(name);

    // Stages by their names, in the filter and on the badges.
    await expect(page.getByLabel("Stage").locator("option", { hasText: "Awaiting approval" })).toHaveCount(1);
    await expect(page.getByLabel("Stage").locator("option", { hasText: "pending_approval" })).toHaveCount(0);
    await expect(rows.first()).toContainText("Scheduled");

    // The compact funnel: six steps with conversion, the ways out on one line, not a screen's worth.
    await expect(page.getByTestId("funnel-scheduled")).toContainText("5");
    await expect(page.getByTestId("funnel-sent")).toContainText("of created");
    await expect(page.getByTestId("funnel-exits")).toContainText("Left the path: none");
    // Visible first: the board streams in behind its loading skeleton, and a text can match before it shows.
    await expect(page.getByTestId("funnel")).toBeVisible();
    const funnel = (await page.getByTestId("funnel").boundingBox())!;
    expect(funnel.height).toBeLessThan(width === 390 ? 220 : 200);
    // SCREENSHOTS=1 refreshes the docs' pictures of the board (docs/screenshots/).
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: `docs/screenshots/dashboard-batch-${device}.png`, fullPage: true });

    // The charts, drawn without JavaScript, with their numbers: the spend is the API's.
    await expect(page.getByTestId("activity-chart").locator("svg")).toBeVisible();
    // Their words are the page's text, legible on a phone too: at least 12 px, inside the card, values up the side.
    for (const chart of ["activity-chart", "spend-chart"]) {
      const card = (await page.getByTestId(chart).boundingBox())!;
      const labels = page.getByTestId(chart).locator("[data-testid=x-axis] span, [data-testid=y-axis] span");
      expect(await labels.count()).toBeGreaterThanOrEqual(4);
      for (const label of await labels.all()) {
        expect(Number.parseFloat(await label.evaluate((e) => getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(12);
        const box = (await label.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(card.x);
        expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
      }
    }
    await expect(page.getByTestId("activity-chart").getByTestId("y-axis")).toContainText("0");
    const budget = await page.request.get("/api/v1/budget", { headers: { Authorization: `Bearer ${owner.live}` } });
    const spent = Number((await budget.json()).data.attributes.spent);
    await page.goto(board);
    await expect(page.getByTestId("spend-chart")).toContainText(
      `$${spent.toLocaleString("en-US", { minimumFractionDigits: 2 })} spent in`,
    );
    await expectAccessible(page);

    // Bad filters: named in the notice, the page still accessible.
    await page.goto(`${board}?stage=nonsense&from=yesterday&after=%00`);
    await expect(page.getByTestId("query-problems").getByRole("listitem")).toHaveCount(3);
    await expectAccessible(page);

    // The sent gift: the Sent column and the timeline name the zone, with the time to the second on hover.
    await expect(async () => {
      await page.goto(board);
      await expect(page.getByTestId("gift-row").first()).toContainText("UTC", {
        timeout: 1_000,
      });
    }).toPass({ timeout: 20_000 });
    const sentTime = page.getByTestId("gift-row").first().locator("time");
    await expect(sentTime).toHaveAttribute("title", /\d{2}:\d{2}:\d{2} UTC$/);
    await page.goto(`${board}/gifts/${sent.id}`);
    const stamp = page.getByTestId("timeline").locator("time").first();
    await expect(stamp).toHaveText(/\d{2}:\d{2} UTC$/);
    await expect(stamp).toHaveAttribute("title", /\d{2}:\d{2}:\d{2} UTC$/);
    // A badge is a word of its own, not glued to the address before it.
    await expect(page.getByTestId("timeline-email").first()).not.toContainText(/\.test(stored|sent|pending)/);
    await expectAccessible(page);

    // A scheduled gift says when its email goes out.
    const later = await send(page.request, owner.live, "/gifts", {
      name: "Ada Lovelace",
      email: "ada@analytical.test",
      scheduled_at: "2031-03-14T09:00:00Z",
    });
    await page.goto(`${board}/gifts/${later.id}`);
    await expect(page.getByTestId("email-goes-out")).toHaveText("Fri, 14 Mar 2031, 09:00 UTC");
    await expectAccessible(page);
  });

  test(`a past "Send at" is refused beside the field, with "Send now instead"; the preview's link says it is a placeholder (${device})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const owner = await ownerWithTeam(page, Date.now());
    await page.goto(`/dashboard/${owner.slug}/send`);
    await fillSendForm(page);
    await page.getByLabel("Send at (optional)").fill("2020-01-01T09:00");
    await page.getByLabel("Time zone").selectOption("UTC");
    await page.getByRole("button", { name: "Preview and price" }).click();
    await expect(page.getByTestId("error-scheduled_at")).toHaveText(
      "This time has passed (Wed, 1 Jan 2020, 09:00 UTC): pick a later time, or send it now.",
    );
    await expect(page.getByLabel("Send at (optional)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("button", { name: /^Send gift for/ })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Send now instead" }).click();
    await expect(page.getByTestId("sends-at")).toHaveText("5 minutes after you send");
    await expect(page.getByLabel("Send at (optional)")).toHaveValue("");
    await expect(page.getByTestId("preview-placeholder")).toContainText("placeholder that leads nowhere");
    await expectAccessible(page);
    await page.getByRole("button", { name: /^Send gift for/ }).click();
    await expect(page.getByTestId("sent")).toBeVisible();
  });
}
