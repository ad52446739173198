import { expect, test, type APIRequestContext } from "@playwright/test";
import { ownerWithTeam, send } from "./dashboard-helpers";

// Swap (issue 23): a recipient who likes nothing in the gift's collection chooses from the team's
// swap collections, priced at or below the gift, through the same form.

const api = (request: APIRequestContext, token: string) => ({
  get: async (path: string) =>
    (await (await request.get(`/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } })).json()).data,
  patch: (path: string, data: unknown) =>
    request.patch(`/api/v1${path}`, {
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/vnd.api+json" },
      data,
    }),
});

test("no swap until the team has swap collections; then a cheaper one's product is chosen and recorded", async ({
  page,
}) => {
  const owner = await ownerWithTeam(page, Date.now());
  const live = api(page.request, owner.live);
  const gift = await send(page.request, owner.live, "/gifts", { name: "Kim", delivery_method: "link" });
  await page.goto(gift.attributes["untie-url"]);
  await expect(page.getByTestId("products").getByRole("listitem").first()).toBeVisible();
  await expect(page.getByTestId("swap")).toHaveCount(0);

  const collections = (await live.get("/collections")) as { id: string; attributes: { name: string } }[];
  const idOf = (name: string) => collections.find((c) => c.attributes.name === name)!.id;
  // Coffee Lovers costs 48.00: Tea Time (39.00) qualifies, Outdoor Adventure (125.00) doesn't.
  const set = await live.patch("/swap-collections", {
    swap_collections: { collection_ids: [idOf("Tea Time"), idOf("Outdoor Adventure")] },
  });
  expect(set.status(), await set.text()).toBe(200);

  await page.reload();
  const swap = page.getByTestId("swap");
  // Behind "See 5 other options" (issue 31): the gift's own collection comes first.
  await expect(swap.getByRole("heading", { name: "Nothing here for you? Swap for something else" })).toBeHidden();
  await swap.getByText("See 5 other options").click();
  await expect(swap.getByRole("heading", { name: "Nothing here for you? Swap for something else" })).toBeVisible();
  await expect(swap.getByRole("radio", { name: "Loose-Leaf Tea Trio" })).toBeVisible();
  await expect(swap.getByRole("radio", { name: "Enamel Camp Mug" })).toHaveCount(0);
  await swap.getByRole("radio", { name: "Loose-Leaf Tea Trio" }).check();
  await page.getByLabel("Country").selectOption("DE");
  await page.getByLabel("Full name").fill("Kim Lee");
  await page.getByLabel("Address line 1").fill("Unter den Linden 1");
  await page.getByLabel("City", { exact: true }).fill("Berlin");
  await page.getByLabel("Postal code").fill("10117");
  await page.getByLabel("Email for shipping updates").fill("kim@example.test");
  await page.getByRole("button", { name: "Confirm my choice" }).click();
  await expect(page.getByTestId("chosen-product")).toHaveText("Loose-Leaf Tea Trio");

  const after = (await live.get(`/gifts/${gift.id}`)).attributes;
  expect(after["swap-collection"]).toBe(idOf("Tea Time"));
  expect(after.price).toBe("48.00");
});
