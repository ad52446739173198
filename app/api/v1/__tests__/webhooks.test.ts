import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Webhook } from "standardwebhooks";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { startReceiver, type Receiver } from "@/lib/testing/webhook-receiver";
import { EVENT_TYPES, MAX_ENDPOINTS, runWebhooks } from "@/lib/webhooks";
import { expectError, expectValidation, giftBody, ISO_MS, nextPath, openDatabaseForFile } from "./helpers";
import { PATIENT_MS } from "@/lib/testing/wait-for";

const t = openDatabaseForFile();
let a: Awaited<ReturnType<typeof createAccount>>;
let b: Awaited<ReturnType<typeof createAccount>>;
let receiver: Receiver;

beforeAll(async () => {
  a = await createAccount(t.db);
  b = await createAccount(t.db);
  receiver = await startReceiver(3244);
});
afterAll(() => receiver?.close());
afterEach(() => vi.unstubAllEnvs());

const endpointBody = (over: Record<string, unknown> = {}) => ({
  webhook_endpoint: { url: receiver.url, description: "Orders system", ...over },
});
// The receiver answers at once: the timeout only bounds a failure, generously (a busy machine).
const deliver = () => runWebhooks(t.db, { allowPrivate: true, timeoutMs: PATIENT_MS });

describe("webhook endpoints API", () => {
  it("creates (secret shown once), lists, gets, updates and deletes, with and without the team prefix", async () => {
    const live = apiAs(a.tokens.live);
    const created = await live.post(`/teams/${a.team.id}/webhook-endpoints`, endpointBody());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { id, attributes } = created.body.data;
    expect(created.body.data.type).toBe("webhook-endpoints");
    expect(id).toMatch(/^whe_[1-9A-HJ-NP-Za-km-z]{22}$/);
    expect(attributes).toMatchObject({
      team: a.team.id,
      url: receiver.url,
      description: "Orders system",
      "event-types": EVENT_TYPES,
      enabled: true,
      "disabled-reason": null,
    });
    expect(attributes.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(attributes["created-at"]).toMatch(ISO_MS);

    const got = await live.get(`/webhook-endpoints/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.data.attributes.secret).toBeUndefined();
    const list = await live.get(`/teams/${a.team.id}/webhook-endpoints`);
    expect(list.body.data.map((e: { id: string }) => e.id)).toContain(id);
    expect(JSON.stringify(list.body)).not.toContain("whsec_");

    const patched = await live.patch(`/webhook-endpoints/${id}`, {
      webhook_endpoint: {
        url: "https://example.com/hooks",
        description: "",
        event_types: ["gift.sent", "gift.sent", "gift.delivered"],
        enabled: false,
      },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data.attributes).toMatchObject({
      url: "https://example.com/hooks",
      description: null,
      "event-types": ["gift.sent", "gift.delivered"],
      enabled: false,
    });
    const reenabled = await live.patch(`/teams/${a.team.id}/webhook-endpoints/${id}`, {
      webhook_endpoint: { enabled: true },
    });
    expect(reenabled.body.data.attributes).toMatchObject({
      enabled: true,
      "disabled-reason": null,
      url: "https://example.com/hooks",
    });

    const rotated = await live.post(`/webhook-endpoints/${id}/rotate-secret`, {});
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.attributes.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.attributes.secret).not.toBe(attributes.secret);
    expect(new Date(rotated.body.data.attributes["previous-secret-expires-at"]).getTime() - Date.now()).toBeGreaterThan(
      23.9 * 3_600_000,
    );

    expect((await live.delete(`/webhook-endpoints/${id}`)).status).toBe(200);
    expectError(await live.get(`/webhook-endpoints/${id}`), 404, "NotFound");
    expectError(await live.delete(`/webhook-endpoints/${id}`), 404, "NotFound");
  });

  it("rejects bad input with every problem, unknown fields included, and writes nothing", async () => {
    const live = apiAs(a.tokens.live);
    const before = await t.db.webhookEndpoint.count();
    const cases: [unknown, string, RegExp][] = [
      [{ webhook_endpoint: { description: "no url" } }, "/webhook_endpoint/url", /Url can't be blank/],
      [endpointBody({ url: "javascript:alert(1)" }), "/webhook_endpoint/url", /http or https/],
      [endpointBody({ url: "ftp://example.com/x" }), "/webhook_endpoint/url", /http or https/],
      [endpointBody({ url: "https://user:pw@example.com/x" }), "/webhook_endpoint/url", /user name or password/],
      [endpointBody({ url: `https://example.com/${"a".repeat(3000)}` }), "/webhook_endpoint/url", /too long/],
      [endpointBody({ url: "/relative" }), "/webhook_endpoint/url", /absolute/],
      [endpointBody({ url: 42 }), "/webhook_endpoint/url", /must be a string/],
      [endpointBody({ url: "https://example.com/\u0000" }), "/webhook_endpoint/url", /invalid characters/],
      [endpointBody({ event_types: ["gift.exploded"] }), "/webhook_endpoint/event_types", /Event types must be/],
      [endpointBody({ event_types: [] }), "/webhook_endpoint/event_types", /Event types must be/],
      [endpointBody({ event_types: "gift.sent" }), "/webhook_endpoint/event_types", /Event types must be/],
      [endpointBody({ enabled: "yes" }), "/webhook_endpoint/enabled", /true or false/],
      [endpointBody({ description: "d".repeat(501) }), "/webhook_endpoint/description", /too long/],
      [endpointBody({ secret: "whsec_mine" }), "/webhook_endpoint/secret", /not a known field/],
      [{ url: receiver.url }, "/webhook_endpoint", /can't be blank/],
    ];
    for (const [body, pointer, detail] of cases) {
      const problems = expectValidation(await live.post("/webhook-endpoints", body));
      expect(problems, JSON.stringify(body).slice(0, 80)).toContainEqual(
        expect.objectContaining({ pointer, detail: expect.stringMatching(detail) }),
      );
    }
    expect(
      expectValidation(await live.post("/webhook-endpoints", endpointBody({ url: "ftp://x", events: [] }))),
    ).toHaveLength(2);
    expectError(await live.post("/webhook-endpoints", undefined, { rawBody: "[1,2]" }), 400, "BadRequest");
    expect(await t.db.webhookEndpoint.count()).toBe(before);
  });

  it.each([["0"], [undefined]])(
    "with RIBBON_WEBHOOKS_ALLOW_PRIVATE=%s refuses private and loopback URLs up front",
    async (value) => {
      vi.stubEnv("RIBBON_WEBHOOKS_ALLOW_PRIVATE", value);
      for (const url of [
        "http://127.0.0.1:3244/hooks",
        "http://localhost/hooks",
        "http://LOCALHOST./x",
        "http://[::1]/x",
        "http://10.0.0.1/x",
        "http://169.254.169.254/latest",
        "http://2130706433/x",
        "http://0x7f.1/x",
      ]) {
        const problems = expectValidation(await apiAs(a.tokens.live).post("/webhook-endpoints", endpointBody({ url })));
        expect(problems, url).toContainEqual(
          expect.objectContaining({ pointer: "/webhook_endpoint/url", detail: "Url must point to a public address" }),
        );
      }
      expect(
        (
          await apiAs(a.tokens.live).post(
            "/webhook-endpoints",
            endpointBody({ url: "https://hooks.example.com/ribbon" }),
          )
        ).status,
      ).toBe(200);
    },
  );

  it("keeps teams apart: another team's endpoint is 404, sandbox endpoints belong to their user, live and sandbox don't cross", async () => {
    const mine = await apiAs(a.tokens.live).post("/webhook-endpoints", endpointBody());
    const id = mine.body.data.id;
    expectError(await apiAs(b.tokens.live).get(`/webhook-endpoints/${id}`), 404, "NotFound");
    expectError(
      await apiAs(b.tokens.live).patch(`/webhook-endpoints/${id}`, { webhook_endpoint: { enabled: false } }),
      404,
      "NotFound",
    );
    expectError(await apiAs(b.tokens.live).post(`/webhook-endpoints/${id}/rotate-secret`, {}), 404, "NotFound");
    expectError(await apiAs(b.tokens.live).get(`/teams/${a.team.id}/webhook-endpoints`), 404, "NotFound");
    expectError(await apiAs(a.tokens.live).get("/teams/sandbox/webhook-endpoints"), 403, "Forbidden");

    const sbox = await apiAs(a.tokens.sandbox).post("/teams/sandbox/webhook-endpoints", endpointBody());
    expect(sbox.status).toBe(200);
    expect(sbox.body.data.attributes.team).toBe("sandbox");
    expect((await apiAs(b.tokens.sandbox).get("/webhook-endpoints")).body.data).toEqual([]);
    expectError(await apiAs(b.tokens.sandbox).delete(`/webhook-endpoints/${sbox.body.data.id}`), 404, "NotFound");
    expectError(await apiAs(a.tokens.sandbox).get(`/webhook-endpoints/${id}`), 404, "NotFound");
    expect(
      (await apiAs(a.tokens.sandbox).get("/webhook-endpoints")).body.data.map((e: { id: string }) => e.id),
    ).toEqual([sbox.body.data.id]);
  });

  it(`allows at most ${MAX_ENDPOINTS} endpoints per team`, async () => {
    const c = await createAccount(t.db);
    for (let i = 0; i < MAX_ENDPOINTS - 2; i++)
      expect((await apiAs(c.tokens.live).post("/webhook-endpoints", endpointBody())).status).toBe(200);
    // The last two places, wanted by five requests at once: exactly two get them.
    const results = await Promise.all(
      Array.from({ length: 5 }, () => apiAs(c.tokens.live).post("/webhook-endpoints", endpointBody())),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409]);
    expect(await t.db.webhookEndpoint.count({ where: { teamId: c.team.id } })).toBe(MAX_ENDPOINTS);
    expectError(await apiAs(c.tokens.live).post("/webhook-endpoints", endpointBody()), 409, "Conflict");
  });
});

describe("attempts, replay and the event feed", () => {
  it("lists attempts newest first with paging; replay re-sends since a time as new, verifiable deliveries", async () => {
    const c = await createAccount(t.db);
    const live = apiAs(c.tokens.live);
    const created = await live.post(
      "/webhook-endpoints",
      endpointBody({ event_types: ["gift.scheduled", "gift.cancelled"] }),
    );
    const { id, attributes } = created.body.data;
    const start = new Date().toISOString();
    const gift = await live.post("/gifts", giftBody());
    await live.delete(`/gifts/${gift.body.data.id}`);
    const before = receiver.received.length;
    await deliver();
    expect(receiver.received.length - before).toBe(2);

    const attempts = await live.get(`/webhook-endpoints/${id}/attempts?page[size]=1`);
    expect(attempts.status).toBe(200);
    expect(attempts.body.data).toHaveLength(1);
    expect(attempts.body.data[0]).toMatchObject({
      type: "webhook-attempts",
      attributes: {
        attempt: 1,
        succeeded: true,
        "response-status": 200,
        "response-body": null,
        error: null,
        replay: false,
        "webhook-id": expect.stringMatching(/^msg_\d+$/),
      },
    });
    expect(attempts.body.data[0].attributes["duration-ms"]).toBeGreaterThanOrEqual(0);
    const second = await live.get(nextPath(attempts.body.links.next));
    expect(second.body.data).toHaveLength(1);
    expect(second.body.links.next).toBeNull();
    expect(
      new Set([attempts.body.data[0].attributes["event-type"], second.body.data[0].attributes["event-type"]]),
    ).toEqual(new Set(["gift.scheduled", "gift.cancelled"]));
    expectError(await apiAs(b.tokens.live).get(`/webhook-endpoints/${id}/attempts`), 404, "NotFound");
    expectError(await live.get(`/webhook-endpoints/${id}/attempts?page[after]=bogus`), 400, "BadRequest");

    const replay = await live.post(`/webhook-endpoints/${id}/replay`, { since: start });
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    expect(replay.body.meta).toMatchObject({ deliveries: 2, "replay-id": expect.stringMatching(/^rpl_/) });
    await deliver();
    const replayed = receiver.received.slice(before + 2);
    expect(replayed).toHaveLength(2);
    const originals = receiver.received.slice(before, before + 2);
    expect(replayed.map((r) => r.body).sort()).toEqual(originals.map((r) => r.body).sort());
    // Standard Webhooks: a re-sent message keeps its webhook-id (receivers deduplicate on it), signed again when sent.
    expect(replayed.map((r) => r.headers["webhook-id"]).sort()).toEqual(
      originals.map((o) => o.headers["webhook-id"]).sort(),
    );
    for (const r of replayed) {
      const original = originals.find((o) => o.headers["webhook-id"] === r.headers["webhook-id"])!;
      expect(r.body).toBe(original.body);
      const headers = {
        "webhook-id": String(r.headers["webhook-id"]),
        "webhook-timestamp": String(r.headers["webhook-timestamp"]),
        "webhook-signature": String(r.headers["webhook-signature"]),
      };
      expect(() => new Webhook(attributes.secret).verify(r.body, headers)).not.toThrow();
    }
    expect(
      (await live.get(`/webhook-endpoints/${id}/attempts`)).body.data.filter(
        (x: { attributes: { replay: boolean } }) => x.attributes.replay,
      ),
    ).toHaveLength(2);

    for (const body of [{}, { since: "yesterday" }, { since: "2020-01-01T00:00:00Z" }, { since: start, extra: 1 }]) {
      expectValidation(await live.post(`/webhook-endpoints/${id}/replay`, body));
    }
    expectError(await apiAs(b.tokens.live).post(`/webhook-endpoints/${id}/replay`, { since: start }), 404, "NotFound");
  });

  it("GET /events pages newest first with filter[type] and filter[gift]; GET /gifts/:id/events shows one gift's", async () => {
    const c = await createAccount(t.db);
    const live = apiAs(c.tokens.live);
    const first = await live.post("/gifts", giftBody());
    const second = await live.post("/gifts", giftBody());
    await live.delete(`/gifts/${first.body.data.id}`);
    await apiAs(b.tokens.live).post("/gifts", giftBody());

    const all = await live.get("/events");
    expect(all.status).toBe(200);
    expect(all.body.data.map((e: { attributes: { type: string } }) => e.attributes.type)).toEqual([
      "gift.cancelled",
      "gift.scheduled",
      "gift.scheduled",
    ]);
    expect(all.body.data[0]).toMatchObject({
      type: "events",
      attributes: { stage: "cancelled", "created-at": expect.stringMatching(ISO_MS) },
      relationships: { gift: { data: { type: "gifts", id: first.body.data.id } } },
    });
    const page1 = await live.get("/events?page[size]=2");
    const page2 = await live.get(nextPath(page1.body.links.next));
    expect([...page1.body.data, ...page2.body.data].map((e: { id: string }) => e.id)).toEqual(
      all.body.data.map((e: { id: string }) => e.id),
    );
    expect(page2.body.links.next).toBeNull();
    expect((await live.get("/events?filter[type]=gift.scheduled")).body.data).toHaveLength(2);
    expect((await live.get(`/teams/${c.team.id}/events?filter[gift]=${second.body.data.id}`)).body.data).toHaveLength(
      1,
    );
    expectError(await live.get("/events?filter[type]=gift.exploded"), 400, "BadRequest");
    expectError(await live.get("/events?page[size]=0"), 400, "BadRequest");

    const own = await live.get(`/gifts/${first.body.data.id}/events`);
    expect(own.body.data.map((e: { attributes: { stage: string } }) => e.attributes.stage)).toEqual([
      "cancelled",
      "scheduled",
    ]);
    expectError(await apiAs(b.tokens.live).get(`/gifts/${first.body.data.id}/events`), 404, "NotFound");
    expect((await apiAs(b.tokens.live).get(`/events?filter[gift]=${first.body.data.id}`)).body.data).toEqual([]);
  });
});

describe("POST /teams/sandbox/gifts/:id/simulate", () => {
  it("walks a sandbox gift through every stage with the same events and webhooks; illegal moves are 409", async () => {
    const sbox = apiAs(a.tokens.sandbox);
    const endpoint = await sbox.post(
      "/teams/sandbox/webhook-endpoints",
      endpointBody({ url: `${receiver.url}/simulate` }),
    );
    const secret = endpoint.body.data.attributes.secret;
    const gift = await sbox.post("/teams/sandbox/gifts", giftBody());
    const id = gift.body.data.id;
    const before = receiver.received.length;
    for (const stage of ["sent", "opened", "redeemed", "shipped", "delivered"]) {
      const res = await sbox.post(`/teams/sandbox/gifts/${id}/simulate`, { stage });
      expect(res.status, `${stage}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data.attributes.stage).toBe(stage);
      expect(res.body.data.attributes.events.at(-1)).toMatchObject({ stage, message: "Simulated in the sandbox" });
      if (stage === "redeemed") {
        expect(res.body.data.attributes["selected-product"]).toMatchObject({
          id: expect.stringMatching(/^\d+$/),
          name: expect.any(String),
        });
        expect(res.body.data.attributes.address).toEqual({ city: "Springfield", region: "CA", country: "US" }); // the sender's view
        expect(res.body.data.attributes["redemption-email"]).toBe("robin@example.com");
      }
    }
    const conflict = expectError(
      await sbox.post(`/teams/sandbox/gifts/${id}/simulate`, { stage: "sent" }),
      409,
      "Conflict",
    );
    expect(conflict.detail).toContain("delivered");

    await deliver();
    const got = receiver.received
      .slice(before)
      .filter((r) => r.path === "/hooks/simulate")
      .map((r) => {
        const headers = {
          "webhook-id": String(r.headers["webhook-id"]),
          "webhook-timestamp": String(r.headers["webhook-timestamp"]),
          "webhook-signature": String(r.headers["webhook-signature"]),
        };
        return new Webhook(secret).verify(r.body, headers) as { type: string; data: { id: string } };
      });
    expect(
      got
        .filter((p) => p.data.id === id)
        .map((p) => p.type)
        .sort(),
    ).toEqual(["gift.scheduled", "gift.sent", "gift.opened", "gift.redeemed", "gift.shipped", "gift.delivered"].sort());

    const raced = await sbox.post("/gifts", giftBody());
    const twice = await Promise.all(
      [0, 1].map(() => sbox.post(`/gifts/${raced.body.data.id}/simulate`, { stage: "sent" })),
    );
    expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await t.db.giftEvent.count({ where: { giftId: raced.body.data.id, stage: "sent" } })).toBe(1);

    for (const stage of ["expired", "failed"]) {
      const other = await sbox.post("/gifts", giftBody());
      const res = await sbox.post(`/gifts/${other.body.data.id}/simulate`, { stage });
      expect(res.status).toBe(200);
      expect(res.body.data.attributes.stage).toBe(stage);
    }
    const fresh = await sbox.post("/gifts", giftBody());
    expectError(await sbox.post(`/gifts/${fresh.body.data.id}/simulate`, { stage: "shipped" }), 409, "Conflict");
  });

  it("declines or donates as the recipient would (their emails, their webhooks); a closed gift or a forged charity is refused", async () => {
    const sbox = apiAs(a.tokens.sandbox);
    await sbox.post("/teams/sandbox/webhook-endpoints", endpointBody({ url: `${receiver.url}/choices` }));
    const declined = (await sbox.post("/gifts", giftBody())).body.data.id;
    await sbox.post(`/gifts/${declined}/simulate`, { stage: "sent" });
    const res = await sbox.post(`/gifts/${declined}/simulate`, { stage: "declined" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.attributes.stage).toBe("declined");
    expect(res.body.data.attributes.events.at(-1)).toMatchObject({
      stage: "declined",
      message: "Simulated in the sandbox",
    });

    // A link gift nobody opened yet: opened, then donated, to the charity named or the first one.
    const donated: string[] = [];
    for (const charity of ["school-meals", undefined]) {
      const id = (await sbox.post("/gifts", giftBody({ delivery_method: "link", email: undefined }))).body.data.id;
      const body = charity ? { stage: "donated", charity } : { stage: "donated" };
      const answer = await sbox.post(`/gifts/${id}/simulate`, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.attributes).toMatchObject({
        stage: "donated",
        charity: { id: charity ?? "clean-water-fund" },
      });
      donated.push(id);
    }
    // The sender is told, as when a recipient chooses (sandbox mail is suppressed, still in the outbox).
    for (const id of [declined, ...donated])
      expect((await t.db.emailOutbox.findMany({ where: { giftId: id, kind: "gift-outcome" } })).length).toBe(1);
    await deliver();
    const types = receiver.received
      .filter((r) => r.path === "/hooks/choices")
      .map((r) => JSON.parse(r.body) as { type: string; data: { id: string } })
      .filter((p) => [declined, ...donated].includes(p.data.id) && /declined|donated/.test(p.type))
      .map((p) => p.type)
      .sort();
    expect(types).toEqual(["gift.declined", "gift.donated", "gift.donated"]);

    // Closed already: 409 naming the stage; a forged charity or a charity without donating: 422; nothing moves.
    const again = expectError(await sbox.post(`/gifts/${declined}/simulate`, { stage: "donated" }), 409, "Conflict");
    expect(again.detail).toContain("declined");
    const fresh = (await sbox.post("/gifts", giftBody())).body.data.id;
    for (const body of [
      { stage: "donated", charity: "../../etc/passwd" },
      { stage: "donated", charity: "x".repeat(100_000) },
      { stage: "donated", charity: 7 },
      { stage: "declined", charity: "school-meals" },
    ])
      expectValidation(await sbox.post(`/gifts/${fresh}/simulate`, body));
    expect(await t.db.gift.findUniqueOrThrow({ where: { id: fresh } })).toMatchObject({ stage: "scheduled" });
    expect(await t.db.emailOutbox.count({ where: { giftId: fresh, kind: "gift-outcome" } })).toBe(0);
  });

  it("is 403 for live gifts, 404 for another user's sandbox gift, 422 for an unknown stage or field", async () => {
    const liveGift = await apiAs(a.tokens.live).post("/gifts", giftBody());
    expectError(
      await apiAs(a.tokens.live).post(`/gifts/${liveGift.body.data.id}/simulate`, { stage: "sent" }),
      403,
      "Forbidden",
    );
    expectError(
      await apiAs(a.tokens.live).post(`/teams/sandbox/gifts/${liveGift.body.data.id}/simulate`, { stage: "sent" }),
      403,
      "Forbidden",
    );
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: liveGift.body.data.id } })).stage).toBe("scheduled");

    const sboxGift = await apiAs(a.tokens.sandbox).post("/gifts", giftBody());
    expectError(
      await apiAs(b.tokens.sandbox).post(`/teams/sandbox/gifts/${sboxGift.body.data.id}/simulate`, { stage: "sent" }),
      404,
      "NotFound",
    );
    for (const body of [
      { stage: "scheduled" },
      { stage: "cancelled" },
      { stage: "exploded" },
      {},
      { stage: "sent", when: "now" },
    ]) {
      expectValidation(await apiAs(a.tokens.sandbox).post(`/gifts/${sboxGift.body.data.id}/simulate`, body));
    }
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: sboxGift.body.data.id } })).stage).toBe("scheduled");
  });
});
