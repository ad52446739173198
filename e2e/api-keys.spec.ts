import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { askForLink, signInLinkFor } from "./signin-links";

// Named API keys on the account page (docs/api.md, "API keys"): made with a name, a mode, an
// access and a team, shown once with Copy, listed, revoked; the API holds each to its limits.

async function signIn(page: Page, request: APIRequestContext, email: string) {
  await page.goto("/account");
  await askForLink(page, email);
  await page.goto(await signInLinkFor(request, email));
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
}

const newEmail = () => `keys-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
const withKey = (key: string) => ({ headers: { Authorization: `Bearer ${key}` } });

test("make a read-only key by keyboard, use it, see it listed, revoke it", async ({ page, request }) => {
  await signIn(page, request, newEmail());
  const section = page.getByRole("region", { name: "API keys" });
  await expect(section.getByText("No named keys yet")).toBeVisible();

  await section.getByLabel("Name").fill("Reporting");
  await section.getByLabel("Read-only (GET)").check();
  await section.getByLabel("Name").focus();
  await page.keyboard.press("Enter");
  const secret = (await section.getByTestId("new-api-key").textContent())!.trim();
  expect(secret).toMatch(/^rbn_live_/);
  await expect(section.getByRole("status").filter({ hasText: "shown only once" })).toBeVisible();

  expect((await request.get("/api/v1/teams", withKey(secret))).status()).toBe(200);
  const refused = await request.post("/api/v1/gifts", { ...withKey(secret), data: {} });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).errors[0].code).toBe("key_read_only");

  const listed = section.getByTestId("api-keys");
  await expect(listed).toContainText("Reporting");
  await expect(listed).toContainText("read-only");
  await page.reload();
  await expect(page.getByTestId("new-api-key")).toHaveCount(0); // shown once
  await expect(page.getByTestId("api-keys")).toContainText("last used just now");
  await page.getByRole("button", { name: "Revoke Reporting" }).click();
  await expect(page.getByRole("region", { name: "API keys" }).getByText("No named keys yet")).toBeVisible();
  expect((await request.get("/api/v1/teams", withKey(secret))).status()).toBe(401);
});

test("a bad request says why, beside the form", async ({ page, request }) => {
  await signIn(page, request, newEmail());
  const section = page.getByRole("region", { name: "API keys" });
  await section.getByLabel("Name").fill("CI");
  await section.getByRole("button", { name: "Create key" }).click();
  await expect(section.getByTestId("new-api-key")).toBeVisible();
  await section.getByLabel("Name").fill("ci");
  await section.getByRole("button", { name: "Create key" }).click();
  await expect(section.getByRole("alert")).toHaveText("One of your keys already has this name");
});
