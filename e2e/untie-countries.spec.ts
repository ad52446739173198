import { expect, test, type Page } from "@playwright/test";
import { ownerWithTeam, send } from "./dashboard-helpers";
import { expectAccessible } from "./accessibility";

// Issue 46 "Gifts across borders": the untie page offers only what reaches the recipient's country.
// A Brazilian browser (pt-BR) starts on Brazil; of Coffee Lovers, the beans and the biscotti are
// food, which Ribbon doesn't send to Brazil (lib/catalogue/seed-data.ts), so three presents show.

const SHIPS_TO_BR = ["Ceramic Pour-Over Set", "Insulated Travel Mug", "Speckled Stoneware Mug"];
const NOT_TO_BR = ["Single-Origin Coffee Beans", "Almond Biscotti"];

test.use({ locale: "pt-BR" });

async function linkGift(page: Page, gift: Record<string, unknown> = {}) {
  const owner = await ownerWithTeam(page, Date.now());
  const created = await send(page.request, owner.live, "/gifts", { name: "Kim", delivery_method: "link", ...gift });
  return { owner, url: created.attributes["untie-url"] as string, id: created.id as string };
}

async function expectOffered(page: Page, shown: string[], hidden: string[]) {
  const products = page.getByTestId("products");
  for (const name of shown) await expect(products.getByRole("radio", { name })).toBeVisible();
  for (const name of hidden) await expect(page.getByRole("radio", { name })).toHaveCount(0);
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a pt-BR browser starts on Brazil and sees only what reaches it (${viewport.width}×${viewport.height})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const { owner, url, id } = await linkGift(page);
    await page.goto(url);
    await expect(page.getByLabel("Deliver to")).toHaveValue("BR");
    await expect(page.getByTestId("delivering-to")).toHaveText("Presents that can be delivered to Brazil.");
    await expect(page.getByLabel("Country")).toHaveValue("BR");
    await expectOffered(page, SHIPS_TO_BR, NOT_TO_BR);
    // Nothing sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectAccessible(page);

    // Another country re-filters: Germany takes all five.
    await page.getByLabel("Deliver to").selectOption("DE");
    await page.getByRole("button", { name: "Show presents" }).click();
    await expect(page).toHaveURL(/\?country=DE$/);
    await expectOffered(page, [...SHIPS_TO_BR, ...NOT_TO_BR], []);
    await page.goto(url);

    // Redeemed to a Brazilian address with a Brazilian phone (kept as E.164).
    await page.getByRole("radio", { name: "Speckled Stoneware Mug" }).check();
    await page.getByLabel("Full name").fill("Kim Lee");
    await page.getByLabel("Address line 1").fill("Avenida Paulista, 1000");
    await page.getByLabel("City", { exact: true }).fill("São Paulo");
    await page.getByLabel("State", { exact: true }).fill("SP");
    await page.getByLabel("Postal code").fill("01310-100");
    await page.getByLabel("Phone").fill("(11) 98765-4321");
    await page.getByLabel("Email for shipping updates").fill("kim@example.test");
    await page.getByRole("button", { name: "Confirm my choice" }).click();
    await expect(page.getByTestId("chosen-product")).toHaveText("Speckled Stoneware Mug");
    const read = await page.request.get(`/api/v1/gifts/${id}`, { headers: { Authorization: `Bearer ${owner.live}` } });
    expect((await read.json()).data.attributes.address).toEqual({ city: "São Paulo", region: "SP", country: "BR" });
  });
}

test("the country the sender named wins over the browser's; a bad phone gets a field error", async ({ page }) => {
  const { url } = await linkGift(page, { recipient_country: "JP" });
  await page.goto(url);
  await expect(page.getByLabel("Deliver to")).toHaveValue("JP");
  await page.getByRole("radio", { name: "Insulated Travel Mug" }).check();
  await page.getByLabel("Colour for Insulated Travel Mug").selectOption({ label: "Sage" });
  await page.getByLabel("Phone").fill("12345678");
  await page.getByRole("button", { name: "Confirm my choice" }).click();
  await expect(page.locator("#address-phone-error")).toHaveText(
    "Enter a phone number that works in Japan, or one starting with + and its country code",
  );
});

test("without JavaScript: the country form re-filters, and a collection that reaches nothing offers the donation", async ({
  page,
  browser,
}) => {
  // Sweet Treats is all food: nothing of it goes to Brazil, and the team has no swap collections.
  const { url } = await linkGift(page, { collection: "Sweet Treats" });
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "pt-BR" });
  const plain = await context.newPage();
  await plain.goto(url);
  await expect(plain.getByTestId("fallback")).toHaveText(
    "None of these presents can be delivered to Brazil yet. You can give the gift’s value to a charity instead, or choose another country.",
  );
  await expect(plain.getByRole("button", { name: "Confirm my choice" })).toHaveCount(0);
  // The markup itself selects the country (no script will).
  await expect(plain.getByLabel("Deliver to")).toHaveValue("BR");
  await expect(plain.getByRole("radio", { name: "First Books" })).toBeVisible();
  await plain.getByLabel("Deliver to").selectOption("FR");
  await plain.getByRole("button", { name: "Show presents" }).click();
  await expect(plain).toHaveURL(/\?country=FR$/);
  await expect(plain.getByTestId("fallback")).toHaveCount(0);
  await expect(plain.getByRole("radio", { name: "French Macarons" })).toBeVisible();
  await expect(plain.getByLabel("Deliver to")).toHaveValue("FR");
  await expect(plain.locator("#address-country")).toHaveValue("FR");
  await context.close();
});

test("a forged post choosing a product that doesn't ship to the address is refused by the server", async ({ page }) => {
  const { owner, url, id } = await linkGift(page);
  const list = await page.request.get("/api/v1/collections", { headers: { Authorization: `Bearer ${owner.live}` } });
  const beans = (
    (await list.json()).included as { id: string; attributes: { name: string; "ships-to": string[] } }[]
  ).find((p) => p.attributes.name === "Single-Origin Coffee Beans")!;
  expect(beans.attributes["ships-to"]).not.toContain("BR");
  await page.goto(url);
  await expect(page.getByRole("radio", { name: "Single-Origin Coffee Beans" })).toHaveCount(0);
  // The page never offered it: add its radio by hand, as a forged form would.
  await page.evaluate((productId) => {
    const radio = Object.assign(document.createElement("input"), {
      type: "radio",
      name: "productId",
      value: productId,
    });
    radio.setAttribute("aria-label", "Forged");
    document.querySelector("#products")!.append(radio);
  }, beans.id);
  await page.getByRole("radio", { name: "Forged" }).check();
  await page.getByLabel("Full name").fill("Kim Lee");
  await page.getByLabel("Address line 1").fill("Avenida Paulista, 1000");
  await page.getByLabel("City", { exact: true }).fill("São Paulo");
  await page.getByLabel("State", { exact: true }).fill("SP");
  await page.getByLabel("Postal code").fill("01310-100");
  await page.getByLabel("Email for shipping updates").fill("kim@example.test");
  await page.getByRole("button", { name: "Confirm my choice" }).click();
  await expect(page.getByTestId("untie-root").getByRole("alert")).toContainText(
    "Single-Origin Coffee Beans can't be delivered to Brazil",
  );
  const read = await page.request.get(`/api/v1/gifts/${id}`, { headers: { Authorization: `Bearer ${owner.live}` } });
  expect((await read.json()).data.attributes["selected-product"]).toBeNull();
});
