import { expect, test, type Page } from "@playwright/test";
import { askForLink, newestMail, signInLinkFor, uniqueEmail } from "./signin-links";

// A first sign-in asks for a name (skippable); someone without one is shown by their team's
// name, never by their email address: in invitations and in the gifts they send.

async function signInNew(page: Page, email: string) {
  await page.goto("/account");
  await askForLink(page, email);
  await page.goto(await signInLinkFor(page.request, email));
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
}

const prompt = (page: Page) => page.getByRole("region", { name: "What should we call you?" });

test("a first sign-in asks for a name; it is saved and shown, and not asked again", async ({ page }) => {
  const email = uniqueEmail("named");
  await signInNew(page, email);
  await expect(prompt(page)).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  await prompt(page).getByRole("button", { name: "Save my name" }).click();
  await expect(prompt(page).getByRole("alert")).toHaveText("Enter your name, or choose Skip");
  await prompt(page).getByLabel("Your name").fill(email);
  await prompt(page).getByRole("button", { name: "Save my name" }).click();
  await expect(prompt(page).getByRole("alert")).toHaveText("Enter your name rather than an email address");
  await prompt(page).getByLabel("Your name").fill("  Robin Fields ");
  await prompt(page).getByRole("button", { name: "Save my name" }).click();
  await expect(page.getByText(`Signed in as Robin Fields (${email})`)).toBeVisible();

  await page.reload();
  await expect(page.getByText(`Signed in as Robin Fields (${email})`)).toBeVisible();
  await expect(prompt(page)).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Your name" }).getByLabel("Your name")).toHaveValue("Robin Fields");
});

test("the prompt can be skipped; a nameless owner's invitation and gifts name the team, never the email address", async ({
  page,
  browser,
}) => {
  const ownerEmail = uniqueEmail("nameless");
  const teamName = `Quiet Crew ${Date.now()}`;
  await signInNew(page, ownerEmail);
  await prompt(page).getByRole("button", { name: "Skip for now" }).click();
  await expect(prompt(page)).toHaveCount(0);
  await page.goto("/docs");
  await expect(prompt(page)).toHaveCount(0);
  await page.goto("/account");
  await expect(prompt(page)).toHaveCount(0);

  // Invitations read as the team.
  await page.getByLabel("Team name").fill(teamName);
  await page.getByRole("button", { name: "Create a team" }).click();
  await expect(page.getByRole("heading", { level: 1, name: teamName })).toBeVisible();
  const inviteeEmail = uniqueEmail("invitee");
  await page.getByTestId("invite-form").getByLabel("Email").fill(inviteeEmail);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByTestId("invite-form").getByRole("status")).toHaveText(`Invitation sent to ${inviteeEmail}.`);
  await page.reload();
  await expect(page.getByTestId("invitations")).toContainText(`by ${teamName}`);
  await expect(page.getByTestId("invitations")).not.toContainText(`by ${ownerEmail}`);
  const invitation = await newestMail(page.request, inviteeEmail, "team-invitation");
  expect(invitation.subject).toBe(`${teamName} invited you to join ${teamName} on Ribbon`);
  expect(invitation.text).not.toContain(ownerEmail);

  const context = await browser.newContext();
  const invitee = await context.newPage();
  const link = /https?:\/\/[^\s"<>]+\/invitations\/[A-Za-z0-9_-]+/.exec(invitation.text)![0];
  await invitee.goto(link);
  await askForLink(invitee, inviteeEmail);
  await invitee.goto(await signInLinkFor(invitee.request, inviteeEmail));
  await expect(invitee.getByText(`${teamName} invited you (${inviteeEmail})`)).toBeVisible();
  await expect(invitee.getByText(ownerEmail)).toHaveCount(0);
  await context.close();

  // A gift's default subject names the team too.
  await page.goto("/account");
  await page.getByRole("button", { name: "Enable developer access" }).click();
  const sandbox = (await page.getByTestId("sandbox-token").textContent())!.trim();
  const gift = {
    name: "Kim",
    email: "kim@example.test",
    collection: "Tea Time",
    message: "Enjoy!",
    from: "Quiet Crew",
  };
  const created = await page.request.post("/api/v1/gifts", {
    headers: { Authorization: `Bearer ${sandbox}` },
    data: { gift },
  });
  expect(created.status()).toBe(200);
  const subject = (await created.json()).data.attributes.subject as string;
  expect(subject).not.toContain(ownerEmail);
  expect(subject).toMatch(/ Sent You A Gift!$/);
});
