import { expect, test } from "@playwright/test";

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
