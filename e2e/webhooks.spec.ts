import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { startReceiver } from "@/lib/testing/webhook-receiver";
import { demoCredentials } from "./demo";

// Webhooks over real HTTP: `npm start` (embedded demo: loopback receivers allowed by default),
// its in-process sweeper as the worker, and a receiver on 127.0.0.1 verifying signatures.

test("a simulated sandbox gift reaches a loopback receiver as verified webhooks, in every stage", async ({
  request,
}) => {
  const receiver = await startReceiver(3246);
  try {
    const creds = demoCredentials();
    const headers = { Authorization: `Bearer ${creds.accounts[1].sandbox_token}` };
    const api = creds.base_url;
    const endpoint = await request.post(`${api}/teams/sandbox/webhook-endpoints`, {
      headers,
      data: { webhook_endpoint: { url: receiver.url } },
    });
    expect(endpoint.status()).toBe(200);
    const secret = (await endpoint.json()).data.attributes.secret as string;

    const gift = await request.post(`${api}/gifts`, {
      headers,
      data: {
        gift: {
          name: "Robin",
          email: "robin@example.com",
          collection: "Coffee Lovers",
          message: "Hi",
          from: "Sam",
          scheduled_at: "2099-01-01T00:00:00Z",
        },
      },
    });
    const id = (await gift.json()).data.id as string;
    for (const stage of ["sent", "opened", "redeemed", "shipped", "delivered"]) {
      expect(
        (await request.post(`${api}/teams/sandbox/gifts/${id}/simulate`, { headers, data: { stage } })).status(),
      ).toBe(200);
    }
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(6);
    const types = receiver.received.map((r) => {
      const h = {
        "webhook-id": String(r.headers["webhook-id"]),
        "webhook-timestamp": String(r.headers["webhook-timestamp"]),
        "webhook-signature": String(r.headers["webhook-signature"]),
      };
      return (new Webhook(secret).verify(r.body, h) as { type: string }).type;
    });
    expect(types.sort()).toEqual([
      "gift.delivered",
      "gift.opened",
      "gift.redeemed",
      "gift.scheduled",
      "gift.sent",
      "gift.shipped",
    ]);

    const endpointId = (await endpoint.json()).data.id;
    const attempts = await request.get(`${api}/webhook-endpoints/${endpointId}/attempts`, { headers });
    expect((await attempts.json()).data).toHaveLength(6);
    const events = await request.get(`${api}/gifts/${id}/events`, { headers });
    expect((await events.json()).data.map((e: { attributes: { type: string } }) => e.attributes.type)[0]).toBe(
      "gift.delivered",
    );
  } finally {
    await receiver.close();
  }
});

test("the account page lists endpoints with their latest attempts and sends a signed test event", async ({
  page,
  request,
}) => {
  const receiver = await startReceiver(3246);
  try {
    const creds = demoCredentials();
    const sam = creds.accounts[1];
    const url = `${receiver.url}/account-page`;
    const created = await request.post(`${creds.base_url}/teams/sandbox/webhook-endpoints`, {
      headers: { Authorization: `Bearer ${sam.sandbox_token}` },
      data: { webhook_endpoint: { url, description: "Account page test" } },
    });
    const secret = (await created.json()).data.attributes.secret as string;

    await page.goto("/signin");
    await page.getByLabel("Email").fill(sam.email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    const outbox = await (await request.get("/dev/outbox.json")).json();
    const message = outbox.data.find((m: { to: string; kind: string }) => m.to === sam.email && m.kind === "signin");
    const link = /https?:\/\/[^\s"<>]+\/api\/auth\/callback\/email[^\s"<>]+/.exec(message.text)![0];
    await page.goto(link.replace(/&amp;/g, "&"));
    await page.goto("/account");

    const endpoints = page.getByTestId("webhook-endpoints");
    await expect(endpoints).toContainText(receiver.url); // the first test's endpoint, with its deliveries
    await expect(endpoints).toContainText("gift.delivered: HTTP 200");
    const item = endpoints.locator("li", { hasText: "Account page test" }).first();
    await item.getByRole("button", { name: "Send test event" }).click();
    await expect(item.getByRole("status")).toContainText("Delivered: HTTP 200");
    const got = receiver.received.find((r) => r.path === "/hooks/account-page")!;
    const h = {
      "webhook-id": String(got.headers["webhook-id"]),
      "webhook-timestamp": String(got.headers["webhook-timestamp"]),
      "webhook-signature": String(got.headers["webhook-signature"]),
    };
    expect(new Webhook(secret).verify(got.body, h)).toMatchObject({ type: "webhook.test" });
  } finally {
    await receiver.close();
  }
});
