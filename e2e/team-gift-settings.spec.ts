import { expect, test } from "@playwright/test";
import { expectAccessible } from "./accessibility";
import { ownerWithTeam, send } from "./dashboard-helpers";

// What an owner sets on the team page for the team's gifts: the reminder cadence and the swap collections.
test("an owner sets the team's reminder cadence; a bad duration is named; new gifts get the cadence", async ({
  page,
}) => {
  const owner = await ownerWithTeam(page, Date.now());
  await page.goto(`/teams/${owner.slug}`);
  await expect(page.getByTestId("reminders-summary")).toContainText(
    "3 days after sending, 7 days after sending, 2 days before expiry",
  );
  const form = page.getByTestId("reminders-form");
  await expect(form.getByLabel("3 days after sending")).toBeChecked();
  await expect(form.getByLabel("2 days before expiry")).toBeChecked();
  await expect(form.getByLabel("1 day after sending")).not.toBeChecked();

  await form.getByLabel("Other times (optional)").fill("P2Q");
  await form.getByRole("button", { name: "Save reminders" }).click();
  await expect(form.getByRole("alert")).toBeVisible();
  await expectAccessible(page);

  // Ticked boxes and other times together; the boxes untick their own.
  await form.getByLabel("3 days after sending").uncheck();
  await form.getByLabel("7 days after sending").uncheck();
  await form.getByLabel("2 days before expiry").uncheck();
  await form.getByLabel("1 day before expiry").check();
  await form.getByLabel("Other times (optional)").fill("P2D PT12H");
  await form.getByLabel("Other times (optional)").press("Enter");
  await expect(form.getByRole("status")).toContainText("Reminders saved");
  await page.reload();
  await expect(page.getByTestId("reminders-summary")).toContainText(
    "1 day before expiry, 2 days after sending, 12 hours after sending",
  );
  await expect(form.getByLabel("Other times (optional)")).toHaveValue("P2D PT12H");

  const gift = await send(page.request, owner.live, "/gifts", { name: "Ada Lovelace", email: "ada@example.test" });
  expect(gift.attributes.reminders).toEqual(["-P1D", "P2D", "PT12H"]);
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
