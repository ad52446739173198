import { expect, test } from "@playwright/test";
import { demoCredentials } from "./demo";
import { redeemTravelMug } from "./untie-helpers";

// The recipient's side of a link gift: the untie URL shows the card and the collection, and
// the sender sees the gift move to `opened` once a browser shows the page (a bare GET, as a
// mail scanner does, changes nothing). A cancelled gift says so; a made-up URL is a 404.
test("a recipient opens a link gift's untie URL", async ({ page, request }) => {
  const creds = demoCredentials();
  const headers = { Authorization: `Bearer ${creds.accounts[0].live_token}` };
  const gift = {
    name: "Kim",
    delivery_method: "link",
    collection: "Tea Time",
    design_id: "thank-you",
    message: "Enjoy a quiet cup on us.",
    from: "The Acme team",
  };
  const created = (await (await request.post(`${creds.base_url}/gifts`, { headers, data: { gift } })).json()).data;
  expect(created.attributes["untie-url"]).not.toContain(created.id);

  const scanned = await request.get(created.attributes["untie-url"]);
  expect(scanned.status()).toBe(200);
  await request.head(created.attributes["untie-url"]);
  const stageOf = async () =>
    (await (await request.get(`${creds.base_url}/gifts/${created.id}`, { headers })).json()).data.attributes.stage;
  expect(await stageOf()).toBe("scheduled");

  await page.goto(created.attributes["untie-url"]);
  await expect(page.getByRole("heading", { name: "Kim, you have a gift!" })).toBeVisible();
  await expect(page.getByText("Enjoy a quiet cup on us.")).toBeVisible();
  await expect(page.getByText("— The Acme team")).toBeVisible();
  await expect(page.getByTestId("products").getByRole("listitem")).toHaveCount(5);

  await expect.poll(stageOf).toBe("opened");
  const after = (await (await request.get(`${creds.base_url}/gifts/${created.id}`, { headers })).json()).data
    .attributes;
  expect(after.stage).toBe("opened");
  expect(after.events.map((e: { stage: string }) => e.stage)).toEqual(["scheduled", "opened"]);

  const other = (await (await request.post(`${creds.base_url}/gifts`, { headers, data: { gift } })).json()).data;
  await request.delete(`${creds.base_url}/gifts/${other.id}`, { headers });
  await page.goto(other.attributes["untie-url"]);
  await expect(page.getByRole("heading", { name: "This gift was cancelled" })).toBeVisible();
  await expect(page.getByText("The Acme team cancelled this gift")).toBeVisible();

  const missing = await page.goto(`/untie/${"A".repeat(43)}`);
  expect(missing?.status()).toBe(404);
});

test("the chosen colour's picture: picking Sage shows the sage mug, and the confirmation shows it too", async ({
  page,
  request,
}) => {
  const creds = demoCredentials();
  const headers = { Authorization: `Bearer ${creds.accounts[0].live_token}` };
  const gift = { name: "Kim", delivery_method: "link", collection: "Coffee Lovers", message: "Enjoy!", from: "Acme" };
  const created = (await (await request.post(`${creds.base_url}/gifts`, { headers, data: { gift } })).json()).data;
  await page.goto(created.attributes["untie-url"]);
  const mug = page.getByTestId("products").getByRole("listitem").filter({ hasText: "Insulated Travel Mug" });
  await expect(mug.locator("img")).toHaveAttribute("src", "/catalogue/products/insulated-travel-mug.svg");
  await mug.getByLabel("Colour for Insulated Travel Mug").selectOption({ label: "Charcoal" });
  await expect(mug.locator("img")).toHaveAttribute(
    "src",
    "/catalogue/products/variants/insulated-travel-mug--charcoal.svg",
  );
  const art = await request.get(
    new URL("/catalogue/products/variants/insulated-travel-mug--sage.svg", page.url()).href,
  );
  expect(art.status()).toBe(200);
  expect(art.headers()["content-type"]).toContain("image/svg+xml");
  // The product's own colour is its own picture.
  await mug.getByLabel("Colour for Insulated Travel Mug").selectOption({ label: "Coral" });
  await expect(mug.locator("img")).toHaveAttribute("src", "/catalogue/products/insulated-travel-mug.svg");
  await redeemTravelMug(page); // picks Sage
  await expect(page.getByTestId("chosen-picture")).toHaveAttribute(
    "src",
    "/catalogue/products/variants/insulated-travel-mug--sage.svg",
  );
});
