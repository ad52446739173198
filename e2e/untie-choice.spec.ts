import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { demoCredentials } from "./demo";

// Choosing a present on the untie page: only the chosen card looks (and is announced as)
// chosen, a variant chooses its product, and every product and variant can be chosen and
// confirmed with the keyboard alone, on a phone and on a desktop.

const creds = () => demoCredentials();
const headers = () => ({ Authorization: `Bearer ${creds().accounts[0].sandbox_token}` });

async function createGift(request: APIRequestContext, collection: string) {
  const gift = { name: "Kim", delivery_method: "link", collection, message: "Enjoy!", from: "The Acme team" };
  const response = await request.post(`${creds().base_url}/gifts`, { headers: headers(), data: { gift } });
  expect(response.status()).toBe(200);
  return (await response.json()).data as { id: string; attributes: { "untie-url": string } };
}

const attributesOf = async (request: APIRequestContext, id: string) =>
  (await (await request.get(`${creds().base_url}/gifts/${id}`, { headers: headers() })).json()).data.attributes;

const chosenHeading = /Thank you! Your gift is confirmed|Your gift is on its way|Your gift has arrived/;
const cards = (page: Page) => page.getByTestId("products").getByRole("listitem");

/** The names of the cards drawn with the "chosen" border: any other colour than a plain card's (one with neither a tick nor a select). */
async function chosenCards(page: Page): Promise<string[]> {
  return cards(page).evaluateAll((items) => {
    const plainCard = items.find(
      (li) => !li.querySelector("select") && !li.querySelector<HTMLInputElement>("input[type=radio]")!.checked,
    )!;
    const plain = getComputedStyle(plainCard).borderTopColor;
    return items
      .filter((li) => getComputedStyle(li).borderTopColor !== plain)
      .map((li) => li.querySelector("[id$='-name']")?.textContent ?? "?");
  });
}

const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: "desktop", viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false },
];

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });

    test("only the chosen card looks chosen, and a variant chooses its product", async ({ page, request }) => {
      const gift = await createGift(request, "Outdoor Adventure");
      await page.goto(gift.attributes["untie-url"]);
      await expect(cards(page)).toHaveCount(5);
      expect(await chosenCards(page)).toEqual([]);
      await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);

      await page.getByLabel("Colour for Insulated Water Bottle").selectOption({ label: "Glacier" });
      await expect(page.getByRole("radio", { name: "Insulated Water Bottle" })).toBeChecked();
      expect(await chosenCards(page)).toEqual(["Insulated Water Bottle"]);

      await page.getByRole("radio", { name: "Enamel Camp Mug" }).check();
      expect(await chosenCards(page)).toEqual(["Enamel Camp Mug"]);
      await expect(page.getByRole("radio", { checked: true })).toHaveAccessibleName("Enamel Camp Mug");

      await page.getByLabel("Size and colour for Quarter-Zip Fleece").selectOption({ label: "M / Navy" });
      await expect(page.getByRole("radio", { checked: true })).toHaveAccessibleName("Quarter-Zip Fleece");
      expect(await chosenCards(page)).toEqual(["Quarter-Zip Fleece"]);
      await fillAddressByMouse(page);
      await page.getByRole("button", { name: "Confirm my choice" }).click();
      await expect(page.getByRole("heading", { name: chosenHeading })).toBeVisible();
      const after = await attributesOf(request, gift.id);
      expect(after["selected-product"].name).toBe("Quarter-Zip Fleece");
      expect(after.variant.name).toBe("M / Navy");
    });

    // One test per product of the collection: reach it, choose it (and its second variant), confirm.
    const PRODUCTS = [
      { index: 0, name: "Insulated Water Bottle", variant: "Glacier" },
      { index: 1, name: "Quarter-Zip Fleece", variant: "M / Charcoal" },
      { index: 2, name: "Enamel Camp Mug", variant: null },
      { index: 3, name: "Packable Picnic Blanket", variant: null },
      { index: 4, name: "Summit Trail Mix", variant: null },
    ];
    for (const product of PRODUCTS) {
      test(`the keyboard alone chooses ${product.name}${product.variant ? ` (${product.variant})` : ""} and confirms`, async ({
        page,
        request,
      }) => {
        const gift = await createGift(request, "Outdoor Adventure");
        await page.goto(gift.attributes["untie-url"]);
        await tabTo(page, page.getByRole("radio").first());
        await page.keyboard.press("Space");
        for (let i = 0; i < product.index; i++) await page.keyboard.press("ArrowDown");
        await expect(page.getByRole("radio", { name: product.name })).toBeChecked();
        await expect(page.getByRole("radio", { name: product.name })).toBeFocused();
        if (product.variant) {
          await page.keyboard.press("Tab");
          const select = page.getByRole("combobox", { name: new RegExp(`for ${product.name}$`) });
          await expect(select).toBeFocused();
          await page.keyboard.press("ArrowDown");
          await page.keyboard.press("ArrowDown");
          await expect(select.locator("option:checked")).toHaveText(product.variant);
        }
        expect(await chosenCards(page)).toEqual([product.name]);
        await fillAddressByKeyboard(page);
        await page.keyboard.press("Enter"); // in the last field: submits the form
        await expect(page.getByRole("heading", { name: chosenHeading })).toBeVisible();
        const after = await attributesOf(request, gift.id);
        expect(after["selected-product"].name).toBe(product.name);
        expect(after.variant?.name ?? null).toBe(product.variant);
      });
    }
  });
}

/** Presses Tab until `target` has the focus (fails after 80 presses). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("never reached by Tab");
}

async function fillAddressByKeyboard(page: Page) {
  await tabTo(page, page.getByLabel("Country"));
  await page.keyboard.type("United K");
  await expect(page.getByLabel("Country")).toHaveValue("GB");
  const typeInto = async (label: string, text: string) => {
    await tabTo(page, page.getByLabel(label, { exact: true }));
    await page.keyboard.type(text);
  };
  await typeInto("Full name", "Kim Lee");
  await typeInto("Address line 1", "10 Downing Street");
  await typeInto("Post town", "London");
  await typeInto("Postal code", "SW1A 2AA");
  await typeInto("Email for shipping updates", "kim@example.test");
}

async function fillAddressByMouse(page: Page) {
  await page.getByLabel("Country").selectOption("DE");
  await page.getByLabel("Full name").fill("Kim Lee");
  await page.getByLabel("Address line 1").fill("Unter den Linden 1");
  await page.getByLabel("City", { exact: true }).fill("Berlin");
  await page.getByLabel("Postal code").fill("10117");
  await page.getByLabel("Email for shipping updates").fill("kim@example.test");
}
