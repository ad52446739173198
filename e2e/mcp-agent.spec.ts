import { expect, test } from "@playwright/test";
import { ownerWithTeam } from "./dashboard-helpers";
import { approve, connect, discover, HOST_NAME, mcpHost, Transcript } from "./mcp-host";
import { redeemTravelMug } from "./untie-helpers";

// An MCP host that knows only http://HOST/api/mcp, as Claude Desktop or Cursor would be: the
// official SDK's client over real HTTP against `npm start` (e2e/mcp-host.ts). It is told 401 +
// the protected resource metadata, discovers Ribbon's authorization server, identifies itself
// with a Client ID Metadata Document the host serves (its client_id is that URL), sends the
// person to the consent screen (Chromium: sign in, caps, sandbox, Approve), exchanges the code
// with PKCE for a token for the MCP resource, then lists the tools, quotes, sends, follows the
// gift to delivery and cancels another. The transcript is printed (and attached to the test's
// output); docs/agents.md keeps one run's.

const host = mcpHost();

test("an MCP host connects with only the URL, gets consent with caps, quotes, sends and follows a gift to delivery", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const transcript = new Transcript();
  const say = (line: string) => transcript.say(line);
  const mcpUrl = new URL("/api/mcp", baseURL);
  const auth = host.auth();

  // 1. Knowing only the URL: 401, discovery, and a link to Ribbon's consent screen.
  const authorize = await discover(mcpUrl, auth, transcript);
  expect(authorize.origin + authorize.pathname).toBe(new URL("/oauth2/authorize", baseURL).href);
  expect(authorize.searchParams.get("resource")).toBe(mcpUrl.href);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");

  // 2. The person signs in and consents in Chromium: unverified client, caps required, sandbox.
  // A new person with a team of their own (works on PostgreSQL too, where no demo data is seeded).
  const owner = await ownerWithTeam(page, Date.now());
  say(`${owner.email} signs in on Ribbon (team "${owner.teamName}", a test card on file)`);
  await page.goto(authorize.href);
  await expect(page).toHaveURL(/\/oauth2\/authorize\?/);
  await expect(page.getByTestId("consent-unverified")).toContainText("Unverified application");
  await expect(page.getByTestId("consent-unverified")).toContainText(new URL(host.url).host);
  await expect(page.getByTestId("consent")).toContainText("is an AI agent asking to send gifts on your behalf");
  const caps = page.getByTestId("consent-caps");
  await expect(caps).toContainText("It may spend at most");
  await expect(page.getByLabel("per gift (USD)")).toHaveValue("100.00");
  await expect(page.getByLabel("a day, in all (USD)")).toHaveValue("250.00");
  await expect(page.getByRole("radio", { name: /In my sandbox/ })).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath("consent.png"), fullPage: true });
  say(`consent screen: "${HOST_NAME}" shown as an unverified application from ${new URL(host.url).host}`);
  const callback = await approve(
    page,
    host,
    authorize,
    { perGift: "60.00", daily: "150.00", mode: "sandbox" },
    transcript,
  );
  expect(callback.searchParams.get("iss")).toBe(new URL(baseURL!).origin); // RFC 9207

  // 3. The host exchanges the code (PKCE, resource) and connects.
  const agent = await connect(mcpUrl, auth, callback, transcript);
  const { client, call } = agent;
  const { tools } = await client.listTools();
  say(
    `tools/list → ${tools.map((t) => `${t.name}${t.annotations?.readOnlyHint ? " (read-only)" : t.annotations?.destructiveHint ? " (destructive)" : ""}`).join(", ")}`,
  );
  expect(tools).toHaveLength(9);

  // 4. Browse, quote, send within the quote, follow.
  const collections = await call("list_collections");
  expect(collections.isError).toBeFalsy();
  const gift = {
    name: "Kim",
    delivery_method: "link",
    collection: "Coffee Lovers",
    message: "Welcome to the team!",
    from: "The Acme team",
  };
  const quote = await call("quote_gift", { gift });
  const total = (quote.document.meta as { price: { total: string; charge: string } }).price;
  expect(total.charge).toBe("0.00"); // sandbox: no money
  const sent = await call("send_gift", { gift, quoted_total: total.total, idempotency_key: `welcome-${Date.now()}` });
  expect(sent.isError).toBeFalsy();
  const created = sent.document.data as { id: string; attributes: { "untie-url": string } };

  // The recipient unties it (a real browser on the untie page), the simulated warehouse ships and delivers.
  await page.goto(created.attributes["untie-url"]);
  await expect(page.getByRole("heading", { name: "Kim, you have a gift!" })).toBeVisible();
  await redeemTravelMug(page);
  say(
    "the recipient opens the untie link in Chromium, picks the Insulated Travel Mug (Sage) and a US address → redeemed; the simulated warehouse ships, then delivers",
  );
  const stageOf = async () =>
    (await call("get_gift", { id: created.id }, true)).document.data.attributes.stage as string;
  await expect.poll(stageOf, { timeout: 30_000 }).toBe("delivered");
  const followed = await call("get_gift", { id: created.id });
  const timeline = (followed.document.meta as { timeline: { attributes: { stage: string } }[] }).timeline;
  expect(timeline.map((e) => e.attributes.stage)).toEqual(
    expect.arrayContaining(["scheduled", "opened", "redeemed", "shipped", "delivered"]),
  );

  // 5. The rest of the tools, and the caps holding.
  await call("list_gifts", { limit: 5 });
  const another = await call("send_gift", {
    gift: { ...gift, name: "Sam" },
    quoted_total: total.total,
    idempotency_key: `second-${Date.now()}`,
  });
  const cancelled = await call("cancel_gift", { id: (another.document.data as { id: string }).id });
  expect((cancelled.document.data as { attributes: { stage: string } }).attributes.stage).toBe("cancelled");
  const batch = {
    collection: gift.collection,
    message: gift.message,
    from: gift.from,
    recipients_attributes: [
      { name: "Ana", delivery_method: "link" },
      { name: "Bo", delivery_method: "link" },
    ],
  };
  const batchQuote = await call("quote_batch", { gift: batch });
  expect(batchQuote.isError).toBeFalsy();
  const spend = await call("get_spend");
  expect(spend.document.meta).toMatchObject({
    mode: "sandbox",
    caps: { "per-gift": "60.00", daily: "150.00" },
  });
  const raise = await call("set_caps", { max_per_day: "100000.00" });
  expect(raise.isError).toBe(true);

  // 6. A token for the API is refused here (and this one by the API).
  const api = await page.request.get(new URL("/api/v1/gifts", baseURL).href, {
    headers: { Authorization: `Bearer ${auth.tokens()!.access_token}` },
  });
  expect(api.status()).toBe(401);
  const withApiToken = await page.request.post(mcpUrl.href, {
    headers: { Authorization: `Bearer ${owner.sandbox}`, "content-type": "application/json" },
    data: { jsonrpc: "2.0", id: 1, method: "tools/list" },
  });
  expect(withApiToken.status()).toBe(401);
  expect(withApiToken.headers()["www-authenticate"]).toContain("resource_metadata=");
  say(
    `GET /api/v1/gifts with the MCP token → ${api.status()}; POST /api/mcp with a developer token → ${withApiToken.status()} (RFC 8707 audiences)`,
  );

  // 7. Revoking the connection on the account page stops the next call.
  await page.goto("/account");
  await page
    .getByRole("listitem")
    .filter({ hasText: HOST_NAME })
    .getByRole("button", { name: /Revoke/ })
    .click();
  await expect(async () => {
    await expect(client.callTool({ name: "get_spend", arguments: {} })).rejects.toThrow();
  }).toPass({ timeout: 10_000 });
  say(`Revoke "${HOST_NAME}" on /account → the next tools/call is refused (401)`);

  await transcript.publish(testInfo, "MCP session transcript");
});
