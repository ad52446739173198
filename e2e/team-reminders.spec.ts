import { expect, test } from "@playwright/test";
import { expectAccessible, ownerWithTeam, send } from "./dashboard-helpers";

// The team's default reminder cadence, as an owner sets it on the team page.
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
