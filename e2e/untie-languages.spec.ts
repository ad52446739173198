import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { demoCredentials } from "./demo";
import { expectAccessible } from "./accessibility";
import { CATALOGUE_TRANSLATIONS } from "../lib/catalogue/translations";
import { seedDesigns } from "../lib/catalogue/seed-data";
import { LOCALES } from "../lib/i18n/locales";

// The untie page in the recipient's language: the gift's `locale`, else the browser's
// Accept-Language, else English; a switcher (remembered in a cookie, never on the gift); Arabic
// laid out right to left; the sender's message as written. axe-core checks each language.

async function linkGift(request: APIRequestContext, over: Record<string, unknown> = {}) {
  const creds = demoCredentials();
  const headers = { Authorization: `Bearer ${creds.accounts[0].live_token}` };
  const gift = {
    name: "Kim",
    delivery_method: "link",
    collection: "Tea Time",
    design_id: "thank-you",
    message: "Enjoy a quiet cup on us.",
    from: "The Acme team",
    expires_on: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    ...over,
  };
  const res = await request.post(`${creds.base_url}/gifts`, { headers, data: { gift } });
  expect(res.status()).toBe(200);
  const data = (await res.json()).data;
  return {
    url: data.attributes["untie-url"] as string,
    id: data.id as string,
    read: async () => (await (await request.get(`${creds.base_url}/gifts/${data.id}`, { headers })).json()).data,
  };
}

const root = (page: Page) => page.getByTestId("untie-root");

/**
 * The Tea Time gift's catalogue in the page's language: a product's name and description, a
 * charity's name and sentence, and the Thank You card's name and its artwork's own words.
 */
async function expectCatalogueIn(page: Page, words: (typeof CATALOGUE_TRANSLATIONS)["es"], locale = "es") {
  const products = page.getByTestId("products");
  const teapot = words.products["glass-teapot"];
  await expect(products.getByText(teapot.name, { exact: true })).toBeVisible();
  await expect(products.getByText(teapot.description)).toBeVisible();
  await expect(products).not.toContainText("Glass Teapot");
  const books = words.charities["first-books"];
  await page.locator("#donate-heading").click(); // the charities are folded under their heading
  await expect(page.getByRole("radio", { name: new RegExp(books.name) })).toBeAttached();
  await expect(page.getByText(books.sentence)).toBeVisible();
  await expect(page.getByText("Puts new books in the hands")).toHaveCount(0);
  const card = page.getByRole("img", { name: words.designs["thank-you"].name, exact: true });
  await expect(card).toHaveAttribute("src", `/cards/thank-you/${locale}.svg`);
  const art = await page.request.get(new URL(`/cards/thank-you/${locale}.svg`, page.url()).href);
  expect(art.headers()["content-type"]).toBe("image/svg+xml");
  const svg = await art.text();
  for (const line of words.designs["thank-you"].card) expect(svg).toContain(line);
  expect(svg).not.toContain("Thank You");
}

test("Spanish from the gift's locale, whatever the browser says", async ({ browser, request }) => {
  const gift = await linkGift(request, { locale: "es" });
  const context = await browser.newContext({ locale: "de-DE" });
  const page = await context.newPage();
  await page.goto(gift.url);
  await expect(root(page)).toHaveAttribute("lang", "es");
  await expect(root(page)).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("heading", { name: "¡Kim, tienes un regalo!" })).toBeVisible();
  // The catalogue in Spanish too (issue 45): collection, products, charities and the card's art.
  const es = CATALOGUE_TRANSLATIONS.es;
  await expect(
    page.getByRole("heading", { name: `Elige un regalo de ${es.collections["tea-time"].name}` }),
  ).toBeVisible();
  await expectCatalogueIn(page, es);
  await expect(page.getByText(/^Elige antes del \d{1,2} de [a-z]+ de \d{4}$/)).toBeVisible();
  // The sender's words are never translated.
  await expect(page.getByTestId("gift-message")).toHaveText("Enjoy a quiet cup on us.");
  await expect(page).toHaveTitle(/Tu regalo de The Acme team/);
  await expect(page.getByLabel("Nombre completo")).toBeVisible();
  await page.getByLabel("País").selectOption("DE");
  await expect(page.getByLabel("País").locator("option:checked")).toHaveText("Alemania");
  // Client-side validation speaks Spanish too.
  await page.getByRole("button", { name: "Confirmar mi elección" }).click();
  const alert = page.locator("form").getByRole("alert");
  await expect(alert).toContainText("Elige un regalo");
  await expect(alert).toContainText("Indica tu nombre completo");
  await expectAccessible(page);
  await context.close();
});

