import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { demoCredentials } from "./demo";

// The recipient's half of a sandbox link gift, in a real browser against `npm start`:
// opening is recorded by the browser (not by a bare GET), then the choice, the address,
// the note and one confirmation; the sender follows it through the API.

const creds = () => demoCredentials();
const headers = () => ({ Authorization: `Bearer ${creds().accounts[0].sandbox_token}` });

async function createGift(request: APIRequestContext, extra: Record<string, unknown> = {}) {
  const gift = {
    name: "Kim",
    delivery_method: "link",
    collection: "Coffee Lovers",
    design_id: "thank-you",
    message: "Enjoy a coffee on us.",
    from: "The Acme team",
    ...extra,
  };
  const response = await request.post(`${creds().base_url}/gifts`, { headers: headers(), data: { gift } });
  expect(response.status()).toBe(200);
  return (await response.json()).data as { id: string; attributes: { "untie-url": string } };
}

const attributesOf = async (request: APIRequestContext, id: string) =>
  (await (await request.get(`${creds().base_url}/gifts/${id}`, { headers: headers() })).json()).data.attributes;

/** The view after confirming; the simulated warehouse may already have shipped it (3 s in playwright.config.ts). */
const chosenHeading = /Thank you! Your gift is confirmed|Your gift is on its way|Your gift has arrived/;

const shot = (page: Page, testInfo: TestInfo, step: string) =>
  page.screenshot({ path: testInfo.outputPath(`${step}.png`), fullPage: true });

/** A US address; without JavaScript the fields keep their generic labels (the server checks the country's rules). */
async function fillAddress(page: Page, { note = "Thank you, this is lovely!", js = true } = {}) {
  await page.getByLabel("Country").selectOption("US");
  await page.getByLabel("Full name").fill("Kim Lee");
  await page.getByLabel("Address line 1").fill("1 Main Street");
  await page.getByLabel(js ? "City" : "Town or city", { exact: true }).fill("Springfield");
  await page.getByLabel(js ? "State" : "State, province or region (optional)", { exact: true }).fill("IL");
  await page.getByLabel(js ? "ZIP code" : "Postal code", { exact: true }).fill("62701");
  await page.getByLabel("Email for shipping updates").fill("kim@example.test");
  if (note) await page.getByLabel("A note to The Acme team").fill(note);
}

async function chooseMug(page: Page) {
  await page.getByRole("radio", { name: "Insulated Travel Mug" }).check();
  await page.getByLabel("Colour for Insulated Travel Mug").selectOption({ label: "Sage" });
}

