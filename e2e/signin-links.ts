import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** The newest magic link emailed to `email`, read from the local outbox. */
export async function signInLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const outbox = await (await request.get("/dev/outbox.json?limit=500")).json();
  const message = outbox.data.find((m: { to: string; kind: string }) => m.to === email && m.kind === "signin");
  expect(message, `a sign-in email to ${email}`).toBeTruthy();
  return /https?:\/\/[^\s"<>]+\/api\/auth\/callback\/email[^\s"<>]+/.exec(message.text)![0].replace(/&amp;/g, "&");
}

/** Fills the sign-in form on the current page and waits for "Check your email". */
export async function askForLink(
  page: Page,
  email: string,
  button: "Email me a sign-in link" | "Send a new link" = "Email me a sign-in link",
) {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
