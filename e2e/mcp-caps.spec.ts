import { expect, test, type APIRequestContext } from "@playwright/test";
import { ownerWithTeam } from "./dashboard-helpers";
import { approve, connect, describeResult, discover, mcpHost, Transcript, type Agent } from "./mcp-host";

// The caps an agent's grant carries hold with money at stake: a LIVE grant (the team has a card;
// each gift is charged), the official SDK's client over real HTTP against `npm start`, 20
// send_gift calls at once. Caps apply to live grants only: a sandbox grant spends no money.

const host = mcpHost();

const dollars = (cents: number) => (cents / 100).toFixed(2);
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** The API's view of the team's spend: this month's budget, and the charges the MCP grants caused. */
async function apiSpend(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const budget = await request.get("/api/v1/budget", { headers });
  expect(budget.status()).toBe(200);
  const charges = await request.get("/api/v1/charges?page[size]=100", { headers });
  expect(charges.status()).toBe(200);
  type Item = { attributes: { kind: string; amount: string; gift: string; "caused-by": { via: string } | null } };
  const items = ((await charges.json()).data as Item[]).filter((c) => c.attributes["caused-by"]?.via === "oauth");
  return {
    spentCents: cents((await budget.json()).data.attributes.spent as string),
    chargedGifts: items.filter((c) => c.attributes.kind === "charge").map((c) => c.attributes.gift),
    chargedCents: items.reduce((sum, c) => sum + cents(c.attributes.amount), 0),
  };
}

test("a live grant's caps hold under 20 concurrent sends; one idempotency key sent 20 times at once is one gift, one charge", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const transcript = new Transcript();
  const say = (line: string) => transcript.say(line);
  const mcpUrl = new URL("/api/mcp", baseURL);

  const owner = await ownerWithTeam(page, Date.now());
  say(`${owner.email} signs in on Ribbon (team "${owner.teamName}", a test card on file: live gifts are charged)`);
  const collections = await page.request.get("/api/v1/collections", {
    headers: { Authorization: `Bearer ${owner.live}` },
  });
  type Collection = { attributes: { name: string; price: string } };
  const coffee = ((await collections.json()).data as Collection[]).find((c) => c.attributes.name === "Coffee Lovers")!;
  const price = cents(coffee.attributes.price);
  // A daily cap that is not a multiple of the price: floor(cap / price) gifts fit, and a half one doesn't.
  const perGift = price;
  const daily = price * 3 + Math.floor(price / 2);
  const fits = Math.floor(daily / price);

  const grant = async (caps: { perGift: string; daily: string }) => {
    const auth = host.auth();
    const authorize = await discover(mcpUrl, auth, transcript);
    const callback = await approve(page, host, authorize, { ...caps, mode: "live" }, transcript);
    return connect(mcpUrl, auth, callback, transcript);
  };
  const gift = (name: string) => ({
    name,
    delivery_method: "link",
    collection: "Coffee Lovers",
    message: "Thanks for this quarter!",
    from: "The Dash Team",
  });

  // 1. Twenty distinct sends at once against the daily cap.
  const agent: Agent = await grant({ perGift: dollars(perGift), daily: dollars(daily) });
  const quote = await agent.call("quote_gift", { gift: gift("Recipient 1") });
  const quoted = quote.document.meta.price as { total: string; charge: string };
  expect(quoted).toMatchObject({ total: dollars(price), charge: dollars(price) });

  const stamp = Date.now();
  const sends = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      agent.call(
        "send_gift",
        { gift: gift(`Recipient ${i + 1}`), quoted_total: quoted.total, idempotency_key: `cap-${stamp}-${i}` },
        true,
      ),
    ),
  );
  const sent = sends.filter((r) => !r.isError);
  const refused = sends.filter((r) => r.isError);
  const refusal = `This application's access may spend up to ${dollars(daily)} a day; it has spent ${dollars(fits * price)} and this would cost ${dollars(price)} (${dollars(daily - fits * price)} left). Nothing was created or charged.`;
  say(
    `20 × send_gift at once (distinct idempotency keys, each $${dollars(price)}, within the $${dollars(perGift)} per-gift cap; $${dollars(daily)} a day) → ${sent.length} sent, ${refused.length} isError`,
  );
  expect(sent).toHaveLength(fits);
  for (const r of refused)
    expect(r.document.errors[0]).toMatchObject({ status: 402, code: "cap_daily_exceeded", detail: refusal });
  say(`  sent: ${sent.map((r) => describeResult(r)).join("; ")}`);
  say(`  each refusal: 402 cap_daily_exceeded: "${refusal}"`);
  const sentIds = sent.map((r) => (r.document.data as { id: string }).id);
  for (const r of sent)
    expect((r.document.data as { attributes: Record<string, unknown> }).attributes).toMatchObject({
      stage: "scheduled",
      livemode: true,
      price: dollars(price),
    });

  // What was spent is exactly what was sent: the tool, and the API.
  const spend = await agent.call("get_spend");
  expect(spend.document.meta.caps).toMatchObject({
    "spent-today": dollars(fits * price),
    "spent-this-month": dollars(fits * price),
    "remaining-today": dollars(daily - fits * price),
  });
  const api = await apiSpend(page.request, owner.live);
  expect(api.spentCents).toBe(fits * price);
  expect(api.chargedCents).toBe(fits * price);
  expect(api.chargedGifts.sort()).toEqual([...sentIds].sort());
  say(
    `GET /api/v1/budget → spent $${dollars(api.spentCents)} this month; GET /api/v1/charges → ${api.chargedGifts.length} charges caused by the grant, $${dollars(api.chargedCents)}, one per gift sent`,
  );
  const listed = await agent.call("list_gifts", { limit: 50 });
  expect(listed.document.data).toHaveLength(fits);

  // 2. One idempotency key, twenty times at once (a host retrying hard): one gift, one charge.
  say("a second connection (its own grant, the same caps), for a host that retries hard:");
  const retrier = await grant({ perGift: dollars(perGift), daily: dollars(daily) });
  const key = `retry-${stamp}`;
  const retries = await Promise.all(
    Array.from({ length: 20 }, () =>
      retrier.call("send_gift", { gift: gift("Pat"), quoted_total: quoted.total, idempotency_key: key }, true),
    ),
  );
  expect(retries.filter((r) => r.isError).map((r) => r.document.errors)).toEqual([]);
  const ids = new Set(retries.map((r) => (r.document.data as { id: string }).id));
  expect(ids.size).toBe(1);
  const after = await apiSpend(page.request, owner.live);
  expect(after.spentCents).toBe((fits + 1) * price);
  expect(after.chargedGifts.filter((id) => ids.has(id))).toHaveLength(1);
  say(
    `20 × send_gift at once with the same idempotency key "${key}" → 20 answers, all gift ${[...ids][0]}; GET /api/v1/charges → one more charge, $${dollars(price)}; the team's month: $${dollars(after.spentCents)}`,
  );

  const retrierSpend = await retrier.call("get_spend");
  expect(retrierSpend.document.meta.caps).toMatchObject({ "spent-today": dollars(price) });
  await transcript.publish(testInfo, "MCP caps transcript");
});
