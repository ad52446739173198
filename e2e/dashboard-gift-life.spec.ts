import { expect, test } from "@playwright/test";
import { expectAccessible } from "./accessibility";
import { ownerWithTeam, send } from "./dashboard-helpers";

// The gift page's life after sending (docs/api.md "Changing a gift", "Resending the gift email"):
// an owner edits a scheduled gift, extends its expiry and resends a sent gift's email, each from
// the page, with the page checked by axe-core.

const ymd = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test("an owner edits a scheduled gift, extends its expiry and resends a sent gift's email", async ({ page }) => {
  const owner = await ownerWithTeam(page, Date.now());
  const later = await send(page.request, owner.live, "/gifts", {
    name: "Ada Lovelace",
    email: "ada@analytical.test",
    scheduled_at: `${ymd(2)}T09:00:00Z`,
    expires_on: ymd(10),
  });
  const now = await send(page.request, owner.live, "/gifts", {
    name: "Grace Hopper",
    email: "grace@navy.test",
    scheduled_at: new Date().toISOString(),
  });
  const giftPage = (id: string) => `/dashboard/${owner.slug}/gifts/${id}`;

  // A scheduled gift: the message and from line can be changed; no resend yet.
  await page.goto(giftPage(later.id));
  await expect(page.getByRole("heading", { name: "Change this gift" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend email" })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByLabel("Message").fill("Thank you for the engine notes!");
  await page.getByLabel("From", { exact: true }).fill("Charles");
  await page.getByRole("button", { name: "Save message" }).click();
  await expect(page.getByTestId("edit-gift").getByRole("status")).toContainText("Saved");
  await expect(page.getByText("Thank you for the engine notes!").first()).toBeVisible();
  await expect(page.getByTestId("timeline")).toContainText("Edited");

  // Extend: the picker starts at the current expiry; the same date is refused with the reason; a later one is shown.
  await expect(page.getByLabel("New expiry date")).toHaveAttribute("min", ymd(10));
  await page.getByLabel("New expiry date").fill(ymd(10));
  await page.getByRole("button", { name: "Extend expiry" }).click();
  await expect(page.getByTestId("extend-expiry").getByRole("alert")).toContainText("must be later");
  await page.getByLabel("New expiry date").fill(ymd(30));
  await page.getByRole("button", { name: "Extend expiry" }).click();
  await expect(page.getByTestId("extend-expiry").getByRole("status")).toContainText(ymd(30));
  await expectAccessible(page);

  // A sent gift: no editing any more, but its email can be sent again (and not twice in 10 minutes).
  await page.goto(giftPage(now.id));
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("button", { name: "Resend email" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Save message" })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Resend email" }).click();
  await expect(page.getByTestId("resend-gift").getByRole("status")).toContainText("sent again to grace@navy.test");
  await expect(page.getByTestId("timeline")).toContainText("Email sent again");
  await page.getByRole("button", { name: "Resend email" }).click();
  await expect(page.getByTestId("resend-gift").getByRole("alert")).toContainText("once every 10 minutes");
});
