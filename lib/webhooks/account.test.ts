import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Webhook } from "standardwebhooks";
import { SANDBOX_TEAM_ID } from "@/lib/teams";
import { databaseWithOwner } from "@/lib/testing/database-for-file";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { startReceiver, type Receiver } from "@/lib/testing/webhook-receiver";
import { listEndpointsForUser, sendTestEvent } from "./account";
import { createEndpoint } from "./endpoints";

const t = databaseWithOwner();
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver(3247);
  await catalogue(t.db); // seeds the sandbox team too
});
afterAll(() => receiver?.close());
afterEach(() => vi.unstubAllEnvs());

const caller = (user: { id: string; name: string | null; email: string }, mode: "live" | "sandbox") => ({
  user: { id: user.id, name: user.name ?? "", email: user.email },
  mode,
  via: "token" as const,
  credentialId: 0,
});

describe("the account page's webhooks", () => {
  it("lists the endpoints of the user's teams and their own sandbox ones, never someone else's", async () => {
    const a = await createAccount(t.db);
    const b = await createAccount(t.db);
    const live = await createEndpoint(t.db, caller(a.user, "live"), a.team, {
      url: receiver.url,
      eventTypes: ["gift.sent"],
    });
    const sbox = await createEndpoint(
      t.db,
      caller(a.user, "sandbox"),
      { id: SANDBOX_TEAM_ID, name: "Sandbox" },
      { url: receiver.url, eventTypes: ["gift.sent"] },
    );
    await createEndpoint(
      t.db,
      caller(b.user, "sandbox"),
      { id: SANDBOX_TEAM_ID, name: "Sandbox" },
      { url: receiver.url, eventTypes: ["gift.sent"] },
    );
    expect((await listEndpointsForUser(t.db, a.user.id)).map((e) => e.id).sort()).toEqual(
      [live.endpoint.id, sbox.endpoint.id].sort(),
    );
    expect(await sendTestEvent(t.db, b.user.id, live.endpoint.id)).toBeNull();
  });

  it("sends a signed webhook.test message and reports the answer; private addresses stay refused with the flag off", async () => {
    const a = await createAccount(t.db);
    const { endpoint, secret } = await createEndpoint(t.db, caller(a.user, "live"), a.team, {
      url: receiver.url,
      eventTypes: ["gift.sent"],
    });
    vi.stubEnv("RIBBON_WEBHOOKS_ALLOW_PRIVATE", "1");
    const before = receiver.received.length;
    expect(await sendTestEvent(t.db, a.user.id, endpoint.id)).toMatchObject({ status: 200, error: null });
    const got = receiver.received[before];
    const headers = {
      "webhook-id": String(got.headers["webhook-id"]),
      "webhook-timestamp": String(got.headers["webhook-timestamp"]),
      "webhook-signature": String(got.headers["webhook-signature"]),
    };
    expect(new Webhook(secret).verify(got.body, headers)).toMatchObject({
      type: "webhook.test",
      data: { endpoint: endpoint.id },
    });

    vi.stubEnv("RIBBON_WEBHOOKS_ALLOW_PRIVATE", "0");
    expect(await sendTestEvent(t.db, a.user.id, endpoint.id)).toMatchObject({
      status: null,
      error: expect.stringMatching(/not a public address/),
    });
    expect(receiver.received.length).toBe(before + 1);
  });
});
