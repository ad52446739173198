import { expect, test } from "@playwright/test";
import { replayAs, serverActionOf } from "./server-actions";
import { newestMail, signInHere } from "./signin-links";

test("an owner creates a team and sets its card; an invited person joins and sees the team with their own token; a member's replayed owner actions change nothing", async ({
  browser,
  page,
}) => {
  const stamp = Date.now();
  const ownerEmail = `owner-${stamp}@example.test`;
  const inviteeEmail = `invitee-${stamp}@example.test`;
  const teamName = `Rocket Crew ${stamp}`;
  const slug = `rocket-crew-${stamp}`;

  // The owner signs in and creates a team: the slug is shown before and after.
  await page.goto("/account");
  await signInHere(page, ownerEmail);
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await page.getByLabel("Team name").fill(teamName);
  await expect(page.getByTestId("slug-preview")).toHaveText(slug);
  await page.getByRole("button", { name: "Create a team" }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${slug}\\?created=1$`));
  await expect(page.getByRole("heading", { level: 1, name: teamName })).toBeVisible();
  await expect(page.getByTestId("team-id")).toHaveText(slug);
  await expect(page).toHaveTitle(`${teamName} — Ribbon`);
  await expect(page.getByTestId("card-on-file")).toContainText("No card on file");

  // The card: an invalid number is refused inline; a declining test card is saved and flagged; a good one replaces it.
  const cardNumber = page.getByLabel("Card number");
  const expiry = page.getByLabel("Expiry (MM / YY)");
  await cardNumber.fill("4242 4242 4242 4241");
  await expiry.fill("12 / 30");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByTestId("card-form").getByRole("alert")).toHaveText("That is not a valid card number.");
  await expect(page.getByTestId("card-on-file")).toContainText("No card on file");

  await cardNumber.fill("4000 0000 0000 0002");
  await expiry.fill("11 / 31");
  const setDecliningCard = await serverActionOf(page, () => page.getByRole("button", { name: "Save card" }).click());
  await expect(page.getByTestId("card-on-file")).toHaveText("Visa •••• 0002, expires 11/31");
  await expect(page.getByTestId("card-declines")).toHaveText("Charges to this card are declined (test card).");

  await cardNumber.fill("4242 4242 4242 4242");
  await expiry.fill("12 / 30");
  await page.getByRole("button", { name: "Replace card" }).click();
  await expect(page.getByTestId("card-on-file")).toHaveText("Visa •••• 4242, expires 12/30");
  await expect(page.getByTestId("card-declines")).toHaveCount(0);

  // The owner invites a second person.
  await page.getByTestId("invite-form").getByLabel("Email").fill(inviteeEmail);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByTestId("invite-form").getByRole("status")).toHaveText(`Invitation sent to ${inviteeEmail}.`);
  await page.reload();
  await expect(page.getByTestId("invitations")).toContainText(inviteeEmail);

  // The invitee opens the emailed link in their own browser, signs in with that address and accepts.
  const invitation = await newestMail(page.request, inviteeEmail, "team-invitation");
  const link = /http:\/\/[^\s"<>]+\/invitations\/[1-9A-HJ-NP-Za-km-z]+/.exec(invitation.text)![0];
  // Opening the link signed in as someone else accepts nothing and names the invited address; a forged link says it doesn't work.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This invitation is for someone else" })).toBeVisible();
  await expect(page.getByTestId("invitation-problem")).toContainText(
    `is for ${inviteeEmail}, and you are signed in as ${ownerEmail}`,
  );
  await page.goto("/invitations/1111111111111111111111");
  await expect(page.getByRole("heading", { name: "This invitation link doesn't work" })).toBeVisible();
  await expect(page.getByTestId("invitation-problem")).not.toContainText(teamName);
  await page.goto(`/teams/${slug}`);

  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(link);
  await signInHere(invitee, inviteeEmail);
  await expect(invitee).toHaveURL(link);
  await expect(invitee.getByRole("heading", { name: `Join ${teamName} as a member` })).toBeVisible();
  // Not a member yet: the team's page doesn't exist for them.
  await invitee.goto(`/teams/${slug}`);
  await expect(invitee.getByRole("heading", { name: "We couldn't find that page" })).toBeVisible();
  await invitee.goto(link);
  await invitee.getByRole("button", { name: `Accept and join ${teamName}` }).click();
  await expect(invitee).toHaveURL(new RegExp(`/teams/${slug}\\?joined=1$`));
  await expect(invitee.getByText(`You joined ${teamName}.`)).toBeVisible();
  // A member sees the card but no card form, and no member controls.
  await expect(invitee.getByTestId("card-on-file")).toHaveText("Visa •••• 4242, expires 12/30");
  await expect(invitee.getByTestId("card-form")).toHaveCount(0);
  await expect(invitee.getByTestId("remove-member")).toHaveCount(0);
  // The link is spent.
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { name: "This invitation was already used" })).toBeVisible();

  // Their own live token lists the team in GET /teams.
  await invitee.goto("/account");
  await expect(invitee.getByTestId("my-teams")).toContainText(`${teamName} ${slug} (member)`);
  await invitee.getByRole("button", { name: "Enable developer access" }).click();
  const live = (await invitee.getByTestId("live-token").textContent())!.trim();
  const teams = await invitee.request.get("/api/v1/teams", { headers: { Authorization: `Bearer ${live}` } });
  expect((await teams.json()).data).toEqual([{ type: "teams", id: slug, attributes: { name: teamName } }]);

  // The owner's page lists both; the owner makes the invitee owner and member again, capturing the request.
  await page.reload();
  const members = page.getByTestId("member");
  await expect(members).toHaveCount(2);
  const makeOwner = await serverActionOf(page, () => page.getByRole("button", { name: "Make owner" }).click());
  await expect(page.getByRole("button", { name: "Make member" })).toBeVisible();
  await page.getByRole("button", { name: "Make member" }).click();
  await expect(page.getByRole("button", { name: "Make owner" })).toBeVisible();

  // The member replays the owner's real requests with their own cookies: the server refuses both.
  for (const captured of [setDecliningCard, makeOwner]) {
    const response = await replayAs(inviteeContext, captured);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("Only the team's owners can");
  }
  await page.reload();
  await expect(page.getByTestId("card-on-file")).toHaveText("Visa •••• 4242, expires 12/30");
  await expect(page.getByTestId("card-declines")).toHaveCount(0);
  await expect(page.getByTestId("member-role")).toHaveText(["owner", "member"]);
  await invitee.goto(`/teams/${slug}`);
  await expect(invitee.getByText("You are a member.")).toBeVisible();

  // The owner removes the member; their token no longer lists the team.
  await page.getByRole("button", { name: `Remove ${inviteeEmail}` }).click();
  await expect(page.getByTestId("member")).toHaveCount(1);
  const after = await invitee.request.get("/api/v1/teams", { headers: { Authorization: `Bearer ${live}` } });
  expect((await after.json()).data).toEqual([]);
  await inviteeContext.close();
});
