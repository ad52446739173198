import { expect, test } from "@playwright/test";
import { demoCredentials } from "./demo";
import { expectAccessible } from "./accessibility";
import { ownerWithTeam, send } from "./dashboard-helpers";
import { replayAs, serverActionOf } from "./server-actions";
import { signInHere } from "./signin-links";

// Spend controls as a company person meets them: caps on the live token (account page), caps an
// application asks for (consent screen), and gifts waiting for an owner's approval (team page,
// dashboard).

const gift = (name: string) => ({ name, email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.test` });

test("an owner caps the live token on the account page; the API then refuses what passes a cap", async ({ page }) => {
  const owner = await ownerWithTeam(page, Date.now());
  await page.goto("/account");
  const caps = page.getByRole("region", { name: "Spending caps for the live token" });
  await expect(page.getByTestId("token-caps-summary")).toContainText("No caps");

  // A bad amount is named beside its field; nothing is saved.
  await caps.getByLabel("Per day (USD)").fill("lots");
  await caps.getByRole("button", { name: "Save caps" }).click();
  await expect(caps.getByRole("alert")).toContainText("not saved");
  await expect(caps.getByLabel("Per day (USD)")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  // By keyboard: a per-gift cap below every collection's price.
  await caps.getByLabel("Per day (USD)").fill("");
  await caps.getByLabel("Per gift (USD)").fill("5.00");
  await caps.getByLabel("Per gift (USD)").press("Enter");
  await expect(caps.getByRole("status")).toContainText("Saved");
  await page.reload();
  await expect(page.getByTestId("token-caps-summary")).toContainText("up to $5.00 per gift");

  const refused = await page.request.post("/api/v1/gifts", {
    headers: { Authorization: `Bearer ${owner.live}`, "Content-Type": "application/vnd.api+json" },
    data: { gift: { ...gift("Ada Lovelace"), collection: "Coffee Lovers", message: "Thanks!", from: "Dash" } },
  });
  expect(refused.status()).toBe(402);
  expect((await refused.json()).errors[0]).toMatchObject({ code: "cap_per_gift_exceeded" });
});

test("the consent screen says the caps an application asks for in plain words", async ({ page }) => {
  const { oauth_client: client } = demoCredentials();
  await page.goto("/dashboard");
  await signInHere(page, `consent-caps-${Date.now()}@example.test`);
  const params = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: client.redirect_uri,
    response_type: "code",
    max_per_day: "200.00",
    max_per_gift: "50",
  });
  await page.goto(`/oauth2/authorize?${params}`);
  const caps = page.getByTestId("consent-caps");
  await expect(caps).toContainText("up to $50.00 per gift");
  await expect(caps).toContainText("up to $200.00 a day");
  await expectAccessible(page);

  params.delete("max_per_day");
  params.delete("max_per_gift");
  await page.goto(`/oauth2/authorize?${params}`);
  await expect(page.getByTestId("consent-caps")).toContainText("no spending cap");
});

test("gifts above the team's threshold wait for an owner: approve charges and schedules, reject charges nothing; strangers' posts change nothing", async ({
  page,
  browser,
}) => {
  const owner = await ownerWithTeam(page, Date.now());
  await page.goto(`/teams/${owner.slug}`);
  await page.getByLabel("Approve gifts above ($)").fill("1.00");
  await page.getByRole("button", { name: "Save limits" }).click();
  await expect(page.getByTestId("approval-summary")).toContainText("An owner approves gifts above $1.00");

  const first = await send(page.request, owner.live, "/gifts", gift("Ada Lovelace"));
  const second = await send(page.request, owner.live, "/gifts", gift("Grace Hopper"));
  expect(first.attributes.stage).toBe("pending_approval");

  await page.goto(`/dashboard/${owner.slug}?stage=pending_approval`);
  await expect(page.getByTestId("gift-row")).toHaveCount(2);
  await expectAccessible(page);

  await page.goto(`/dashboard/${owner.slug}/gifts/${first.id}`);
  await expect(page.getByTestId("approval")).toContainText("Waiting for an owner's approval");
  await expectAccessible(page);
  const approve = await serverActionOf(page, () => page.getByRole("button", { name: "Approve" }).click());
  await expect(page.getByTestId("approved")).toContainText("Gift approved");
  await expect(page.getByTestId("approval")).toHaveCount(0);

  await page.goto(`/dashboard/${owner.slug}/gifts/${second.id}`);
  await page.getByLabel("Reason (optional, the sender sees it)").fill("Not this quarter");
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByTestId("rejected")).toContainText("Nothing was charged");
  await expect(page.getByText("Not this quarter")).toBeVisible();

  // Someone else, signed in but not on the team, replays the owner's approve post: nothing changes.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto("/dashboard");
  await signInHere(strangerPage, `stranger-${Date.now()}@example.test`);
  const third = await send(page.request, owner.live, "/gifts", gift("Katherine Johnson"));
  const forged = approve.postDataBuffer()!.toString("utf8").replaceAll(first.id, third.id);
  const headers = await approve.allHeaders();
  for (const name of ["cookie", "content-length", "host", "connection"]) delete headers[name];
  await stranger.request.post(approve.url(), { headers, data: forged });
  await replayAs(stranger, approve);
  const still = await page.request.get(`/api/v1/gifts/${third.id}`, {
    headers: { Authorization: `Bearer ${owner.live}` },
  });
  expect((await still.json()).data.attributes.stage).toBe("pending_approval");
  await stranger.close();
});

test("an owner approves a waiting batch at once from its view, or rejects it with a reason; a stranger's replay changes nothing", async ({
  page,
  browser,
}) => {
  const owner = await ownerWithTeam(page, Date.now());
  const auth = { Authorization: `Bearer ${owner.live}`, "Content-Type": "application/vnd.api+json" };
  const budget = await page.request.patch(`/api/v1/teams/${owner.slug}/budget`, {
    headers: auth,
    data: { budget: { approval_above_batch_size: 2 } },
  });
  expect(budget.status()).toBe(200);
  const batchOf = async (names: string[]) => {
    const recipients_attributes = names.map(gift);
    const gifts = await send(page.request, owner.live, `/teams/${owner.slug}/bulk/gifts`, { recipients_attributes });
    expect(gifts.map((g: { attributes: { stage: string } }) => g.attributes.stage)).toEqual(
      names.map(() => "pending_approval"),
    );
    return { id: gifts[0].attributes.batch.id as string, gifts: gifts as { id: string }[] };
  };

  const approved = await batchOf(["Ada One", "Ada Two", "Ada Three"]);
  // From one waiting gift's page to its batch's view.
  await page.goto(`/dashboard/${owner.slug}/gifts/${approved.gifts[0].id}`);
  await page.getByRole("link", { name: /Approve or reject all of/ }).click();
  await expect(page.getByTestId("batch-approval")).toContainText("3 gifts of “Bulk send of 3 gifts” are waiting");
  await expectAccessible(page);
  // A budget that refuses the whole: the reason beside the button, every gift still waiting.
  const setBudget = (monthly_limit: string | null) =>
    page.request.patch(`/api/v1/teams/${owner.slug}/budget`, { headers: auth, data: { budget: { monthly_limit } } });
  expect((await setBudget("1.00")).status()).toBe(200);
  await page.getByRole("button", { name: "Approve all 3" }).click();
  await expect(page.getByTestId("approve-batch").getByRole("alert")).toContainText("budget");
  await expect(page.getByTestId("batch-approval")).toContainText("3 gifts");
  expect((await setBudget(null)).status()).toBe(200);
  const approve = await serverActionOf(page, () => page.getByRole("button", { name: "Approve all 3" }).click());
  await expect(page.getByTestId("batch-decided")).toContainText("3 gifts approved");
  await expect(page.getByTestId("batch-approval")).toHaveCount(0);
  await expect(page.getByTestId("gift-row").filter({ hasText: "scheduled" })).toHaveCount(3);

  const rejected = await batchOf(["Bob One", "Bob Two", "Bob Three"]);
  await page.goto(`/dashboard/${owner.slug}?batch=${rejected.id}`);
  await page.getByLabel("Reason (optional, the sender sees it)").fill("Too many at once");
  await page.getByRole("button", { name: "Reject all 3" }).click();
  await expect(page.getByTestId("batch-decided")).toContainText("3 gifts rejected: nothing was charged");

  // A stranger replays the owner's "Approve all", pointed at a third waiting batch: nothing changes.
  const third = await batchOf(["Cy One", "Cy Two", "Cy Three"]);
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto("/dashboard");
  await signInHere(strangerPage, `stranger-batch-${Date.now()}@example.test`);
  const forged = approve.postDataBuffer()!.toString("utf8").replaceAll(approved.id, third.id);
  const headers = await approve.allHeaders();
  for (const name of ["cookie", "content-length", "host", "connection"]) delete headers[name];
  await stranger.request.post(approve.url(), { headers, data: forged });
  await replayAs(stranger, approve);
  const still = await page.request.get(`/api/v1/teams/${owner.slug}/batches/${third.id}`, { headers: auth });
  expect((await still.json()).data.attributes.stages).toEqual({ pending_approval: 3 });
  await stranger.close();
});