test("German from Accept-Language when the gift has no locale; English when the browser's language isn't offered", async ({
  browser,
  request,
}) => {
  const gift = await linkGift(request);
  const german = await browser.newContext({ locale: "de-AT" });
  const page = await german.newPage();
  await page.goto(gift.url);
  await expect(root(page)).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { name: "Kim, Sie haben ein Geschenk!" })).toBeVisible();
  await expect(page.getByText(/^Auswählen bis zum \d{1,2}\. [A-Za-zä]+ \d{4}$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Auswahl bestätigen" })).toBeVisible();
  await expectAccessible(page);
  await german.close();

  const portuguese = await browser.newContext({ locale: "pt-BR" });
  const other = await portuguese.newPage();
  await other.goto(gift.url);
  await expect(root(other)).toHaveAttribute("lang", "en");
  await expect(other.getByRole("heading", { name: "Kim, you have a gift!" })).toBeVisible();
  await portuguese.close();
});

test("Arabic reads right to left and is laid out mirrored; an English message keeps its own direction", async ({
  browser,
  request,
}) => {
  const gift = await linkGift(request, { locale: "ar" });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(gift.url);
  await expect(root(page)).toHaveAttribute("dir", "rtl");
  await expect(root(page)).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { name: "Kim، لديك هدية!" })).toBeVisible();
  await expectCatalogueIn(page, CATALOGUE_TRANSLATIONS.ar, "ar");

  // The from line is end-aligned: on the left in Arabic. The card's greeting starts on the right.
  const card = (await page.getByRole("region", { name: "بطاقة هديتك" }).boundingBox())!;
  const from = page.getByTestId("gift-from");
  const fromBox = (await from.boundingBox())!;
  const fromText = (await from.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const r = range.getBoundingClientRect();
    return { left: r.left, right: r.right };
  }))!;
  expect(fromText.left - fromBox.x).toBeLessThan(2);
  expect(fromText.right).toBeLessThan(card.x + card.width / 2);
  const greeting = await page.getByRole("heading", { name: "Kim، لديك هدية!" }).evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const r = range.getBoundingClientRect();
    return { left: r.left, right: r.right, parentRight: el.getBoundingClientRect().right };
  });
  expect(greeting.parentRight - greeting.right).toBeLessThan(2);

  // The switcher (justify-end) sits on the left in Arabic; the first product is on the right.
  const switcher = (await page.getByTestId("language-switcher").boundingBox())!;
  expect(switcher.x + switcher.width).toBeLessThan(640);
  const products = page.getByTestId("products").getByRole("listitem");
  const first = (await products.nth(0).boundingBox())!;
  const second = (await products.nth(1).boundingBox())!;
  expect(first.x).toBeGreaterThan(second.x);

  // The sender's English message: as written, in its own (left-to-right) direction.
  const message = page.getByTestId("gift-message");
  await expect(message).toHaveText("Enjoy a quiet cup on us.");
  await expect(message).toHaveAttribute("dir", "auto");
  expect(await message.evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
  await expectAccessible(page);
  await context.close();
});

