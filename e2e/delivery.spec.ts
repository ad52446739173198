import { expect, test, type APIRequestContext } from "@playwright/test";
import { demoCredentials } from "./demo";

async function waitForStage(request: APIRequestContext, url: string, token: string, stage: string) {
  await expect
    .poll(
      async () =>
        (await (await request.get(url, { headers: { Authorization: `Bearer ${token}` } })).json()).data.attributes
          .stage,
      {
        timeout: 30_000,
      },
    )
    .toBe(stage);
}

// Issue 4 as a new user tries it: a live email gift scheduled a few seconds ahead goes out
// once through the in-process sweeper to the local outbox; a sandbox gift is suppressed.
test("a scheduled email gift is sent once, and shows in the outbox", async ({ page, request }) => {
  const creds = demoCredentials();
  const [alex] = creds.accounts;
  const scheduledAt = new Date(Date.now() + 3_000).toISOString().replace(/\.\d+Z$/, "Z");
  const subject = `Your gift ${Date.now()}`;
  const gift = {
    name: "Robin",
    email: "robin@example.com",
    cc_email: "boss@example.com",
    collection: "Coffee Lovers",
    design_id: "thank-you",
    message: "Thank you!",
    from: "Alex",
    subject,
    scheduled_at: scheduledAt,
  };

  const created = await (
    await request.post(`${creds.base_url}/gifts`, {
      headers: { Authorization: `Bearer ${alex.live_token}` },
      data: { gift },
    })
  ).json();
  const giftUrl = `${creds.base_url}/gifts/${created.data.id}`;
  expect(created.data.attributes.stage).toBe("scheduled");
  await waitForStage(request, giftUrl, alex.live_token, "sent");

  const outbox = (await (await request.get("/dev/outbox.json")).json()).data.filter(
    (m: { gift_id: string }) => m.gift_id === created.data.id,
  );
  expect(outbox).toHaveLength(1);
  expect(outbox[0]).toMatchObject({ to: "robin@example.com", cc: "boss@example.com", subject, status: "stored" });
  expect(outbox[0].html).toContain(created.data.attributes["untie-url"]);
  expect(outbox[0].text).toContain("Thank you!");

  const sandbox = await (
    await request.post(`${creds.base_url}/gifts`, {
      headers: { Authorization: `Bearer ${alex.sandbox_token}` },
      data: { gift: { ...gift, subject: `Sandbox ${subject}`, scheduled_at: new Date().toISOString() } },
    })
  ).json();
  await waitForStage(request, `${creds.base_url}/gifts/${sandbox.data.id}`, alex.sandbox_token, "sent");
  const suppressed = (await (await request.get("/dev/outbox.json")).json()).data.find(
    (m: { gift_id: string }) => m.gift_id === sandbox.data.id,
  );
  expect(suppressed.status).toBe("suppressed");

  await page.goto("/dev/outbox");
  await expect(page.getByRole("heading", { name: subject, exact: true })).toBeVisible();
});
