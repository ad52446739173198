import { statSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { demoCredentials } from "./demo";
import { askForLink, signInLinkFor } from "./signin-links";

// Developer access on the account page: rolling and revoking ask first, in a dialog that names
// the consequence; a roll can keep the old tokens for 24 hours; the demo file follows along.

/** Signs `email` in through the outbox magic link and lands on /account. */
async function signIn(page: Page, request: APIRequestContext, email: string) {
  await page.goto("/account");
  await askForLink(page, email);
  await page.goto(await signInLinkFor(request, email));
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
}

const newEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;

async function shownTokens(page: Page) {
  const panel = page.getByTestId("new-tokens");
  return {
    live: (await panel.getByTestId("live-token").textContent())!.trim(),
    sandbox: (await panel.getByTestId("sandbox-token").textContent())!.trim(),
  };
}

async function enable(page: Page) {
  await page.getByRole("button", { name: "Enable developer access" }).click();
  await expect(page.getByTestId("new-tokens")).toBeVisible();
  return shownTokens(page);
}

/** The HTTP status of GET /teams with the token (live and sandbox tokens both may list teams). */
async function statusWith(request: APIRequestContext, token: string) {
  return (await request.get("/api/v1/teams", { headers: { Authorization: `Bearer ${token}` } })).status();
}

/** Where an element sits on the page (not in the viewport: a reload may scroll elsewhere). */
const placeOnPage = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { x: box.left + window.scrollX, y: box.top + window.scrollY, width: box.width, height: box.height };
  });

test("roll with confirmation: Escape cancels, then the old tokens get 401 at once and the new ones 200; nothing jumps", async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, request, newEmail("roller"));
  const old = await enable(page);
  expect(await statusWith(request, old.live)).toBe(200);

  const rollButton = page.getByRole("button", { name: "Roll tokens" });
  const before = await placeOnPage(rollButton);

  await rollButton.click();
  const dialog = page.getByRole("dialog", { name: "Roll your developer tokens?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    "Your live integration stops working at once unless you keep the old tokens for 24 hours",
  );
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true); // focus moved into the dialog
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(rollButton).toBeFocused(); // focus is back where it was
  expect(await shownTokens(page)).toEqual(old); // cancelled: nothing happened
  expect(await statusWith(request, old.sandbox)).toBe(200);

  await rollButton.click();
  await expect(dialog.getByRole("radio", { name: "now" })).toBeChecked(); // the default
  await dialog.getByRole("button", { name: "Roll tokens" }).click();
  await expect(page.getByTestId("developer-access-status")).toContainText("Tokens rolled.");
  await expect(page.getByTestId("live-token")).not.toHaveText(old.live);
  const fresh = await shownTokens(page);
  await expect(page.getByTestId("new-tokens")).toContainText("The previous tokens stopped working.");

  expect(await statusWith(request, old.live)).toBe(401);
  expect(await statusWith(request, old.sandbox)).toBe(401);
  expect(await statusWith(request, fresh.live)).toBe(200);
  expect(await statusWith(request, fresh.sandbox)).toBe(200);
  expect(await placeOnPage(rollButton)).toEqual(before);

  // Copy puts the token on the clipboard and says so.
  await page.getByRole("button", { name: "Copy live token" }).click();
  await expect(page.getByTestId("new-tokens").getByRole("status").first()).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fresh.live);

  // The list tells when each token was last used, with the exact time on hover.
  await page.reload();
  const live = page.getByTestId("active-tokens").getByRole("listitem").filter({ hasText: "(live)" });
  await expect(live).toContainText(/last used (just now|1 minute ago)/);
  const usedAt = live.locator("time").nth(1);
  expect(await usedAt.getAttribute("title")).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  expect(Number.isNaN(Date.parse((await usedAt.getAttribute("datetime"))!))).toBe(false);
  expect(await placeOnPage(rollButton)).toEqual(before);
});