test("the recipient switches language by keyboard; the choice is remembered and never changes the gift", async ({
  browser,
  request,
}) => {
  const gift = await linkGift(request, { locale: "fr" });
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto(gift.url);
  await expect(page.getByRole("heading", { name: "Kim, vous avez un cadeau !" })).toBeVisible();
  // One select and one button (one row down to 320 px); the document's language is the page's.
  const switcher = page.getByRole("navigation", { name: "Langue" });
  await expect(switcher.getByRole("combobox", { name: "Langue" })).toHaveValue("fr");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");

  // Tab from the top of the page reaches the switcher; two steps down is 日本語, then its button.
  await page.locator("body").focus();
  await page.keyboard.press("Tab");
  await expect(switcher.getByRole("combobox")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(switcher.getByRole("combobox")).toHaveValue("ja");
  await page.keyboard.press("Tab");
  await expect(switcher.getByRole("button", { name: "Changer" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(root(page)).toHaveAttribute("lang", "ja");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("heading", { name: "Kimさん、ギフトが届いています！" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "言語" }).getByRole("combobox")).toHaveValue("ja");
  await expectAccessible(page);

  // Remembered in this browser (a reload, the unknown-gift page), not on the gift.
  await page.reload();
  await expect(root(page)).toHaveAttribute("lang", "ja");
  const cookie = (await context.cookies()).find((c) => c.name === "ribbon_locale");
  expect(cookie).toMatchObject({ value: "ja", path: "/untie", httpOnly: true, sameSite: "Lax" });
  expect((await gift.read()).attributes.locale).toBe("fr");
  const missing = await page.goto(`/untie/${"B".repeat(43)}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "ギフトが見つかりませんでした" })).toBeVisible();
  await expectAccessible(page);

  // A forged cookie is ignored: the gift's locale applies.
  await context.clearCookies();
  const { hostname } = new URL(gift.url);
  await context.addCookies([{ name: "ribbon_locale", value: "xx", domain: hostname, path: "/untie" }]);
  await page.goto(gift.url);
  await expect(root(page)).toHaveAttribute("lang", "fr");
  await context.close();
});

test("the gone pages speak the gift's language: a cancelled gift in German", async ({ browser, request }) => {
  const creds = demoCredentials();
  const headers = { Authorization: `Bearer ${creds.accounts[0].live_token}` };
  const gift = await linkGift(request, { locale: "de" });
  await request.delete(`${creds.base_url}/gifts/${gift.id}`, { headers });
  const context = await browser.newContext({ locale: "en-GB" });
  const page = await context.newPage();
  await page.goto(gift.url);
  await expect(page.getByRole("heading", { name: "Dieses Geschenk wurde storniert" })).toBeVisible();
  await expect(page.getByText("The Acme team hat dieses Geschenk storniert")).toBeVisible();
  await expectAccessible(page);
  await context.close();
});

test("a hostile Accept-Language is harmless", async ({ request }) => {
  const gift = await linkGift(request);
  for (const value of ["*;q=1," + "x".repeat(6000), "de;q=abc, ja;q=0.2", "<script>alert(1)</script>", ";;;;,,,,q=1"]) {
    const res = await request.get(gift.url, { headers: { "accept-language": value } });
    expect(res.status(), value.slice(0, 20)).toBe(200);
  }
  const ja = await request.get(gift.url, { headers: { "accept-language": "de;q=abc, ja;q=0.2" } });
  expect(await ja.text()).toContain('lang="ja"');
});

test("every card's words fit inside its artwork in every language, Japanese and Arabic included", async ({ page }) => {
  const overflowing: string[] = [];
  let checked = 0;
  for (const locale of LOCALES.filter((l) => l !== "en"))
    for (const design of seedDesigns) {
      if (!CATALOGUE_TRANSLATIONS[locale].designs[design.slug]) continue;
      const response = await page.goto(`/cards/${design.slug}/${locale}.svg`);
      expect(response!.status(), `${design.slug} ${locale}`).toBe(200);
      // Each line of words as the browser lays it out (its own fonts), against the artwork's own box.
      const boxes = await page.evaluate(() => {
        const svg = document.documentElement as unknown as SVGSVGElement;
        const view = svg.viewBox.baseVal;
        return [...svg.querySelectorAll("text")].map((text) => {
          const box = (text as SVGTextElement).getBBox();
          return {
            words: text.textContent ?? "",
            left: box.x - view.x,
            right: view.x + view.width - (box.x + box.width),
          };
        });
      });
      expect(boxes.length, `${design.slug} ${locale}`).toBeGreaterThan(0);
      for (const box of boxes) {
        checked += 1;
        if (box.left < 0 || box.right < 0) overflowing.push(`${design.slug} ${locale}: "${box.words}"`);
      }
    }
  expect(checked).toBeGreaterThan(20);
  expect(overflowing).toEqual([]);
});
