import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { startReceiver } from "@/lib/testing/webhook-receiver";
import { demoCredentials } from "./demo";

// Webhooks over real HTTP: `npm start` (embedded demo: loopback receivers allowed by default),
// its in-process sweeper as the worker, and a receiver on 127.0.0.1 verifying signatures.

test("a simulated sandbox gift reaches a loopback receiver as verified webhooks, in every stage", async ({ request }) => {
  const receiver = await startReceiver(3246);
  try {
    const creds = demoCredentials();
    const headers = { Authorization: `Bearer ${creds.accounts[1].sandbox_token}` };
    const api = creds.base_url;
    const endpoint = await request.post(`${api}/teams/sandbox/webhook-endpoints`, { headers, data: { webhook_endpoint: { url: receiver.url } } });
    expect(endpoint.status()).toBe(200);
    const secret = (await endpoint.json()).data.attributes.secret as string;

    const gift = await request.post(`${api}/gifts`, {
      headers,
      data: { gift: { name: "Robin", email: "robin@example.com", collection: "Coffee Lovers", message: "Hi", from: "Sam", scheduled_at: "2099-01-01T00:00:00Z" } },
    });
    const id = (await gift.json()).data.id as string;
    for (const stage of ["sent", "opened", "redeemed", "shipped", "delivered"]) {
      expect((await request.post(`${api}/teams/sandbox/gifts/${id}/simulate`, { headers, data: { stage } })).status()).toBe(200);
    }
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(6);
    const types = receiver.received.map((r) => {
      const h = { "webhook-id": String(r.headers["webhook-id"]), "webhook-timestamp": String(r.headers["webhook-timestamp"]), "webhook-signature": String(r.headers["webhook-signature"]) };
      return (new Webhook(secret).verify(r.body, h) as { type: string }).type;
    });
    expect(types.sort()).toEqual(["gift.delivered", "gift.opened", "gift.redeemed", "gift.scheduled", "gift.sent", "gift.shipped"]);

    const endpointId = (await endpoint.json()).data.id;
    const attempts = await request.get(`${api}/webhook-endpoints/${endpointId}/attempts`, { headers });
    expect((await attempts.json()).data).toHaveLength(6);
    const events = await request.get(`${api}/gifts/${id}/events`, { headers });
    expect((await events.json()).data.map((e: { attributes: { type: string } }) => e.attributes.type)[0]).toBe("gift.delivered");
  } finally {
    await receiver.close();
  }
});
