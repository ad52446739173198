import { expect, test, type APIRequestContext } from "@playwright/test";
import { demoCredentials } from "./demo";
import { expectAccessible } from "./accessibility";
import { CATALOGUE_TRANSLATIONS } from "../lib/catalogue/translations";

// The recipient ends the gift themselves on the untie page: "No thanks" (declined, refunded) or
// a charity (donated). Both work by keyboard, pass axe-core in English and Arabic (right to
// left), and the page says what happened afterwards, in the page's language.

async function linkGift(request: APIRequestContext, over: Record<string, unknown> = {}) {
  const creds = demoCredentials();
  const headers = { Authorization: `Bearer ${creds.accounts[0].live_token}` };
  const gift = {
    name: "Kim",
    delivery_method: "link",
    collection: "Tea Time",
    message: "Enjoy a quiet cup on us.",
    from: "The Acme team",
    ...over,
  };
  const res = await request.post(`${creds.base_url}/gifts`, { headers, data: { gift } });
  expect(res.status()).toBe(200);
  const data = (await res.json()).data;
  return {
    url: data.attributes["untie-url"] as string,
    read: async () => (await (await request.get(`${creds.base_url}/gifts/${data.id}`, { headers })).json()).data,
  };
}

test("No thanks with a reason: the gift is declined (the reason in its event), and the link then says so", async ({
  page,
  request,
}) => {
  const gift = await linkGift(request);
  await page.goto(gift.url);
  // Folded under its heading until asked for.
  await expect(page.getByLabel("Tell The Acme team why (optional)")).toBeHidden();
  await page.getByRole("heading", { name: "Not for you?" }).click();
  await expectAccessible(page);
  // An over-long reason is refused, not cut, and nothing changes.
  await page.getByLabel("Tell The Acme team why (optional)").fill("x".repeat(501));
  await page.getByRole("button", { name: "No thanks" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your reason is 501 characters" })).toBeVisible();
  expect((await gift.read()).attributes.stage).toBe("opened");

  const reason = page.getByLabel("Tell The Acme team why (optional)");
  await reason.fill("I have more tea than I can drink.");
  await reason.focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "No thanks" })).toBeFocused();
  await page.keyboard.press("Enter");
  // It asks once, keeping the reason; nothing has changed yet.
  await expect(page.getByTestId("decline-question")).toContainText("Decline this gift from The Acme team?");
  await expect(reason).toHaveValue("I have more tea than I can drink.");
  expect((await gift.read()).attributes.stage).toBe("opened");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Yes, decline the gift" }).click();
  await expect(page.getByRole("heading", { name: "You declined this gift" })).toBeVisible();
  const after = (await gift.read()).attributes;
  expect(after.stage).toBe("declined");
  expect(after.events.at(-1)).toMatchObject({ type: "gift.declined", message: "I have more tea than I can drink." });
  await expect(page.getByRole("button", { name: "No thanks" })).toHaveCount(0);
});

test("No thanks, then Keep my gift: nothing changes, and the gift can still be chosen", async ({ page, request }) => {
  const gift = await linkGift(request);
  await page.goto(gift.url);
  await page.getByRole("heading", { name: "Not for you?" }).click();
  await page.getByRole("button", { name: "No thanks" }).click();
  await expect(page.getByTestId("decline-question")).toBeVisible();
  await page.getByRole("link", { name: "Keep my gift" }).click();
  await expect(page.getByTestId("decline-question")).toHaveCount(0);
  // Back to the choice: "No thanks" folded again, the presents there to choose.
  await expect(page.getByRole("button", { name: "No thanks" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Confirm my choice" })).toBeVisible();
  expect((await gift.read()).attributes.stage).toBe("opened");
});

test("a charity, in Arabic: the gift is donated, the API shows the charity, the page says so", async ({
  page,
  request,
}) => {
  const gift = await linkGift(request, { locale: "ar" });
  await page.goto(gift.url);
  await expect(page.getByTestId("untie-root")).toHaveAttribute("dir", "rtl");
  await page.getByRole("heading", { name: "تبرّع بها لجمعية خيرية بدلًا من ذلك" }).click();
  await expectAccessible(page);
  // Without a charity chosen: refused in the page's language.
  await page.getByRole("button", { name: "تبرّع بهذه الهدية" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "اختر جمعية خيرية" })).toBeVisible();

  // The charity in Arabic on the page (issue 45); the API keeps its English name, the sender's identifier.
  const books = CATALOGUE_TRANSLATIONS.ar.charities["first-books"].name;
  await page.getByRole("radio", { name: new RegExp(books) }).check();
  await page.getByRole("button", { name: "تبرّع بهذه الهدية" }).click();
  await expect(page.getByRole("heading", { name: "لقد تبرعت بهذه الهدية" })).toBeVisible();
  await expect(page.getByText(new RegExp(books))).toBeVisible();
  const after = (await gift.read()).attributes;
  expect(after.stage).toBe("donated");
  expect(after.charity).toMatchObject({ id: "first-books", name: "First Books", amount: after.price });
});
