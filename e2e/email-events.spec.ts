import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { expectAccessible } from "./accessibility";
import { ownerWithTeam, send } from "./dashboard-helpers";
import { serverActionOf } from "./server-actions";
import { newestMail, signInHere } from "./signin-links";

// Issue 34 in the browser: what the email provider reports (the local outbox's simulations) and
// what the team does about it: a bounced gift corrected from the dashboard, a complaint and an
// unsubscribe that stop reminders, the suppression list's page. axe-core checks each new page.

type OutboxRow = { id: number; kind: string; to: string; status: string; html: string; gift_id: string | null };

async function outbox(request: APIRequestContext): Promise<OutboxRow[]> {
  return ((await (await request.get("/dev/outbox.json?limit=500")).json()) as { data: OutboxRow[] }).data;
}

async function giftOf(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/v1/gifts/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.attributes as Record<string, unknown>;
}

async function waitForStage(request: APIRequestContext, token: string, id: string, stage: string) {
  await expect.poll(async () => (await giftOf(request, token, id)).stage, { timeout: 30_000 }).toBe(stage);
}

/** Presses one of the local outbox's simulation buttons on the email of this kind to this address. */
async function simulate(page: Page, to: string, kind: string, label: string, status: RegExp) {
  await page.goto("/dev/outbox");
  const email = page
    .getByRole("listitem")
    .filter({ hasText: to })
    .filter({ hasText: `${kind} · gift` })
    .first();
  await expect(email).toBeVisible();
  await email.getByRole("button", { name: label, exact: true }).click();
  await expect(email.getByTestId("delivery-status")).toHaveText(status);
}

/** The owner invites someone as `role`; they sign in in a browser of their own and accept. */
async function joined(page: Page, browser: Browser, owner: { slug: string; teamName: string }, role: string) {
  const email = `email-${role}-${Date.now()}@example.test`;
  await page.goto(`/teams/${owner.slug}`);
  await page.getByTestId("invite-form").getByLabel("Email").fill(email);
  await page.getByTestId("invite-form").getByLabel("Role").selectOption(role);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByTestId("invite-form").getByRole("status")).toContainText(email);
  const link = /http:\/\/[^\s"<>]+\/invitations\/[1-9A-HJ-NP-Za-km-z]+/.exec(
    (await newestMail(page.request, email, "team-invitation")).text,
  )![0];
  const context = await browser.newContext();
  const member = await context.newPage();
  await member.goto(link);
  await signInHere(member, email);
  await member.getByRole("button", { name: `Accept and join ${owner.teamName}` }).click();
  await expect(member).toHaveURL(new RegExp(`/teams/${owner.slug}\\?joined=1$`));
  return { context, page: member };
}

const now = () => new Date().toISOString();

