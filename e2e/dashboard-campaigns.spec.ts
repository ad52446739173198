import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { demoCredentials } from "./demo";
import { expectAccessible } from "./accessibility";
import { ownerWithTeam, send } from "./dashboard-helpers";
import { replayAs, serverActionOf } from "./server-actions";
import { newestMail, signInHere } from "./signin-links";
import { redeemTravelMug } from "./untie-helpers";

// Issue 33's campaigns and senders, on a desktop (1280) and a phone (390), axe-core on every page
// and state: a batch's own funnel, redemption rate, spend and median time to redeem, compared
// with the API's counts; who hasn't opened; "Remind those who haven't opened" queued once however
// it is clicked and sent in the background, with its progress on the page; another team's batch
// and a forged remind refused; the owners' senders view.

type Gift = { id: string; attributes: { "untie-url": string; email: string; batch: { id: string } } };

const api = (request: APIRequestContext, token: string, path: string) =>
  request.get(`/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });

/** The gift emails the outbox holds for an address: the first send, then each reminder. */
async function giftEmailsTo(request: APIRequestContext, email: string) {
  const outbox = (await (await request.get("/dev/outbox.json?limit=500")).json()) as {
    data: { to: string; kind: string }[];
  };
  return outbox.data.filter((m) => m.to === email && m.kind === "gift").length;
}

async function sentBatch(page: Page, token: string, name: string, emails: string[]) {
  const gifts = (await send(page.request, token, "/bulk/gifts", {
    batch_name: name,
    recipients_attributes: emails.map((email, i) => ({
      name: `${name} ${i + 1}`,
      email,
      scheduled_at: new Date().toISOString(),
    })),
  })) as Gift[];
  const batchId = gifts[0].attributes.batch.id;
  // The sweeper sends them within a second or two.
  await expect
    .poll(async () => (await (await api(page.request, token, `/batches/${batchId}`)).json()).data.attributes.stages, {
      timeout: 30_000,
    })
    .toEqual({ sent: emails.length });
  return { batchId, gifts };
}

/** The recipient opens the gift in a browser, and, when asked, chooses a mug and confirms. */
async function untie(page: Page, url: string, redeem: boolean) {
  // The page records its opening once its script runs (components/RecordOpen.tsx). The recipient
  // here waits for it, as a person reading the card does: a choice made before it is a redemption
  // with no opened event, which the activity chart would count as one opening fewer than the funnel.
  const recorded = page.waitForResponse((r) => r.url().endsWith("/opened") && r.request().method() === "POST");
  await page.goto(url);
  await expect(page.getByRole("heading", { name: /you have a gift!/ })).toBeVisible();
  expect((await recorded).ok()).toBe(true);
  if (!redeem) return;
  await redeemTravelMug(page);
}

async function noSidewaysScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

for (const [device, width] of [
  ["desktop", 1280],
  ["phone", 390],
] as const) {
  test(`a campaign answers "how is it doing, who hasn't opened, are we on budget" on a ${device}`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const stamp = Date.now();
    const owner = await ownerWithTeam(page, stamp);
    const emails = [1, 2, 3, 4].map((n) => `holiday-${n}-${stamp}@example.test`);
    const { batchId, gifts } = await sentBatch(page, owner.live, "Holiday", emails);
    const recipient = await browser.newPage();
    await untie(recipient, gifts[0].attributes["untie-url"], false);
    await untie(recipient, gifts[1].attributes["untie-url"], true);
    await recipient.close();
    const base = `/dashboard/${owner.slug}`;

    // The API's counts, to compare the page's with.
    const batch = (await (await api(page.request, owner.live, `/batches/${batchId}`)).json()).data.attributes;
    const stages = batch.stages as Record<string, number>;
    const redeemed = (stages.redeemed ?? 0) + (stages.shipped ?? 0) + (stages.delivered ?? 0);
    expect(redeemed).toBe(1);
    const charges = (await (await api(page.request, owner.live, `/charges?filter[batch]=${batchId}`)).json()).data as {
      attributes: { amount: string };
    }[];
    const spent = charges.reduce((sum, c) => sum + Math.round(Number(c.attributes.amount) * 100), 0);
    expect(spent).toBeGreaterThan(0);
    const dollars = `$${(spent / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

    // The nav's Campaigns, then the list: the batch, its size, its redeemed share and its spend.
    await page.goto(base);
    await page.getByTestId("dashboard-nav").getByRole("link", { name: "Campaigns" }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/campaigns$`));
    const row = page.getByTestId(width === 390 ? "campaign-card" : "campaign-row").filter({ hasText: "Holiday" });
    await expect(row).toContainText("4");
    await expect(row).toContainText("25%");
    await expect(row).toContainText(dollars);
    await noSidewaysScroll(page, width);
    await expectAccessible(page);

    // The campaign: stats and funnel equal the API's counts.
    await row.getByRole("link", { name: "Holiday" }).click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${batchId}$`));
    await expect(page.getByTestId("stat-gifts")).toContainText("4");
    await expect(page.getByTestId("stat-redeemed")).toContainText("25%");
    await expect(page.getByTestId("stat-redeemed")).toContainText(`${redeemed} of 4`);
    await expect(page.getByTestId("stat-spend")).toContainText(dollars);
    await expect(page.getByTestId("stat-median")).not.toContainText("–");
    await expect(page.getByTestId("stat-not-opened")).toContainText(String(stages.sent));
    const funnelCount = async (stage: string) =>
      Number(
        (await page.getByTestId(`funnel-${stage}`).locator("span.font-semibold").textContent())!.replace(/,/g, ""),
      );
    expect(await funnelCount("scheduled")).toBe(4);
    expect(await funnelCount("sent")).toBe(4);
    expect(await funnelCount("opened")).toBe(4 - stages.sent);
    expect(await funnelCount("redeemed")).toBe(redeemed);
    // The activity chart's numbers: 4 sent, 2 opened, 1 redeemed.
    const totals = page.getByTestId("activity-table").locator("tfoot td");
    await expect(totals).toHaveText(["4", "2", "1"]);
    await expect(page.getByTestId("not-opened-row")).toHaveCount(2);
    await expect(page.getByTestId("not-opened-list")).toContainText(emails[2]);
    await expect(page.getByTestId("not-opened-list")).not.toContainText(emails[0]);
    await noSidewaysScroll(page, width);
    await expectAccessible(page);
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: `docs/screenshots/dashboard-campaign-small-${device}.png`, fullPage: true });

    // Remind, in two steps: the confirm names how many.
    await page.getByTestId("remind").click();
    await expect(page.getByTestId("remind-confirm")).toContainText("Remind 2 recipients?");
    await expectAccessible(page);
    const remind = await serverActionOf(page, () =>
      page.getByRole("button", { name: "Yes, remind 2 recipients" }).click(),
    );
    await expect(page.getByTestId("reminders-queued")).toContainText("2 reminders are being sent");
    await expectAccessible(page);
    // Posted twice more at once (a double-click without JavaScript, a second tab): nobody gets a second reminder.
    await Promise.all([replayAs(page.context(), remind), replayAs(page.context(), remind)]);
    for (const email of emails.slice(2)) await expect.poll(() => giftEmailsTo(page.request, email)).toBe(2);
    for (const email of emails.slice(0, 2)) expect(await giftEmailsTo(page.request, email)).toBe(1);
    // The job's result, read back from the data on the page.
    await expect
      .poll(async () => {
        await page.goto(`${base}/campaigns/${batchId}`);
        return page.getByTestId("reminders-progress").textContent();
      })
      .toMatch(/Last reminded .*: 2 reminders sent\./);
    await expect(page.getByTestId("remind")).toHaveCount(0);
    await expect(page.getByTestId("not-opened-list")).toContainText("reminded");
    await expectAccessible(page);

    // From a gift to its campaign, and from the board's batch view (where an upload lands).
    await page.goto(`${base}/gifts/${gifts[3].id}`);
    await page.getByTestId("gift-campaign").click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${batchId}$`));
    await page.goto(`${base}?batch=${batchId}`);
    await page.getByTestId("batch-campaign").click();
    await expect(page.getByTestId("campaign-name")).toHaveText("Holiday");

    // Senders (owners): who sent what, how much, how it was received.
    await page.goto(base);
    await page.getByTestId("dashboard-nav").getByRole("link", { name: "Senders" }).click();
    const sender = page.getByTestId("sender-row").filter({ hasText: owner.email });
    await expect(sender).toContainText(dollars);
    await expect(sender).toContainText("50%"); // opened: 2 of 4
    await expect(sender).toContainText("25%"); // redeemed: 1 of 4
    await expectAccessible(page);
    await page.goto(`${base}/senders?from=2026-02-30`);
    await expect(page.getByTestId("query-problems")).toContainText("from");
    await expectAccessible(page);

    if (device !== "desktop") return;

    // Another team's batch (the demo account's sandbox batch): not found, live or sandbox.
    const demo = demoCredentials().accounts[0];
    const theirs = (await send(page.request, demo.sandbox_token, "/bulk/gifts", {
      batch_name: "Not yours",
      recipients_attributes: [{ name: "Someone", email: "someone@example.test" }],
    })) as Gift[];
    for (const suffix of ["", "?mode=sandbox"]) {
      const response = await page.goto(`${base}/campaigns/${theirs[0].attributes.batch.id}${suffix}`);
      expect(response!.status()).toBe(404);
    }
    expect((await page.goto(`${base}/campaigns/bat_${"x".repeat(5000)}`))!.status()).toBe(404);
    expect((await page.goto(`${base}/campaigns/%00`))!.status()).toBe(404);
    await expectAccessible(page);
    expect((await page.goto(`${base}/campaigns/${batchId}?after=%00&queued=9999999999`))!.status()).toBe(200);
    await expect(page.getByTestId("reminders-queued")).toHaveCount(0);

    // A person of another team replays the owner's remind, pointed at a second batch: refused, nobody reminded.
    const spring = await sentBatch(page, owner.live, "Spring", [`spring-1-${stamp}@example.test`]);
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    await strangerPage.goto("/dashboard");
    await signInHere(strangerPage, `stranger-campaign-${stamp}@example.test`);
    expect((await strangerPage.goto(`${base}/campaigns/${batchId}`))!.status()).toBe(404);
    expect((await strangerPage.goto(`${base}/senders`))!.status()).toBe(404);
    const headers = await remind.allHeaders();
    for (const name of ["cookie", "content-length", "host", "connection"]) delete headers[name];
    const forged = remind.postDataBuffer()!.toString("utf8").replaceAll(batchId, spring.batchId);
    await stranger.request.post(remind.url(), { headers, data: forged });
    await stranger.close();

    // A member of the team: sees the campaigns, not the senders (404), may remind only the gifts they
    // sent (none here: no button), and their replay of the owner's remind reminds nobody.
    const memberEmail = `campaign-member-${stamp}@example.test`;
    await page.goto(`/teams/${owner.slug}`);
    await page.getByTestId("invite-form").getByLabel("Email").fill(memberEmail);
    await page.getByTestId("invite-form").getByLabel("Role").selectOption("member");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByTestId("invite-form").getByRole("status")).toContainText(memberEmail);
    const invitation = /http:\/\/[^\s"<>]+\/invitations\/[1-9A-HJ-NP-Za-km-z]+/.exec(
      (await newestMail(page.request, memberEmail, "team-invitation")).text,
    )![0];
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await member.goto(invitation);
    await signInHere(member, memberEmail);
    await member.getByRole("button", { name: `Accept and join ${owner.teamName}` }).click();
    await expect(member).toHaveURL(new RegExp(`/teams/${owner.slug}\\?joined=1$`));
    await member.goto(`${base}/campaigns/${spring.batchId}`);
    await expect(member.getByTestId("stat-not-opened")).toContainText("1");
    await expect(member.getByTestId("remind")).toHaveCount(0);
    await expect(member.getByTestId("dashboard-nav").getByRole("link", { name: "Senders" })).toHaveCount(0);
    await expectAccessible(member);
    expect((await member.goto(`${base}/senders`))!.status()).toBe(404);
    await memberContext.request.post(remind.url(), { headers, data: forged });
    await memberContext.close();
    await page.goto(`${base}/campaigns/${spring.batchId}`);
    await expect(page.getByTestId("remind")).toBeVisible();
    expect(await giftEmailsTo(page.request, `spring-1-${stamp}@example.test`)).toBe(1);
    await page.goto(`${base}/campaigns/${spring.batchId}`);
    await expect(page.getByTestId("remind")).toBeVisible();
    expect(await giftEmailsTo(page.request, `spring-1-${stamp}@example.test`)).toBe(1);
  });
}