test("roll keeping the old tokens for 24 hours: both pairs work, the old one is listed as expiring, and Revoke now stops it", async ({
  page,
  request,
}) => {
  await signIn(page, request, newEmail("graceful"));
  const old = await enable(page);

  await page.getByRole("button", { name: "Roll tokens" }).click();
  const dialog = page.getByRole("dialog", { name: "Roll your developer tokens?" });
  await dialog.getByRole("radio", { name: "in 24 hours" }).check();
  await dialog.getByRole("button", { name: "Roll tokens" }).click();
  await expect(page.getByTestId("live-token")).not.toHaveText(old.live);
  const fresh = await shownTokens(page);
  await expect(page.getByTestId("new-tokens")).toContainText("The previous tokens keep working until");

  expect(await statusWith(request, old.live)).toBe(200);
  expect(await statusWith(request, fresh.live)).toBe(200);
  const expiring = page.getByTestId("expiring-tokens");
  await expect(expiring.getByRole("listitem")).toHaveCount(2);
  await expect(expiring).toContainText("expires in 23 hours");
  await expect(expiring).toContainText(old.live.slice(0, 14));

  await page.getByRole("button", { name: "Revoke now" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke the previous tokens now?" });
  await expect(confirm).toContainText("Anything still using the previous tokens stops working at once.");
  await confirm.getByRole("button", { name: "Revoke now" }).click();
  await expect(page.getByTestId("expiring-tokens")).toHaveCount(0);
  expect(await statusWith(request, old.live)).toBe(401);
  expect(await statusWith(request, fresh.sandbox)).toBe(200);
});

test("revoke with confirmation: Cancel keeps the tokens; confirmed, both get 401", async ({ page, request }) => {
  await signIn(page, request, newEmail("revoker"));
  const tokens = await enable(page);

  await page.getByRole("button", { name: "Revoke both" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke your developer tokens?" });
  await expect(dialog).toContainText(
    "Your live integration and sandbox scripts stop working at once. You can enable developer access again later (new tokens).",
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(await statusWith(request, tokens.sandbox)).toBe(200);

  await page.getByRole("button", { name: "Revoke both" }).click();
  await dialog.getByRole("button", { name: "Revoke both" }).click();
  await expect(page.getByText("Developer access is off: both tokens stopped working.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Enable developer access" })).toBeVisible();
  await expect(page.getByTestId("new-tokens")).toHaveCount(0);
  expect(await statusWith(request, tokens.live)).toBe(401);
  expect(await statusWith(request, tokens.sandbox)).toBe(401);
});

test("without JavaScript, rolling still goes through the confirmation dialog", async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  await signIn(page, request, newEmail("no-js"));
  const old = await enable(page);
  const noScript = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const plain = await noScript.newPage();
    await plain.goto("/account");
    await expect(plain.getByRole("dialog")).toHaveCount(0); // nothing is open, nothing to submit
    await plain.getByRole("button", { name: "Roll tokens" }).click(); // opens the dialog by itself (commandfor)
    const dialog = plain.getByRole("dialog", { name: "Roll your developer tokens?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Roll tokens" }).click();
    await expect(plain.getByTestId("new-tokens")).toBeVisible();
    const fresh = await shownTokens(plain);
    expect(fresh.live).not.toBe(old.live);
    expect(await statusWith(request, old.live)).toBe(401);
    expect(await statusWith(request, fresh.live)).toBe(200);
  } finally {
    await noScript.close();
  }
});

test("a demo user's roll rewrites demo-credentials.json, so the README's commands keep working", async ({
  page,
  request,
}) => {
  const before = demoCredentials();
  const [alex, sam] = before.accounts;
  await signIn(page, request, sam.email);
  await page.getByRole("button", { name: "Roll tokens" }).click();
  await page
    .getByRole("dialog", { name: "Roll your developer tokens?" })
    .getByRole("button", { name: "Roll tokens" })
    .click();
  await expect(page.getByTestId("new-tokens")).toContainText("demo-credentials.json now holds these tokens.");
  const fresh = await shownTokens(page);

  const after = demoCredentials();
  expect(after.accounts[1]).toEqual({ ...sam, live_token: fresh.live, sandbox_token: fresh.sandbox });
  expect(after.accounts[0]).toEqual(alex);
  expect(after.oauth_client).toEqual(before.oauth_client);
  expect(statSync(path.join(".e2e-data", "demo-credentials.json")).mode & 0o777).toBe(0o600);
  expect(await statusWith(request, after.accounts[1].sandbox_token)).toBe(200);
  expect(await statusWith(request, after.accounts[1].live_token)).toBe(200);
  expect(await statusWith(request, sam.live_token)).toBe(401);
});
