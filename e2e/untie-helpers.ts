import { expect, type Page } from "@playwright/test";

/**
 * On an open untie page (English): the recipient picks the Insulated Travel Mug in Sage, ships it
 * to a US address and confirms; the page then says it was redeemed.
 */
export async function redeemTravelMug(page: Page) {
  await page.getByRole("radio", { name: "Insulated Travel Mug" }).check();
  await page.getByLabel("Colour for Insulated Travel Mug").selectOption({ label: "Sage" });
  await page.getByLabel("Country").selectOption("US");
  await page.getByLabel("Full name").fill("Kim Lee");
  await page.getByLabel("Address line 1").fill("1 Main Street");
  await page.getByLabel("City", { exact: true }).fill("Springfield");
  await page.getByLabel("State", { exact: true }).fill("IL");
  await page.getByLabel("ZIP code", { exact: true }).fill("62701");
  await page.getByLabel("Email for shipping updates").fill("kim@example.test");
  await page.getByRole("button", { name: "Confirm my choice" }).click();
  await expect(page).toHaveURL(/redeemed=1$/);
}
