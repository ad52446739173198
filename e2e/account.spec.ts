import { expect, test } from "@playwright/test";
import { expectAccessible } from "./accessibility";
import { replayAs, serverActionOf } from "./server-actions";
import { signInHere } from "./signin-links";

// A new person signs in with a magic link (read from the local outbox), turns developer
// access on, and calls the API with the sandbox token shown once.
test("sign in by email, enable developer access, use the token", async ({ page, request }) => {
  const email = `new-dev-${Date.now()}@example.test`;
  await page.goto("/account");
  await expect(page).toHaveURL(/\/signin/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  const outbox = await (await request.get("/dev/outbox.json")).json();
  const message = outbox.data.find((m: { to: string; kind: string }) => m.to === email && m.kind === "signin");
  expect(message).toBeTruthy();
  const link = /https?:\/\/[^\s"<>]+\/api\/auth\/callback\/email[^\s"<>]+/.exec(message.text)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link!.replace(/&amp;/g, "&"));
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  await page.getByRole("button", { name: "Enable developer access" }).click();
  const sandbox = (await page.getByTestId("sandbox-token").textContent())!.trim();
  expect(sandbox).toMatch(/^rbn_sbox_/);
  expect((await page.getByTestId("live-token").textContent())!.trim()).toMatch(/^rbn_live_/);

  const teams = await request.get("/api/v1/teams", { headers: { Authorization: `Bearer ${sandbox}` } });
  expect((await teams.json()).data[0].id).toBe("sandbox");

  await page.reload();
  await expect(page.getByTestId("active-tokens")).toContainText("rbn_sbox_");
  await expect(page.getByTestId("active-tokens")).not.toContainText(sandbox); // never shown again
});

// The sender's own choice to hear when a recipient declines or donates (on by default), by
// keyboard; it sticks across a reload; the page stays accessible.
test("a sender turns off the email about declined and donated gifts, and it stays off; a stranger's replay changes nothing of theirs", async ({
  page,
  browser,
}) => {
  await page.goto("/account");
  await signInHere(page, `prefs-${Date.now()}@example.test`);
  await page.goto("/account");
  const box = page.getByLabel("Email me when a recipient declines a gift I sent or donates its value");
  await expect(box).toBeChecked();
  await box.focus();
  await page.keyboard.press("Space");
  await expect(box).not.toBeChecked();
  const turnedOff = await serverActionOf(page, () =>
    page.getByRole("button", { name: "Save email preferences" }).click(),
  );
  await expect(page.getByTestId("email-preferences").getByRole("status")).toContainText("no email when a recipient");
  await expectAccessible(page);
  await page.reload();
  await expect(box).not.toBeChecked();

  // Back on; then someone else, signed in, replays the "off" post: it can only reach their own.
  await box.check();
  await page.getByRole("button", { name: "Save email preferences" }).click();
  await expect(page.getByTestId("email-preferences").getByRole("status")).toContainText("you will be emailed");
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto("/account");
  await signInHere(strangerPage, `prefs-stranger-${Date.now()}@example.test`);
  await replayAs(stranger, turnedOff);
  await page.reload();
  await expect(box).toBeChecked();
  await stranger.close();
});