test("a bounced gift email: failed with its reason, suppressed, found in the list, corrected from its page and sent again", async ({
  page,
}) => {
  const stamp = Date.now();
  const owner = await ownerWithTeam(page, stamp);
  const bouncing = `nobody-${stamp}@example.test`;
  const gift = await send(page.request, owner.live, "/gifts", {
    name: "Bounce Person",
    email: bouncing,
    scheduled_at: now(),
  });
  await waitForStage(page.request, owner.live, gift.id, "sent");

  // The provider says the mailbox does not exist (the outbox's button runs Resend's path).
  await simulate(page, bouncing, "gift", "Simulate bounce", /^bounced \(hard: mailbox does not exist\)$/);
  expect(await giftOf(page.request, owner.live, gift.id)).toMatchObject({
    stage: "failed",
    "delivery-issue": "Bounced: mailbox does not exist",
  });

  // The gift list finds it under "failed", with the reason.
  await page.goto(`/dashboard/${owner.slug}?stage=failed`);
  const row = page.getByTestId("gift-row").filter({ hasText: "Bounce Person" });
  await expect(row.getByTestId("delivery-issue")).toHaveText("Bounced: mailbox does not exist");
  await row.getByRole("link", { name: "Bounce Person" }).click();

  // Its page says why, what the suppression means, and the refund rule; the timeline has the bounce.
  await expect(page.getByRole("heading", { level: 1, name: "Bounce Person" })).toBeVisible();
  const bounced = page.getByTestId("bounced");
  await expect(bounced.getByRole("heading")).toHaveText("The gift email bounced: mailbox does not exist");
  await expect(bounced).toContainText("Nothing is refunded for a bounce");
  await expect(page.getByRole("region", { name: "What happened" })).toContainText("Bounced: mailbox does not exist");
  await expectAccessible(page);

  // The address is on the team's suppression list.
  await bounced.getByRole("link", { name: "suppression list" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Suppression list" })).toBeVisible();
  const entry = page.getByTestId("suppression").filter({ hasText: bouncing });
  await expect(entry).toContainText("Bounced");
  await expect(entry).toContainText("hard: mailbox does not exist");
  await expectAccessible(page);
  await entry.getByRole("link", { name: /The gift/ }).click();

  // Correcting: a suppressed address is refused with the API's words; the bounced one again too.
  const blocked = `blocked-${stamp}@example.test`;
  const added = await page.request.post("/api/v1/suppressions", {
    headers: { Authorization: `Bearer ${owner.live}` },
    data: { suppressions: [{ email: blocked }] },
  });
  expect(added.status()).toBe(200);
  const form = page.getByTestId("correct-email");
  await form.getByLabel("Correct the address").fill(blocked);
  await form.getByRole("button", { name: "Correct the address and send" }).click();
  await expect(form.getByRole("alert")).toHaveText(
    `Email ${blocked} is on the team's suppression list (it bounced, or its owner marked Ribbon's email as spam): send a link gift instead, or an owner may remove it from the list`,
  );
  await form.getByLabel("Correct the address").fill(bouncing);
  await form.getByRole("button", { name: "Correct the address and send" }).click();
  await expect(form.getByRole("alert")).toContainText("is the address that bounced");
  expect((await giftOf(page.request, owner.live, gift.id)).stage).toBe("failed");

  // The right address: back to sent, the gift email goes out again, with a new untie link.
  const before = (await giftOf(page.request, owner.live, gift.id))["untie-url"];
  const fixed = `fixed-${stamp}@example.test`;
  await form.getByLabel("Correct the address").fill(fixed);
  await form.getByRole("button", { name: "Correct the address and send" }).click();
  await expect(page.getByText(`The gift email was sent to ${fixed}, with a new untie link.`)).toBeVisible();
  await expect(page.getByTestId("bounced")).toHaveCount(0);
  const after = await giftOf(page.request, owner.live, gift.id);
  expect(after).toMatchObject({ stage: "sent", email: fixed, "delivery-issue": null });
  expect(after["untie-url"]).not.toBe(before);
  const sentAgain = (await outbox(page.request)).filter((m) => m.gift_id === gift.id && m.kind === "gift");
  expect(sentAgain.map((m) => [m.to, m.status])).toEqual([
    [fixed, "stored"],
    [bouncing, "stored"],
  ]);
  expect(sentAgain[0].html).toContain(String(after["untie-url"]));
});

test("a complaint about a reminder suppresses the address and stops reminders; the unsubscribe link works signed out", async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const owner = await ownerWithTeam(page, stamp);
  const auth = { Authorization: `Bearer ${owner.sandbox}` };
  const advance = async (id: string, by: string) => {
    const res = await page.request.post(`/api/v1/teams/sandbox/gifts/${id}/simulate`, {
      headers: auth,
      data: { advance: by },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()).meta.fired as { type: string }[]).map((f) => f.type);
  };
  const reminded = async (to: string) =>
    (await outbox(page.request)).filter((m) => m.to === to && m.kind === "reminder");

  // A sandbox gift on its test clock: sent, then its first reminder an hour later.
  const complaining = `spam-${stamp}@example.test`;
  const first = await send(page.request, owner.sandbox, "/gifts", {
    name: "Complaining Person",
    email: complaining,
    scheduled_at: now(),
    reminders: ["PT1H", "PT2H", "PT3H"],
  });
  await waitForStage(page.request, owner.sandbox, first.id, "sent");
  expect(await advance(first.id, "PT1H")).toContain("gift.reminded");
  expect(await reminded(complaining)).toHaveLength(1);

  // They mark it as spam: the address is suppressed for the (sandbox) team, no reminder follows.
  await simulate(page, complaining, "reminder", "Simulate complaint", /^complained$/);
  const list = await page.request.get("/api/v1/teams/sandbox/suppressions", { headers: auth });
  expect(
    (await list.json()).data.find((s: { attributes: { email: string } }) => s.attributes.email === complaining),
  ).toMatchObject({ attributes: { reason: "complained", gift: first.id } });
  expect(await advance(first.id, "PT1H")).not.toContain("gift.reminded");
  expect(await reminded(complaining)).toHaveLength(1);
  await page.goto(`/dashboard/${owner.slug}/suppressions?mode=sandbox`);
  await expect(page.getByTestId("suppression").filter({ hasText: complaining })).toContainText("Marked as spam");

  // Another recipient follows the unsubscribe link of their reminder, signed out.
  const leaving = `leaving-${stamp}@example.test`;
  const second = await send(page.request, owner.sandbox, "/gifts", {
    name: "Leaving Person",
    email: leaving,
    scheduled_at: now(),
    reminders: ["PT1H", "PT2H", "PT3H", "PT4H"],
  });
  await waitForStage(page.request, owner.sandbox, second.id, "sent");
  expect(await advance(second.id, "PT1H")).toContain("gift.reminded");
  const [reminder] = await reminded(leaving);
  const link = /https?:\/\/[^"\s]+\/unsubscribe\/[^"\s<]+/.exec(reminder.html)![0].replaceAll("&amp;", "&");
  const stranger = await browser.newContext();
  const recipient = await stranger.newPage();
  // GET only asks (mail scanners fetch links): nothing stops yet.
  await recipient.goto(link);
  await expect(recipient.getByRole("heading", { name: "Stop reminders for this gift?" })).toBeVisible();
  await expectAccessible(recipient);
  expect(await advance(second.id, "PT1H")).toContain("gift.reminded");
  // The mailbox's one-click POST (RFC 8058), no cookies: stopped.
  const oneClick = await stranger.request.post(link, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status()).toBe(200);
  expect(await oneClick.text()).toContain("Reminders stopped");
  // The page's button says the same, and nothing more goes out.
  await recipient.getByRole("button", { name: "Stop reminders" }).click();
  await expect(recipient.getByRole("heading", { name: "Reminders stopped" })).toBeVisible();
  expect(await advance(second.id, "PT2H")).not.toContain("gift.reminded");
  expect(await reminded(leaving)).toHaveLength(2);
  // A forged link changes nothing.
  const forged = await stranger.request.post(
    link.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    {
      data: "List-Unsubscribe=One-Click",
    },
  );
  expect(forged.status()).toBe(404);
  await stranger.close();
});

test("the suppression list: owners add, import and remove; members add but can't remove, even by forging the owner's post; bad files are refused", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const owner = await ownerWithTeam(page, stamp);
  await page.goto(`/dashboard/${owner.slug}`);
  await page.getByRole("link", { name: "Suppression list" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Suppression list" })).toBeVisible();
  await expect(page.getByTestId("no-suppressions")).toBeVisible();
  await expectAccessible(page);

  // Add one address.
  const manual = `manual-${stamp}@example.test`;
  const add = page.getByTestId("add-suppression");
  await add.getByLabel("Email").fill(manual);
  await add.getByRole("button", { name: "Add to the list" }).click();
  await expect(add.getByRole("status")).toHaveText(`${manual} is on the list: Ribbon won't email it.`);
  await expect(page.getByTestId("suppression").filter({ hasText: manual })).toContainText("Added by the team");

  // Import a CSV of 30 more (and the one already there): 25 a page, then the next page.
  const imported = Array.from({ length: 30 }, (_, i) => `csv${i}-${stamp}@example.test`);
  const importForm = page.getByTestId("import-suppressions");
  const upload = async (name: string, text: string | Buffer) => {
    await importForm.getByLabel("CSV file").setInputFiles({
      name,
      mimeType: "text/csv",
      buffer: typeof text === "string" ? Buffer.from(text) : text,
    });
    await importForm.getByRole("button", { name: "Import" }).click();
  };
  await upload("list.csv", `email,name\r\n${[...imported, manual.toUpperCase()].join(",x\r\n")},x\r\n`);
  await expect(importForm.getByRole("status")).toHaveText("Imported 31 addresses: 30 new, 1 already on the list.");
  await expect(page.getByTestId("suppression")).toHaveCount(25);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page.getByTestId("suppression")).toHaveCount(6);
  await page.getByRole("link", { name: "First page" }).click();

  // Hostile files: a bad row is named, a file of more than 10,000 rows or more than 1 MB is refused whole.
  await upload("bad.csv", "email\r\nok@example.test\r\nnot-an-address\r\n=cmd|' /C calc'!A0\r\n");
  await expect(importForm.getByRole("alert")).toHaveText(
    "Row 3: not a valid email address. Row 4: not a valid email address",
  );
  await upload("many.csv", "email\n" + Array.from({ length: 10_001 }, (_, i) => `m${i}@example.test`).join("\n"));
  await expect(importForm.getByRole("alert")).toContainText("more than 10,000 rows");
  await upload("huge.csv", Buffer.alloc(1024 * 1024 + 10, "a"));
  await expect(importForm.getByRole("alert")).toHaveText("The file is larger than 1 MB: split it into smaller files.");
  // Far over every limit (10 MB, past what the server takes for this page): refused in the page, never sent.
  await upload("ten-megabytes.csv", Buffer.alloc(10 * 1024 * 1024, "a"));
  await expect(importForm.getByRole("alert")).toHaveText("The file is larger than 1 MB: split it into smaller files.");
  await upload("binary.csv", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01]));
  await expect(importForm.getByRole("alert")).toBeVisible();
  expect(
    (
      await (
        await page.request.get("/api/v1/suppressions?page[size]=200", {
          headers: { Authorization: `Bearer ${owner.live}` },
        })
      ).json()
    ).data,
  ).toHaveLength(31);

  // A member reads and adds, sees no Remove button; their forged remove is refused.
  const member = await joined(page, browser, owner, "member");
  await member.page.goto(`/dashboard/${owner.slug}/suppressions`);
  await expect(member.page.getByTestId("suppression")).toHaveCount(25);
  await expect(member.page.getByRole("button", { name: "Remove" })).toHaveCount(0);
  await expect(member.page.getByText("Only owners remove addresses.")).toBeVisible();
  const byMember = `member-${stamp}@example.test`;
  await member.page.getByTestId("add-suppression").getByLabel("Email").fill(byMember);
  await member.page.getByRole("button", { name: "Add to the list" }).click();
  await expect(member.page.getByTestId("add-suppression").getByRole("status")).toContainText(byMember);
  await expectAccessible(member.page);

  // The owner removes the member's entry (the newest); the member replays that post aimed at another address.
  await page.goto(`/dashboard/${owner.slug}/suppressions`);
  const remove = await serverActionOf(page, () =>
    page.getByTestId("suppression").filter({ hasText: byMember }).getByRole("button", { name: "Remove" }).click(),
  );
  await expect(page.getByTestId("removed")).toBeVisible();
  await expect(page.getByTestId("suppression").filter({ hasText: byMember })).toHaveCount(0);
  const forged = remove.postDataBuffer()!.toString("utf8").replaceAll(byMember, manual);
  const headers = await remove.allHeaders();
  for (const name of ["cookie", "content-length", "host", "connection"]) delete headers[name];
  const replay = await member.context.request.post(remove.url(), { headers, data: forged });
  expect(await replay.text()).toContain("Only the team's owners can remove an address");
  const still = await page.request.get("/api/v1/suppressions?page[size]=200", {
    headers: { Authorization: `Bearer ${owner.live}` },
  });
  const emails = (await still.json()).data.map((s: { attributes: { email: string } }) => s.attributes.email);
  expect(emails).toContain(manual);
  expect(emails).not.toContain(byMember);
  await member.context.close();

  // Without JavaScript the forms still work (a plain post, the page drawn again with the answer).
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto(`/dashboard/${owner.slug}/suppressions`);
  const late = `noscript-${stamp}@example.test`;
  await plain.getByTestId("add-suppression").getByLabel("Email").fill(late);
  await plain.getByRole("button", { name: "Add to the list" }).click();
  await expect(plain.getByText(`${late} is on the list: Ribbon won't email it.`)).toBeVisible();
  await expect(plain.getByTestId("suppression").filter({ hasText: late })).toHaveCount(1);
  await plain.getByTestId("suppression").filter({ hasText: late }).getByRole("button", { name: "Remove" }).click();
  await expect(plain.getByTestId("removed")).toBeVisible();
  await noScript.close();
});
