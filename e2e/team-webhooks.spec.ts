import { expect, test, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { startReceiver } from "@/lib/testing/webhook-receiver";
import { expectAccessible } from "./accessibility";
import { ownerWithTeam, send } from "./dashboard-helpers";
import { replayAs, serverActionOf } from "./server-actions";
import { newestMail, signInHere } from "./signin-links";

// The team page's webhook endpoints (issue 45): what the API's /webhook-endpoints offers, for the
// team's owners, on `npm start` with RIBBON_WEBHOOKS_ALLOW_PRIVATE=1 (the receiver is on loopback).

const headersOf = (r: { headers: Record<string, string | string[] | undefined> }) => ({
  "webhook-id": String(r.headers["webhook-id"]),
  "webhook-timestamp": String(r.headers["webhook-timestamp"]),
  "webhook-signature": String(r.headers["webhook-signature"]),
});

/** axe on the team page once its title is back (a server action's redraw streams the head again). */
async function expectAccessibleTeamPage(page: Page, teamName: string) {
  await expect(page).toHaveTitle(`${teamName} — Ribbon`);
  await expectAccessible(page);
}

async function inviteMember(page: Page, slug: string, email: string) {
  await page.getByTestId("invite-form").getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByTestId("invite-form").getByRole("status")).toHaveText(`Invitation sent to ${email}.`);
  const invitation = await newestMail(page.request, email, "team-invitation");
  return /http:\/\/[^\s"<>]+\/invitations\/[1-9A-HJ-NP-Za-km-z]+/.exec(invitation.text)![0];
}

test("an owner adds a webhook endpoint on the team page (secret shown once), edits, rolls, pauses, replays and deletes it; a member sees none of it and is refused", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver(0);
  try {
    const owner = await ownerWithTeam(page, Date.now());
    await page.goto(`/teams/${owner.slug}`);
    // Hydrated first: a click before it posts the form natively (it works, but without the action's header to capture).
    await page.waitForLoadState("networkidle");
    const section = page.getByRole("region", { name: "Webhooks" });
    await expect(section.getByText("No endpoints yet.")).toBeVisible();
    const create = page.getByTestId("webhook-create");
    const url = create.getByLabel("Endpoint URL");

    // Hostile URLs are refused beside the field, in the API's words, and nothing is added.
    await url.fill("javascript:alert(1)");
    await create.getByRole("button", { name: "Add endpoint" }).click();
    await expect(create.locator("#webhook-new-url-error")).toHaveText("Url must use http or https");
    await expect(create.locator("#webhook-new-url-error")).toHaveAttribute("data-code", "invalid_url");
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(url).toHaveAttribute("aria-describedby", "webhook-new-url-error");
    await expectAccessibleTeamPage(page, owner.teamName);
    // 10 KB: the field's maxlength is the browser's courtesy; the server refuses it too.
    await url.evaluate((input) => input.removeAttribute("maxlength"));
    await url.fill(`https://example.com/${"a".repeat(10_240)}`);
    await create.getByRole("button", { name: "Add endpoint" }).click();
    await expect(create.locator("#webhook-new-url-error")).toHaveText("Url is too long (maximum is 2048 characters)");
    await expect(create.locator("#webhook-new-url-error")).toHaveAttribute("data-code", "too_long");
    await expect(page.getByTestId("webhook-endpoint")).toHaveCount(0);

    // Added with every event type by default; the secret is shown this once.
    await url.fill(receiver.url);
    await create.getByLabel("Description (optional)").fill("CRM");
    await page.waitForLoadState("networkidle");
    const added = await serverActionOf(page, () => create.getByRole("button", { name: "Add endpoint" }).click());
    await expect(create.getByRole("status")).toContainText(`Endpoint added: ${receiver.url}`);
    const secret = (await create.getByTestId("webhook-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);
    await expect(create.getByRole("status")).toContainText("it is shown only this once");
    const endpoint = page.getByTestId("webhook-endpoint");
    await expect(endpoint).toHaveCount(1);
    await expect(endpoint.getByTestId("webhook-state")).toHaveText("Enabled");
    await expect(endpoint.getByTestId("webhook-event-types")).toContainText("All event types");
    await expect(endpoint.getByTestId("webhook-description")).toHaveText("CRM");
    await expectAccessibleTeamPage(page, owner.teamName);
    // Never again: not after a reload, not in the page's HTML.
    await page.reload();
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);
    // The API sees the same endpoint, without its secret.
    const listed = await page.request.get(`/api/v1/teams/${owner.slug}/webhook-endpoints`, {
      headers: { Authorization: `Bearer ${owner.live}` },
    });
    const [apiEndpoint] = (await listed.json()).data;
    expect(apiEndpoint.attributes).toMatchObject({ url: receiver.url, description: "CRM", enabled: true });
    expect(apiEndpoint.attributes.secret).toBeUndefined();

    // Edit: the description and two event types.
    await endpoint.getByText("Edit", { exact: true }).click();
    const edit = endpoint.getByTestId("webhook-edit");
    await edit.getByLabel("Description (optional)").fill("CRM, gifts sent");
    for (const box of await edit.getByRole("checkbox").all()) await box.uncheck();
    await edit.getByRole("button", { name: "Save endpoint" }).click();
    await expect(edit.locator('[data-code="invalid_event_types"]')).toContainText(
      "Event types must be a non-empty list",
    );
    await edit.getByLabel("gift.scheduled", { exact: true }).check();
    await edit.getByLabel("gift.sent", { exact: true }).check();
    await edit.getByRole("button", { name: "Save endpoint" }).click();
    await expect(edit.getByRole("status")).toHaveText("Endpoint saved.");
    await expect(endpoint.getByTestId("webhook-description")).toHaveText("CRM, gifts sent");
    await expect(endpoint.getByTestId("webhook-event-types")).toContainText("gift.scheduled, gift.sent");

    // A live gift: its events reach the receiver signed with the secret, and the attempts show on the page.
    await send(page.request, owner.live, "/gifts", { name: "Ada Lovelace", email: "ada@example.test" });
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const types = receiver.received.map(
      (r) => (new Webhook(secret).verify(r.body, headersOf(r)) as { type: string }).type,
    );
    expect(types).toContain("gift.scheduled");
    expect(types.every((type) => type === "gift.scheduled" || type === "gift.sent")).toBe(true);
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("webhook-attempt").first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId("webhook-attempts")).toContainText("gift.scheduled");
    await expect(page.getByTestId("webhook-attempts")).toContainText("HTTP 200");

    // Roll the secret: the new one shown once; both sign for 24 hours.
    const rotate = page.getByTestId("webhook-rotate");
    await rotate.getByRole("button", { name: "Roll secret" }).click();
    await expect(rotate.getByRole("status")).toContainText("Secret rolled");
    const rolled = (await rotate.getByTestId("webhook-secret").textContent())!.trim();
    expect(rolled).toMatch(/^whsec_/);
    expect(rolled).not.toBe(secret);
    await expect(page.getByText("The previous secret also signs until")).toBeVisible();
    receiver.received.length = 0;
    await send(page.request, owner.live, "/gifts", { name: "Grace Hopper", email: "grace@example.test" });
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    for (const key of [rolled, secret])
      expect(() => new Webhook(key).verify(receiver.received[0].body, headersOf(receiver.received[0]))).not.toThrow();

    // Pause and re-enable.
    await endpoint.getByRole("button", { name: "Pause" }).click();
    await expect(endpoint.getByTestId("webhook-state")).toHaveText("Disabled");
    await expect(endpoint).toContainText("Paused on the team page");
    await endpoint.getByRole("button", { name: "Re-enable" }).click();
    await expect(endpoint.getByTestId("webhook-state")).toHaveText("Enabled");

    // Replay the last 24 hours: the events it subscribes to are queued again.
    await endpoint.getByText("Replay events", { exact: true }).click();
    const replay = endpoint.getByTestId("webhook-replay");
    await replay.getByRole("button", { name: "Replay" }).click();
    await expect(replay.getByRole("status")).toContainText(/Replay queued: \d+ deliver/);

    // A member: no management at all, and the owner's form posted with the member's cookies is refused.
    const memberEmail = `webhook-member-${Date.now()}@example.test`;
    const link = await inviteMember(page, owner.slug, memberEmail);
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await member.goto(link);
    await signInHere(member, memberEmail);
    await member.getByRole("button", { name: `Accept and join ${owner.teamName}` }).click();
    await expect(member).toHaveURL(new RegExp(`/teams/${owner.slug}\\?joined=1$`));
    const theirs = member.getByRole("region", { name: "Webhooks" });
    await expect(theirs).toContainText("Only the team's owners manage its webhook endpoints.");
    await expect(member.getByTestId("webhook-create")).toHaveCount(0);
    await expect(member.getByTestId("webhook-endpoint")).toHaveCount(0);
    await expect(member.getByTestId("webhook-rotate")).toHaveCount(0);
    const refused = await replayAs(memberContext, added);
    expect(refused.status()).toBe(200);
    expect(await refused.text()).toContain("Only the team's owners can manage the team's webhook endpoints.");
    await memberContext.close();
    await page.reload();
    await expect(page.getByTestId("webhook-endpoint")).toHaveCount(1);

    // Delete, behind its confirm step, with the red button.
    await endpoint.getByText("Delete…", { exact: true }).click();
    const remove = endpoint.getByTestId("webhook-delete");
    await expect(remove.getByRole("button", { name: "Delete this endpoint" })).toHaveClass(/button-danger/);
    await expectAccessibleTeamPage(page, owner.teamName);
    await remove.getByRole("button", { name: "Delete this endpoint" }).click();
    await expect(section.getByText("No endpoints yet.")).toBeVisible();
    const after = await page.request.get(`/api/v1/teams/${owner.slug}/webhook-endpoints`, {
      headers: { Authorization: `Bearer ${owner.live}` },
    });
    expect((await after.json()).data).toEqual([]);
  } finally {
    await receiver.close();
  }
});

