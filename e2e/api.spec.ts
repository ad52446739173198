import { expect, test } from "@playwright/test";
import { demoCredentials } from "./demo";

// The API over real HTTP against `npm start`, as an integrator would call it.

test("requests without a token get a 401 JSON:API document", async ({ request }) => {
  const response = await request.get("/api/v1/teams");
  expect(response.status()).toBe(401);
  expect(response.headers()["content-type"]).toContain("application/vnd.api+json");
  expect(response.headers()["www-authenticate"]).toContain("Bearer");
  expect((await response.json()).errors[0].title).toBe("Unauthorized");
});

test("a method an endpoint does not serve gets a JSON:API 405", async ({ request }) => {
  const response = await request.put("/api/v1/gifts", { data: {} });
  expect(response.status()).toBe(405);
  expect(response.headers()["allow"]).toBe("GET, POST, OPTIONS");
  expect((await response.json()).errors[0].title).toBe("MethodNotAllowed");
});

test("demo credentials list their teams, the sandbox and the catalogue", async ({ request }) => {
  const creds = demoCredentials();
  const [alex, sam] = creds.accounts;
  expect(creds.base_url).toMatch(/\/api\/v1$/);
  const live = await request.get(`${creds.base_url}/teams`, {
    headers: { Authorization: `Bearer ${alex.live_token}` },
  });
  expect((await live.json()).data.map((t: { id: string }) => t.id)).toEqual(alex.teams);
  const sandbox = await request.get(`${creds.base_url}/teams?access_token=${sam.sandbox_token}`);
  expect((await sandbox.json()).data).toEqual([{ type: "teams", id: "sandbox", attributes: { name: "Sandbox" } }]);
  const collections = await request.get(`${creds.base_url}/collections`, {
    headers: { Authorization: `Bearer ${alex.live_token}` },
  });
  expect((await collections.json()).data.length).toBeGreaterThanOrEqual(6);
});

test("a live gift is charged, validated, idempotent and cancellable over HTTP", async ({ request }) => {
  const creds = demoCredentials();
  const [alex, sam] = creds.accounts;
  const headers = { Authorization: `Bearer ${alex.live_token}`, "Idempotency-Key": `e2e-${Date.now()}` };
  const gift = {
    name: "Robin",
    email: "robin@example.com",
    collection: "Coffee Lovers",
    message: "Thank you!",
    from: "Alex",
  };

  const first = await request.post(`${creds.base_url}/teams/${alex.teams[0]}/gifts`, { headers, data: { gift } });
  expect(first.status()).toBe(200);
  const created = await first.json();
  expect(created.data.attributes.stage).toBe("scheduled");

  const replay = await request.post(`${creds.base_url}/teams/${alex.teams[0]}/gifts`, { headers, data: { gift } });
  expect(replay.headers()["idempotent-replayed"]).toBe("true");
  expect((await replay.json()).data.id).toBe(created.data.id);
  const conflict = await request.post(`${creds.base_url}/teams/${alex.teams[0]}/gifts`, {
    headers,
    data: { gift: { ...gift, name: "Other" } },
  });
  expect(conflict.status()).toBe(409);

  const invalid = await request.post(`${creds.base_url}/gifts`, {
    headers: { Authorization: `Bearer ${alex.live_token}` },
    data: { gift: { ...gift, from: "", email: "nope" } },
  });
  expect(invalid.status()).toBe(400);
  expect((await invalid.json()).errors.map((e: { detail: string }) => e.detail)).toEqual(
    expect.arrayContaining(["From can't be blank", "Email is not a valid email address"]),
  );

  const malformed = await request.post(`${creds.base_url}/gifts`, {
    headers: { Authorization: `Bearer ${alex.live_token}`, "Content-Type": "application/json" },
    data: "{not json",
  });
  expect(malformed.status()).toBe(400);

  const declined = await request.post(`${creds.base_url}/gifts`, {
    headers: { Authorization: `Bearer ${sam.live_token}` },
    data: { gift },
  });
  expect(declined.status()).toBe(400);
  expect((await declined.json()).errors).toEqual([
    {
      title: "BillingError",
      status: 400,
      detail: "Your card was declined.",
      code: "card_declined",
      links: { about: expect.stringMatching(/\/docs#error-card_declined$/) },
    },
  ]);

  const cancelled = await request.delete(`${creds.base_url}/gifts/${created.data.id}`, {
    headers: { Authorization: `Bearer ${alex.live_token}` },
  });
  expect((await cancelled.json()).data.attributes.stage).toBe("cancelled");
  const again = await request.delete(`${creds.base_url}/gifts/${created.data.id}`, {
    headers: { Authorization: `Bearer ${alex.live_token}` },
  });
  expect(again.status()).toBe(409);
});
