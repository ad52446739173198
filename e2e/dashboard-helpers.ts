import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { expectAccessible } from "./accessibility";
import { signInHere } from "./signin-links";

// Shared by the dashboard's browser tests (e2e/dashboard.spec.ts, e2e/dashboard-upload.spec.ts).

/** Signs a new person in from /dashboard, creates a team with a card and turns on their tokens. */
export async function ownerWithTeam(page: Page, stamp: number) {
  const email = `dash-owner-${stamp}@example.test`;
  const teamName = `Dash Team ${stamp}`;
  await page.goto("/dashboard");
  await signInHere(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Create a team to send your first gift" })).toBeVisible();
  await expectAccessible(page);
  await page.goto("/account");
  await page.getByLabel("Team name").fill(teamName);
  await page.getByRole("button", { name: "Create a team" }).click();
  await expect(page).toHaveURL(/\/teams\/dash-team-\d+\?created=1$/);
  const slug = (await page.getByTestId("team-id").textContent())!.trim();
  // The new team's page leads on to its gifts and the send form.
  await expect(
    page.getByRole("navigation", { name: "This team" }).getByRole("link", { name: "Send a gift" }),
  ).toHaveAttribute("href", `/dashboard/${slug}/send`);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 30");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByTestId("card-on-file")).toContainText("4242");
  await page.goto("/account");
  await page.getByRole("button", { name: "Enable developer access" }).click();
  const live = (await page.getByTestId("live-token").textContent())!.trim();
  const sandbox = (await page.getByTestId("sandbox-token").textContent())!.trim();
  return { email, teamName, slug, live, sandbox };
}

export async function send(request: APIRequestContext, token: string, path: string, gift: Record<string, unknown>) {
  const response = await request.post(`/api/v1${path}`, {
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/vnd.api+json" },
    data: { gift: { collection: "Coffee Lovers", message: "Thank you!", from: "The Dash Team", ...gift } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data;
}

/** On a phone the filters past the search are folded under "More filters": open them (nothing to do where they show). */
export async function showAllFilters(page: Page) {
  const more = page.getByText("More filters: stage, dates, batch, sort");
  if (await more.isVisible()) await more.click();
}

/** Fills the send form (/dashboard/<team>/send) with one email gift of Coffee Lovers. */
export async function fillSendForm(page: Page) {
  await page.getByLabel("Recipient's name").fill("Ada Lovelace");
  await page.getByLabel("Recipient's email").fill("ada@analytical.test");
  await page.getByRole("radio", { name: /Coffee Lovers/ }).check();
  await page.getByLabel("Message").fill("Thank you for the engine notes.");
  await page.getByLabel("From", { exact: true }).fill("Charles");
}
