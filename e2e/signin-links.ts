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

export type OutboxMessage = { to: string; kind: string; subject: string; text: string; html: string };

/** The newest outbox message of a kind to an address (the local outbox of the embedded default). */
export async function newestMail(request: APIRequestContext, to: string, kind: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect(async () => {
    const outbox = (await (await request.get("/dev/outbox.json")).json()) as { data: OutboxMessage[] };
    found = outbox.data.find((m) => m.to === to && m.kind === kind);
    expect(found).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return found!;
}

/** Signs in on the page that shows the sign-in form, through the magic link in the outbox. */
export async function signInHere(page: Page, email: string) {
  await expect(page).toHaveURL(/\/signin/);
  await askForLink(page, email);
  await page.goto(await signInLinkFor(page.request, email));
}