test("a bare GET leaves the gift scheduled; the browser opens it; the recipient chooses, confirms and the sender sees it", async ({
  page,
  request,
}, testInfo) => {
  const gift = await createGift(request);
  const url = gift.attributes["untie-url"];
  expect((await request.get(url)).status()).toBe(200);
  expect((await request.head(url)).status()).toBe(200);
  expect((await attributesOf(request, gift.id)).stage).toBe("scheduled");

  await page.goto(url);
  await expect(page).toHaveTitle("Your gift from The Acme team — Ribbon");
  await expect(page.getByRole("heading", { name: "Kim, you have a gift!" })).toBeVisible();
  await expect(page.getByText("Test gift")).toBeVisible();
  await expect.poll(async () => (await attributesOf(request, gift.id)).stage).toBe("opened");
  await shot(page, testInfo, "1-card");

  // Nothing chosen: every problem is listed, announced, and shown next to its field.
  await page.getByRole("button", { name: "Confirm my choice" }).click();
  const alert = page.locator("form").getByRole("alert");
  await expect(alert).toContainText("Choose a present");
  await expect(alert).toContainText("Enter your full name");
  await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Full name")).toHaveAccessibleDescription("Enter your full name");
  await shot(page, testInfo, "2-errors");

  // A product with variants needs one; a wrong ZIP code is refused in the browser.
  await page.getByRole("radio", { name: "Insulated Travel Mug" }).check();
  await fillAddress(page);
  await page.getByLabel("ZIP code").fill("6270");
  await page.getByRole("button", { name: "Confirm my choice" }).click();
  await expect(alert).toContainText("Choose a colour for Insulated Travel Mug");
  await expect(alert).toContainText("Enter a valid ZIP code");
  await page.getByLabel("Colour for Insulated Travel Mug").selectOption({ label: "Sage" });
  await page.getByLabel("ZIP code").fill("62701");
  await shot(page, testInfo, "3-filled");
  await page.getByRole("button", { name: "Confirm my choice" }).click();

  await expect(page.getByRole("heading", { name: chosenHeading })).toBeVisible();
  await expect(page).toHaveURL(/redeemed=1$/);
  await expect(page.getByTestId("chosen-product")).toHaveText("Insulated Travel Mug");
  await expect(page.getByText("1 Main Street")).toBeVisible();
  await shot(page, testInfo, "4-confirmed");

  const after = await attributesOf(request, gift.id);
  expect(after.stage).toBe("redeemed");
  expect(after.events.map((e: { stage: string }) => e.stage)).toEqual(["scheduled", "opened", "redeemed"]);
  expect(after["thank-you-note"]).toBe("Thank you, this is lovely!");
  expect(after["redemption-email"]).toBe("kim@example.test");
  expect(after["selected-product"]).toEqual({ id: expect.any(String), name: "Insulated Travel Mug" });
  expect(after.variant).toEqual({ id: expect.any(String), name: "Sage" });
  expect(after.address).toEqual({ city: "Springfield", region: "IL", country: "US" }); // never the street

  // The simulated warehouse ships, then delivers, with a tracking number.
  await expect.poll(async () => (await attributesOf(request, gift.id)).stage, { timeout: 20_000 }).toBe("shipped");
  const shipped = await attributesOf(request, gift.id);
  expect(shipped["tracking-number"]).toMatch(/^RBN[0-9A-F]{12}$/);
  expect(shipped.carrier).toBe("Ribbon Post (simulated)");
  await expect.poll(async () => (await attributesOf(request, gift.id)).stage, { timeout: 20_000 }).toBe("delivered");
  expect((await attributesOf(request, gift.id)).events.map((e: { stage: string }) => e.stage)).toEqual([
    "scheduled",
    "opened",
    "redeemed",
    "shipped",
    "delivered",
  ]);

  // The recipient was emailed at each step (a sandbox gift: kept in the dev outbox as suppressed), once each.
  const emailsOfGift = async () =>
    (
      (await (await request.get("/dev/outbox.json?limit=500")).json()).data as {
        gift_id: string;
        kind: string;
        text: string;
        status: string;
      }[]
    ).filter((m) => m.gift_id === gift.id);
  await expect
    .poll(async () => (await emailsOfGift()).map((m) => m.kind).sort(), { timeout: 15_000 })
    .toEqual(["delivered", "redemption", "shipped", "thank-you"]);
  const shippedEmail = (await emailsOfGift()).find((m) => m.kind === "shipped")!;
  expect(shippedEmail.text).toContain(shipped["tracking-number"]);
  expect(shippedEmail.text).toContain("Ribbon Post (simulated)");

  // Returning to the link shows the choice and the progress, not the form.
  await page.goto(url);
  await expect(page.getByRole("heading", { name: "Your gift has arrived" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Progress" })).toBeVisible();
  await expect(page.getByTestId("tracking-number")).toHaveText(shipped["tracking-number"]);
  await expect(page.getByRole("button", { name: "Confirm my choice" })).toHaveCount(0);
  await shot(page, testInfo, "4b-delivered");
});

test("two tabs confirming at once redeem once; a confirmation after a cancel is refused", async ({
  browser,
  request,
}, testInfo) => {
  const gift = await createGift(request);
  const context = await browser.newContext();
  const [a, b] = [await context.newPage(), await context.newPage()];
  for (const page of [a, b]) {
    await page.goto(gift.attributes["untie-url"]);
    await chooseMug(page);
    await fillAddress(page);
  }
  await Promise.all([
    a.getByRole("button", { name: "Confirm my choice" }).click(),
    b.getByRole("button", { name: "Confirm my choice" }).click(),
  ]);
  const confirmed = a.getByRole("heading", { name: chosenHeading });
  const refusedA = a.getByText("This gift has already been redeemed.");
  await expect(confirmed.or(refusedA)).toBeVisible();
  await expect(
    b.getByRole("heading", { name: chosenHeading }).or(b.getByText("This gift has already been redeemed.")),
  ).toBeVisible();
  await shot(b, testInfo, "5-second-tab");
  const after = await attributesOf(request, gift.id);
  expect(after.events.filter((e: { stage: string }) => e.stage === "redeemed")).toHaveLength(1);
  await context.close();

  const cancelled = await createGift(request);
  const page = await browser.newPage();
  await page.goto(cancelled.attributes["untie-url"]);
  await chooseMug(page);
  await fillAddress(page);
  expect((await request.delete(`${creds().base_url}/gifts/${cancelled.id}`, { headers: headers() })).status()).toBe(
    200,
  );
  await page.getByRole("button", { name: "Confirm my choice" }).click();
  await expect(page.locator("form").getByRole("alert")).toContainText("The Acme team cancelled this gift");
  // React resets the form after the server's answer: the address fields follow the country select back.
  if ((await page.getByLabel("Country").inputValue()) === "")
    await expect(page.getByLabel("Town or city")).toBeVisible();
  else await expect(page.getByLabel("ZIP code")).toBeVisible();
  expect((await attributesOf(request, cancelled.id)).stage).toBe("cancelled");
  await page.close();
});

/** Presses Tab until `target` has the focus (fails after 80 presses). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("never reached by Tab");
}

test("the whole redemption works with the keyboard only", async ({ page, request }) => {
  const gift = await createGift(request, { collection: "Tea Time" });
  await page.goto(gift.attributes["untie-url"]);
  await tabTo(page, page.getByRole("radio").first());
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowDown"); // moves the choice to the second product
  await expect(page.getByRole("radio").nth(1)).toBeChecked();
  const typeInto = async (label: string, text: string) => {
    await tabTo(page, page.getByLabel(label, { exact: true }));
    await page.keyboard.type(text);
  };
  await tabTo(page, page.getByLabel("Country"));
  await page.keyboard.type("United K");
  await expect(page.getByLabel("Country")).toHaveValue("GB");
  await typeInto("Full name", "Kim Lee");
  await typeInto("Address line 1", "10 Downing Street");
  await typeInto("Post town", "London");
  await typeInto("Postal code", "SW1A 2AA");
  await typeInto("Email for shipping updates", "kim@example.test");
  await tabTo(page, page.getByRole("button", { name: "Confirm my choice" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: chosenHeading })).toBeVisible();
  expect((await attributesOf(request, gift.id)).stage).toBe("redeemed");
});

test("a 390×844 phone shows the card and the form without sideways scrolling", async ({
  browser,
  request,
}, testInfo) => {
  const gift = await createGift(request);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(gift.attributes["untie-url"]);
  await expect(page.getByRole("heading", { name: "Kim, you have a gift!" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, testInfo, "6-phone");
  await chooseMug(page);
  await fillAddress(page, { note: "" });
  await page.getByRole("button", { name: "Confirm my choice" }).tap();
  await expect(page.getByRole("heading", { name: chosenHeading })).toBeVisible();
  await shot(page, testInfo, "7-phone-confirmed");
  await context.close();
});

test("a cancelled gift and an unknown link get branded pages", async ({ page, request }, testInfo) => {
  const gift = await createGift(request);
  await request.delete(`${creds().base_url}/gifts/${gift.id}`, { headers: headers() });
  await page.goto(gift.attributes["untie-url"]);
  await expect(page.getByRole("heading", { name: "This gift was cancelled" })).toBeVisible();
  await expect(page.getByText("The Acme team cancelled this gift")).toBeVisible();
  await shot(page, testInfo, "8-cancelled");

  const missing = await page.goto(`/untie/${"A".repeat(43)}`);
  expect(missing?.status()).toBe(404);
  await expect(page).toHaveTitle("Gift not found — Ribbon");
  await expect(page.getByRole("heading", { name: "We couldn’t find this gift" })).toBeVisible();
  await shot(page, testInfo, "9-unknown");
  expect((await page.goto(`/untie/not-even-a-token`))?.status()).toBe(404);
});

test("without JavaScript the page records nothing, and the form still validates and redeems", async ({
  browser,
  request,
}, testInfo) => {
  const gift = await createGift(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(gift.attributes["untie-url"]);
  await expect(page.getByRole("heading", { name: "Kim, you have a gift!" })).toBeVisible();
  // Whatever the page would send has been sent once the network is idle (not after a fixed time).
  await page.waitForLoadState("networkidle");
  expect((await attributesOf(request, gift.id)).stage).toBe("scheduled");

  await page.getByRole("radio", { name: "Insulated Travel Mug" }).check();
  await fillAddress(page, { js: false });
  await page.getByRole("button", { name: "Confirm my choice" }).click();
  await expect(page.locator("form").getByRole("alert")).toContainText("Choose an option for Insulated Travel Mug");
  await shot(page, testInfo, "10-no-js-error");

  // A variant alone names its product, as the radio can't be ticked without JavaScript.
  await page.getByLabel("Colour for Insulated Travel Mug").selectOption({ label: "Sage" });
  await fillAddress(page, { js: false });
  await page.getByRole("button", { name: "Confirm my choice" }).click();
  await expect(page.getByRole("heading", { name: chosenHeading })).toBeVisible();
  expect((await attributesOf(request, gift.id)).events.map((e: { stage: string }) => e.stage).slice(0, 3)).toEqual([
    "scheduled",
    "opened",
    "redeemed",
  ]);
  await context.close();
});

test("the opened endpoint answers 204 to anything and opens only a real gift", async ({ request }) => {
  for (const token of ["A".repeat(43), "x".repeat(2000), "%00"]) {
    expect((await request.post(`/untie/${token}/opened`)).status()).toBe(204);
  }
  const gift = await createGift(request);
  const token = gift.attributes["untie-url"].split("/").at(-1);
  expect((await request.get(`/untie/${token}/opened`)).status()).toBe(405);
  await Promise.all([request.post(`/untie/${token}/opened`), request.post(`/untie/${token}/opened`)]);
  expect((await attributesOf(request, gift.id)).events.map((e: { stage: string }) => e.stage)).toEqual([
    "scheduled",
    "opened",
  ]);
});