test("without JavaScript, an owner adds an endpoint and sees its secret once", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const receiver = await startReceiver(0);
  try {
    const page = await context.newPage();
    // Signing in and the team come from a JavaScript page; the webhook forms are posted without it.
    const scripted = await browser.newContext();
    const setup = await scripted.newPage();
    const owner = await ownerWithTeam(setup, Date.now());
    await context.addCookies(await scripted.cookies());
    await scripted.close();
    await page.goto(`/teams/${owner.slug}`);
    const create = page.getByTestId("webhook-create");
    await create.getByLabel("Endpoint URL").fill(receiver.url);
    await create.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByTestId("webhook-secret")).toHaveText(/^whsec_/);
    await expect(page.getByTestId("webhook-endpoint")).toHaveCount(1);
    await page.goto(`/teams/${owner.slug}`);
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
    // A refused field shows beside it after the post, too.
    await page.getByTestId("webhook-endpoint").getByText("Edit", { exact: true }).click();
    const edit = page.getByTestId("webhook-edit");
    await edit.getByLabel("Endpoint URL").fill("http://user:pw@example.com/hooks");
    await edit.getByRole("button", { name: "Save endpoint" }).click();
    await expect(page.getByTestId("webhook-edit").locator('[data-code="invalid_url"]')).toHaveText(
      "Url must not contain a user name or password",
    );
  } finally {
    await receiver.close();
    await context.close();
  }
});
