import { expect, test } from "@playwright/test";
import { expectAccessible, ownerWithTeam, send } from "./dashboard-helpers";

// What an owner sets on the team page for the team's gifts: the reminder cadence and the swap collections.
test("an owner sets the team's reminder cadence; a bad duration is named; new gifts get the cadence", async ({
  page,
}) => {
  const owner = await ownerWithTeam(page, Date.now());
  await page.goto(`/teams/${owner.slug}`);
  await expect(page.getByTestId("reminders-summary")).toContainText("P3D, P7D, -P2D");
  const form = page.getByTestId("reminders-form");

  await form.getByLabel("Default cadence").fill("P2D P2Q");
  await form.getByRole("button", { name: "Save reminders" }).click();
  await expect(form.getByRole("alert")).toBeVisible();
  await expectAccessible(page);

  await form.getByLabel("Default cadence").fill("P2D P5D");
  await form.getByLabel("Default cadence").press("Enter");
  await expect(form.getByRole("status")).toContainText("Reminders saved");
  await page.reload();
  await expect(page.getByTestId("reminders-summary")).toContainText("P2D, P5D");

  const gift = await send(page.request, owner.live, "/gifts", { name: "Ada Lovelace", email: "ada@example.test" });
  expect(gift.attributes.reminders).toEqual(["P2D", "P5D"]);
});

test("an owner picks the team's swap collections on the team page; the API reads them back", async ({ page }) => {
  const owner = await ownerWithTeam(page, Date.now());
  await page.goto(`/teams/${owner.slug}`);
  await expect(page.getByTestId("swap-summary")).toContainText("No swaps");
  const form = page.getByTestId("swap-form");
  await form.getByLabel(/^Tea Time/).check();
  await form.getByRole("button", { name: "Save swaps" }).click();
  await expect(form.getByRole("status")).toContainText("Swaps saved");
  await page.reload();
  await expect(page.getByTestId("swap-summary")).toContainText("Tea Time");
  await expectAccessible(page);

  const read = await page.request.get(`/api/v1/teams/${owner.slug}/swap-collections`, {
    headers: { Authorization: `Bearer ${owner.live}` },
  });
  expect((await read.json()).data.attributes["collection-ids"]).toHaveLength(1);
});
