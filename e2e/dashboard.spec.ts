import { expect, test } from "@playwright/test";
import { expectAccessible } from "./accessibility";
import { ownerWithTeam, send } from "./dashboard-helpers";
import { replayAs, serverActionOf } from "./server-actions";
import { newestMail, signInHere } from "./signin-links";

// The sender's dashboard, as the people in marketing, HR and finance use it: signed in, on a
// team, live or sandbox, on a desktop and a phone. Every page is checked with axe-core.

test("an owner follows the team's gifts: funnel, filters in the URL, a gift's timeline, cancel with refund, sandbox, phone", async ({
  page,
  browser,
}) => {
  const owner = await ownerWithTeam(page, Date.now());
  const ada = await send(page.request, owner.live, "/gifts", { name: "Ada Lovelace", email: "ada@analytical.test" });
  await send(page.request, owner.live, "/gifts", { name: "Grace Hopper", email: "grace@navy.test" });
  await send(page.request, owner.live, "/bulk/gifts", {
    batch_name: "Q4 thank-yous",
    recipients_attributes: [1, 2, 3].map((n) => ({ name: `Customer ${n}`, email: `customer${n}@example.test` })),
  });

  await page.goto("/dashboard");
  const board = `/dashboard/${owner.slug}`;
  await expect(page).toHaveURL(new RegExp(`${board}$`));
  await expect(page.getByRole("heading", { level: 1, name: owner.teamName })).toBeVisible();
  await expect(page.getByTestId("funnel-scheduled")).toContainText("5");
  await expect(page.getByTestId("gift-row")).toHaveCount(5);
  await expectAccessible(page);

  // Search: the filters go into the URL, and the URL alone shows the same view in another browser.
  await page.getByLabel("Search name or email").fill("lovelace");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/q=lovelace/);
  await expect(page.getByTestId("gift-row")).toHaveCount(1);
  const shared = page.url();
  const colleague = await browser.newContext();
  const colleaguePage = await colleague.newPage();
  await colleaguePage.goto(shared);
  await expect(colleaguePage).toHaveURL(/\/signin/); // not signed in: the link asks for sign-in first
  await colleague.close();

  // The batch filter, and a stage with no gifts: an empty state that says how to get out of it.
  await page.goto(board);
  await page.getByLabel("Batch").selectOption({ label: "Q4 thank-yous" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByTestId("gift-row")).toHaveCount(3);
  await expect(page.getByTestId("funnel-scheduled")).toContainText("3");
  await page.goto(`${board}?stage=delivered`);
  await expect(page.getByRole("heading", { name: "No gifts match these filters" })).toBeVisible();
  await page.goto(`${board}?stage=nonsense&from=yesterday`);
  await expect(page.getByTestId("query-problems")).toContainText("is not a stage");
  await expect(page.getByTestId("gift-row")).toHaveCount(5);

  // One gift: details, the untie link, a timeline; cancelling shows the refund and the timeline grows.
  await page.goto(board);
  await page.getByRole("link", { name: "Ada Lovelace" }).click();
  await expect(page).toHaveURL(new RegExp(`${board}/gifts/${ada.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
  await expect(page.locator("#untie-link")).toContainText("/untie/");
  await expect(page.getByTestId("timeline")).toContainText("Stage: scheduled");
  await expect(page.getByTestId("timeline-charge")).toContainText("Charged $");
  await expectAccessible(page);
  // Cancel asks first (a link to the confirm step, so it works without JavaScript), naming the refund.
  await page.getByRole("link", { name: "Cancel this gift…" }).click();
  await expect(page).toHaveURL(/confirm=cancel/);
  await expect(page.getByTestId("cancel-confirm")).toContainText("Cancelling refunds $");
  await expect(page.getByTestId("cancel-confirm")).toContainText("This can't be undone");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Keep the gift" }).click();
  await expect(page.getByTestId("cancel-confirm")).toHaveCount(0);
  expect(
    (
      await page.request
        .get(`/api/v1/gifts/${ada.id}`, { headers: { Authorization: `Bearer ${owner.live}` } })
        .then((r) => r.json())
    ).data.attributes.stage,
  ).toBe("scheduled");
  await page.getByRole("link", { name: "Cancel this gift…" }).click();
  await page.getByRole("button", { name: /^Yes, cancel and refund \$/ }).click();
  await expect(page.getByTestId("cancelled")).toContainText("is refunded to the team's card");
  await expect(page).toHaveURL(/cancelled=1$/);
  await expect(page.getByText("Cancelled", { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId("timeline-refund")).toContainText("Refunded $");
  await expect(page.getByRole("link", { name: "Cancel this gift…" })).toHaveCount(0);

  // Sandbox: marked as such, empty until the sandbox token sends; live gifts never show there.
  await page.goto(board);
  await page.getByRole("link", { name: "Sandbox" }).click();
  await expect(page).toHaveURL(/mode=sandbox/);
  await expect(page.getByTestId("sandbox-banner")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Send your first gift" })).toBeVisible();
  await expectAccessible(page);
  await send(page.request, owner.sandbox, "/gifts", { name: "Test Person", email: "test@example.test" });
  await page.reload();
  await expect(page.getByTestId("gift-row")).toHaveCount(1);
  await expect(page.getByTestId("gift-row")).toContainText("Test Person");

  // A phone: the same rows stacked as cards (no header row, nothing wider than the screen), still accessible.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(board);
  await expect(page.getByTestId("gift-row")).toHaveCount(5);
  await expect(page.getByTestId("gift-table").locator("thead")).toBeHidden();
  expect((await page.getByTestId("gift-row").first().boundingBox())!.width).toBeLessThanOrEqual(390);
  // The filters past the search fold away (a screen of them before the first gift otherwise); they open on a tap.
  await expect(page.locator("select[name=stage]")).toBeHidden();
  expect((await page.getByRole("search", { name: "Filter gifts" }).boundingBox())!.height).toBeLessThan(260);
  await page.getByText("More filters: stage, dates, batch, sort").click();
  await expect(page.locator("select[name=stage]")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Grace Hopper" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Grace Hopper" })).toBeVisible();
  await expectAccessible(page);
});

test("days that don't exist are named in the notice and ignored; the export exports the view without them (issue 29)", async ({
  page,
}) => {
  const owner = await ownerWithTeam(page, Date.now());
  await send(page.request, owner.live, "/gifts", { name: "Ada Lovelace", email: "ada@analytical.test" });
  const board = `/dashboard/${owner.slug}`;
  for (const query of ["from=2026-02-30&to=2026-04-31", "from=0000-01-01", "to=2025-02-29"]) {
    const answer = await page.goto(`${board}?${query}`);
    expect(answer?.status(), query).toBe(200);
    await expect(page.getByTestId("query-problems")).toContainText("is not a date (YYYY-MM-DD)");
    await expect(page.getByTestId("gift-row")).toHaveCount(1);
    const csv = await page.request.get(`${board}/export.csv?${query}`);
    expect(csv.status(), query).toBe(200);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines, query).toHaveLength(2);
    expect(lines[1]).toContain("Ada Lovelace");
  }
});

test("a viewer sees the team's gifts but can't cancel them, even by posting the owner's form", async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const owner = await ownerWithTeam(page, stamp);
  const [first, second] = [
    await send(page.request, owner.live, "/gifts", { name: "First Gift", email: "first@example.test" }),
    await send(page.request, owner.live, "/gifts", { name: "Second Gift", email: "second@example.test" }),
  ];
  await send(page.request, owner.live, "/gifts", {
    name: '=HYPERLINK("http://evil.test")',
    email: "evil@example.test",
  });

  // The owner invites a viewer from the team's page.
  const viewerEmail = `dash-viewer-${stamp}@example.test`;
  await page.goto(`/teams/${owner.slug}`);
  await page.getByTestId("invite-form").getByLabel("Email").fill(viewerEmail);
  await page.getByTestId("invite-form").getByLabel("Role").selectOption("viewer");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByTestId("invite-form").getByRole("status")).toContainText(viewerEmail);
  const link = /http:\/\/[^\s"<>]+\/invitations\/[1-9A-HJ-NP-Za-km-z]+/.exec(
    (await newestMail(page.request, viewerEmail, "team-invitation")).text,
  )![0];

  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await viewer.goto(link);
  await signInHere(viewer, viewerEmail);
  await expect(viewer.getByRole("heading", { name: `Join ${owner.teamName} as a viewer` })).toBeVisible();
  await viewer.getByRole("button", { name: `Accept and join ${owner.teamName}` }).click();
  await expect(viewer).toHaveURL(new RegExp(`/teams/${owner.slug}\\?joined=1$`));

  // The viewer's dashboard: the team's gifts, no cancel button.
  await viewer.goto("/dashboard");
  await expect(viewer).toHaveURL(new RegExp(`/dashboard/${owner.slug}$`));
  await expect(viewer.getByTestId("gift-row")).toHaveCount(3);

  // The viewer exports the view: a CSV download, one line per gift, formulas neutralised.
  const download = await viewer.request.get(`/dashboard/${owner.slug}/export.csv`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(download.headers()["content-disposition"]).toMatch(/^attachment; filename="ribbon-gifts-/);
  const lines = (await download.text()).trim().split("\r\n");
  expect(lines[0]).toBe(
    "id,recipient_name,email,delivery_method,collection,stage,sent_by,batch_id,batch_name,created_at,sent_at,expires_on,price,currency",
  );
  expect(lines).toHaveLength(4);
  expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
  // Someone not on the team, or not signed in, exports nothing.
  const stranger = await browser.newContext();
  expect((await stranger.request.get(`/dashboard/${owner.slug}/export.csv`)).status()).toBe(401);
  await stranger.close();
  await viewer.getByRole("link", { name: "Second Gift" }).click();
  await expect(viewer.getByRole("heading", { level: 1, name: "Second Gift" })).toBeVisible();
  await expect(viewer.getByRole("link", { name: "Cancel this gift…" })).toHaveCount(0);
  // Nor at the confirm step's URL.
  await viewer.goto(`/dashboard/${owner.slug}/gifts/${second.id}?confirm=cancel`);
  await expect(viewer.getByTestId("cancel-confirm")).toHaveCount(0);

  // The owner cancels the first gift; the viewer replays that post, aimed at the second gift.
  await page.goto(`/dashboard/${owner.slug}/gifts/${first.id}?confirm=cancel`);
  const cancel = await serverActionOf(page, () => page.getByRole("button", { name: /^Yes, cancel/ }).click());
  await expect(page.getByTestId("cancelled")).toContainText("Gift cancelled");
  const forged = cancel.postDataBuffer()!.toString("utf8").replaceAll(first.id, second.id);
  const headers = await cancel.allHeaders();
  for (const name of ["cookie", "content-length", "host", "connection"]) delete headers[name];
  const replay = await viewerContext.request.post(cancel.url(), { headers, data: forged });
  expect(await replay.text()).toContain("Viewers can see");
  // And the owner's exact post, replayed by the viewer, changes nothing either.
  await replayAs(viewerContext, cancel);
  const still = await page.request.get(`/api/v1/gifts/${second.id}`, {
    headers: { Authorization: `Bearer ${owner.live}` },
  });
  expect((await still.json()).data.attributes.stage).toBe("scheduled");
  await viewerContext.close();
});

test("someone who never reads the API docs sends one gift: errors beside their fields, the email and price first, one gift however often they click", async ({
  page,
}) => {
  const owner = await ownerWithTeam(page, Date.now());
  await page.goto(`/dashboard/${owner.slug}`);
  // A new team's first screen is the way to its first gift: no empty funnel, charts or filters before it.
  await expect(page.getByRole("heading", { name: "Send your first gift" })).toBeVisible();
  await expect(page.getByTestId("funnel")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Apply filters" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Try it free in the sandbox" })).toHaveAttribute("href", /mode=sandbox/);
  await page.getByRole("link", { name: "Send your first gift" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Send a gift" })).toBeVisible();
  await expectAccessible(page);

  // Nothing filled in: each problem beside its own field, nothing sent.
  await page.getByRole("button", { name: "Preview and price" }).click();
  for (const field of ["name", "collection", "message", "from"])
    await expect(page.getByTestId(`error-${field}`)).toBeVisible();
  await expect(page.getByLabel("Recipient's name")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await page.getByLabel("Recipient's name").fill("Ada Lovelace");
  await page.getByLabel("Recipient's email").fill("ada@analytical.test");
  await page.getByRole("radio", { name: /Coffee Lovers/ }).check();
  await page.getByLabel("Message").fill("Thank you for the engine notes.");
  await page.getByLabel("From", { exact: true }).fill("Charles");
  await page.getByLabel("Recipient's language").selectOption({ label: "Español" });
  await page.getByRole("button", { name: "Preview and price" }).click();
  await expect(page.getByTestId("price")).toContainText("Coffee Lovers");
  const preview = page.frameLocator("iframe[title='The email as the recipient will see it']");
  await expect(preview.getByText("Thank you for the engine notes.")).toBeVisible();
  // The email in the recipient's language; the sender's message as written.
  await expect(preview.getByText("Hola, Ada Lovelace:")).toBeVisible();
  await expect(page.getByLabel("Recipient's language")).toHaveValue("es");
  await expect(page.getByLabel("Recipient's name")).toHaveValue("Ada Lovelace"); // the form keeps what was typed
  await expectAccessible(page);

  // A double-click on "Send": one gift.
  const send = page.getByRole("button", { name: /^Send gift for \$/ });
  await send.dblclick();
  await expect(page.getByTestId("sent")).toContainText("Ribbon emails ada@analytical.test");
  await expect(page.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
  const list = await page.request.get("/api/v1/gifts", { headers: { Authorization: `Bearer ${owner.live}` } });
  expect((await list.json()).data).toHaveLength(1);
  expect((await list.json()).data[0].attributes.locale).toBe("es");
  // Back and submit the same form again: still one gift.
  await page.goBack();
  if (await send.isVisible()) {
    await send.click();
    await expect(page.getByTestId("sent")).toBeVisible();
  }
  const again = await page.request.get("/api/v1/gifts", { headers: { Authorization: `Bearer ${owner.live}` } });
  expect((await again.json()).data).toHaveLength(1);
});

test("a team billed in euros sees euros: the send form's preview, the gift's page and the board", async ({ page }) => {
  const owner = await ownerWithTeam(page, Date.now());
  const currency = await page.request.patch("/api/v1/budget", {
    headers: { Authorization: `Bearer ${owner.live}`, "Content-Type": "application/vnd.api+json" },
    data: { budget: { currency: "EUR" } },
  });
  expect(currency.status(), await currency.text()).toBe(200);

  // The preview prices the USD collection as the API's dry run does: converted into euros.
  await page.goto(`/dashboard/${owner.slug}/send`);
  await page.getByLabel("Recipient's name").fill("Ada Lovelace");
  await page.getByLabel("Recipient's email").fill("ada@analytical.test");
  await page.getByRole("radio", { name: /Coffee Lovers/ }).check();
  await page.getByLabel("Message").fill("Thank you for the engine notes.");
  await page.getByLabel("From", { exact: true }).fill("Charles");
  await page.getByRole("button", { name: "Preview and price" }).click();
  const price = page.getByTestId("price");
  await expect(price).toContainText(/€\d+\.\d\d/);
  await expect(price).not.toContainText("$");
  const euros = (await price.locator("dd.tabular-nums").first().textContent())!.trim();
  await page.getByRole("button", { name: `Send gift for ${euros}` }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
  await expect(page.getByTestId("timeline-charge")).toContainText(`Charged ${euros}`);
  await expect(page.getByText(euros, { exact: true })).toBeVisible();
  await page.goto(`/dashboard/${owner.slug}`);
  await expect(page.getByTestId("gift-row")).toHaveCount(1);
  await expect(page.getByTestId("gift-row")).toContainText(euros);
  await expect(page.getByTestId("gift-row")).not.toContainText("$");
  await expect(page.getByTestId("spend-chart")).toContainText(`${euros} spent in`);
});

test("a gift to Brazil: the preview adds its duty and tax on arrival, and the send charges exactly that landed price", async ({
  page,
}) => {
  const owner = await ownerWithTeam(page, Date.now());
  await page.goto(`/dashboard/${owner.slug}/send`);
  await page.getByLabel("Recipient's name").fill("Bruna Alves");
  await page.getByLabel("Recipient's email").fill("bruna@example.test");
  await page.getByRole("radio", { name: /Coffee Lovers/ }).check();
  await page.getByLabel("Message").fill("Obrigado!");
  await page.getByLabel("From", { exact: true }).fill("Charles");
  // Only the countries the team's collections reach are offered.
  const country = page.getByLabel("Recipient's country (optional)");
  await expect(country.locator("option", { hasText: "Antarctica" })).toHaveCount(0);
  await country.selectOption({ label: "Brazil" });
  await page.getByRole("button", { name: "Preview and price" }).click();
  // Remessa Conforme on a $48.00 gift: 20 % duty, ICMS 17 % on a base that includes it.
  await expect(page.getByTestId("arrival")).toContainText("$9.60 duty and $11.80 tax");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Send gift for $69.40" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Bruna Alves" })).toBeVisible();
  await expect(page.getByTestId("timeline-charge")).toContainText("Charged $69.40");
  const list = await page.request.get("/api/v1/gifts", { headers: { Authorization: `Bearer ${owner.live}` } });
  const [gift] = (await list.json()).data;
  expect(gift.attributes).toMatchObject({ "recipient-country": "BR", price: "69.40", duties: "9.60", taxes: "11.80" });
});

test("a person on two teams picks one, switches between them, and sends from a phone", async ({ page }) => {
  const stamp = Date.now();
  const owner = await ownerWithTeam(page, stamp);
  const second = `Second Team ${stamp}`;
  await page.goto("/account");
  await page.getByLabel("Team name").fill(second);
  await page.getByRole("button", { name: "Create a team" }).click();
  await expect(page).toHaveURL(/\/teams\/second-team-\d+\?created=1$/);
  const secondSlug = (await page.getByTestId("team-id").textContent())!.trim();

  await page.goto("/dashboard");
  await expect(page.getByText("You belong to 2 teams")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: new RegExp(second) }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${secondSlug}$`));
  await expect(page.getByRole("heading", { level: 1, name: second })).toBeVisible();
  await page.getByRole("navigation", { name: "Your teams" }).getByRole("link", { name: owner.teamName }).click();
  await expect(page.getByRole("heading", { level: 1, name: owner.teamName })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("link", { name: "Send a gift" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Send a gift" })).toBeVisible();
  await page.getByRole("button", { name: "Preview and price" }).click();
  await expect(page.getByTestId("error-name")).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Recipient's name").fill("Kim");
  await page.getByRole("radio", { name: "A link you share" }).check();
  await page.getByRole("radio", { name: /Coffee Lovers/ }).check();
  await page.getByLabel("Message").fill("Enjoy!");
  await page.getByLabel("From", { exact: true }).fill("Alex");
  await page.getByRole("button", { name: "Preview and price" }).click();
  await page.getByRole("button", { name: /^Send gift for \$/ }).click();
  await expect(page.getByTestId("sent")).toContainText("Copy its untie link below");
  await expect(page.locator("#untie-link")).toContainText("/untie/");
  await expectAccessible(page);
});

test("an owner sets a monthly budget on the team's page; a create past it is refused with 402 and the page shows the spend", async ({
  page,
}) => {
  const owner = await ownerWithTeam(page, Date.now());
  await page.goto(`/teams/${owner.slug}`);
  await expect(page.getByTestId("budget-summary")).toContainText("no monthly budget");
  const form = page.getByTestId("budget-form");
  await form.getByLabel("Monthly budget ($)").fill("ten dollars");
  await form.getByRole("button", { name: "Save limits" }).click();
  await expect(form.getByRole("alert")).toContainText('The monthly budget must be an amount like "500.00"');
  await form.getByLabel("Monthly budget ($)").fill("$60");
  await form.getByRole("button", { name: "Save limits" }).click();
  await expect(form.getByRole("status")).toHaveText("Limits saved.");
  await page.reload();
  await expect(page.getByTestId("budget-summary")).toContainText("of a $60.00 monthly budget");
  await expectAccessible(page);

  await send(page.request, owner.live, "/gifts", { name: "Within", email: "within@example.test" });
  const over = await page.request.post("/api/v1/gifts", {
    headers: { Authorization: `Bearer ${owner.live}`, "Content-Type": "application/vnd.api+json" },
    data: {
      gift: { name: "Over", email: "over@example.test", collection: "Coffee Lovers", message: "Hi", from: "Me" },
    },
  });
  expect(over.status()).toBe(402);
  expect((await over.json()).errors[0].code).toBe("budget_exceeded");
  await page.reload();
  await expect(page.getByTestId("budget-summary")).toContainText("Spent in");
});

test.describe("a sender whose browser is in New York", () => {
  test.use({ timezoneId: "America/New_York" });

  test("schedules a gift in their own time: the form takes their zone, the preview names it, the gift goes out at that instant; a forged zone is refused beside its field", async ({
    page,
  }) => {
    const owner = await ownerWithTeam(page, Date.now());
    await page.goto(`/dashboard/${owner.slug}/send`);
    const zone = page.getByLabel("Time zone");
    await expect(zone).toHaveValue("America/New_York"); // the browser's, not the server's UTC
    await page.getByLabel("Recipient's name").fill("Ada Lovelace");
    await page.getByLabel("Recipient's email").fill("ada@analytical.test");
    await page.getByRole("radio", { name: /Coffee Lovers/ }).check();
    await page.getByLabel("Message").fill("See you at nine.");
    await page.getByLabel("From", { exact: true }).fill("Charles");
    await page.getByLabel("Send at (optional)").fill("2030-07-15T09:00");

    // A forged zone (not one the page offers): an error beside the zone, nothing priced or sent.
    await zone.evaluate((select: HTMLSelectElement) => {
      select.add(new Option("Mars", "Mars/Olympus_Mons"));
      select.value = "Mars/Olympus_Mons";
    });
    await page.getByRole("button", { name: "Preview and price" }).click();
    await expect(page.getByTestId("error-time_zone")).toContainText("Time zone must be a time zone name");
    await expect(zone).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("price")).toHaveCount(0);

    await zone.selectOption("America/New_York");
    await page.getByRole("button", { name: "Preview and price" }).click();
    // 15 July: New York is on daylight time (UTC-4).
    await expect(page.getByTestId("sends-at")).toHaveText("Mon, 15 Jul 2030, 09:00 America/New_York");
    await expect(page.getByLabel("Send at (optional)")).toHaveValue("2030-07-15T09:00");
    await expectAccessible(page);
    await page.getByRole("button", { name: /^Send gift for \$/ }).click();
    await expect(page.getByTestId("sent")).toContainText("on Mon, 15 Jul 2030, 13:00 UTC");

    const list = await page.request.get("/api/v1/gifts", { headers: { Authorization: `Bearer ${owner.live}` } });
    const [gift] = (await list.json()).data;
    expect(gift.attributes["scheduled-at"]).toBe("2030-07-15T13:00:00.000Z");
  });
});

test.describe("a sender whose browser is in India", () => {
  test.use({ timezoneId: "Asia/Kolkata" });

  test("the form takes their zone under today's name (the browser says Asia/Calcutta), labelled as people name it", async ({
    page,
  }) => {
    const owner = await ownerWithTeam(page, Date.now());
    await page.goto(`/dashboard/${owner.slug}/send`);
    const zone = page.getByLabel("Time zone");
    await expect(zone).toHaveValue("Asia/Kolkata");
    await expect(zone.locator("option:checked")).toHaveText(/^UTC\+05:30 India Time: .*\(Asia\/Kolkata\)$/);
    await expect(zone.locator('option[value="Asia/Calcutta"], option[value="Europe/Kiev"]')).toHaveCount(0);
    await expect(page.getByLabel("Expires on (optional)")).toBeVisible();
  });
});
