import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import * as R from "@/lib/api/openapi/resources";
import * as apiRoot from "@/app/api/v1/route";
import * as openapi from "@/app/api/v1/openapi.json/route";
import { apiAs, callApi, type ApiResult } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { untieToken } from "@/lib/untie";
import { declineGift, donateGift } from "@/lib/redemption";
import { bulkBody, expectError, expectValidation, giftBody, openDatabaseForFile } from "./helpers";

const t = openDatabaseForFile();
let a: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  a = await createAccount(t.db);
});

/** A real response must parse with the schema the OpenAPI document was generated from (strict: no undocumented attribute). */
function conforms(res: ApiResult, schema: z.ZodType) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const parsed = schema.safeParse(res.body);
  expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues.slice(0, 5))).toBe(true);
}

describe("real responses match the OpenAPI document's schemas", () => {
  it("catalogue lists", async () => {
    const live = apiAs(a.tokens.live);
    conforms(await live.get("/teams"), R.TeamList);
    conforms(await live.get(`/teams/${a.team.id}/collections`), R.CollectionList);
    conforms(await live.get("/designs"), R.DesignList);
    conforms(await live.get("/logos"), R.LogoList);
    conforms(await live.get("/messages"), R.MessageList);
  });

  it("gifts: create, bulk, list, get, cancel; with and without an expiry", async () => {
    const live = apiAs(a.tokens.live);
    const created = await live.post(
      "/gifts",
      giftBody({ design_id: "thank-you", expires_on: "2031-01-01", scheduled_at: "2030-06-01T09:00:00Z" }),
    );
    conforms(created, R.GiftDocument);
    expect(created.body.data.attributes["expires-on"]).toBe("2031-01-01");
    conforms(
      await live.post(
        "/bulk/gifts",
        bulkBody(2, {}, (i) => (i === 1 ? { delivery_method: "link", email: undefined } : {})),
      ),
      R.GiftListDocument,
    );
    conforms(await live.get("/gifts?page[size]=1"), R.GiftListDocument);
    conforms(await live.get(`/gifts/${created.body.data.id}`), R.GiftDocument);
    conforms(await live.delete(`/gifts/${created.body.data.id}`), R.GiftDocument);
    conforms(await apiAs(a.tokens.sandbox).post("/gifts", giftBody()), R.GiftDocument);
  });

  it("gifts the recipient declined or donated: get and list, the stage and the charity documented", async () => {
    const live = apiAs(a.tokens.live);
    const link = { delivery_method: "link", email: undefined };
    const declined = (await live.post("/gifts", giftBody(link))).body.data;
    const donated = (await live.post("/gifts", giftBody(link))).body.data;
    await declineGift(t.db, { secret: untieToken(declined.id), reason: "No room for it." });
    await donateGift(t.db, { secret: untieToken(donated.id), charity: "first-books" });
    const got = await live.get(`/gifts/${donated.id}`);
    conforms(got, R.GiftDocument);
    expect(got.body.data.attributes).toMatchObject({ stage: "donated", charity: { id: "first-books" } });
    conforms(await live.get(`/gifts/${declined.id}`), R.GiftDocument);
    const listed = await live.get("/gifts?filter[stage]=donated");
    conforms(listed, R.GiftListDocument);
    expect(listed.body.data.map((g: { id: string }) => g.id)).toEqual([donated.id]);
    expect(listed.body.data[0].attributes.charity).toMatchObject({ name: "First Books" });
  });

  it("webhook endpoints, events, attempts, replay and simulate", async () => {
    const sandbox = apiAs(a.tokens.sandbox);
    const created = await sandbox.post("/webhook-endpoints", {
      webhook_endpoint: { url: "https://example.com/ribbon/hooks", event_types: ["gift.sent"] },
    });
    conforms(created, R.WebhookEndpointDocument);
    expect(created.body.data.attributes.secret).toMatch(/^whsec_/);
    const id = created.body.data.id;
    conforms(await sandbox.get("/webhook-endpoints"), R.WebhookEndpointList);
    conforms(
      await sandbox.patch(`/webhook-endpoints/${id}`, { webhook_endpoint: { description: "CRM" } }),
      R.WebhookEndpointDocument,
    );
    conforms(await sandbox.post(`/webhook-endpoints/${id}/rotate-secret`, {}), R.WebhookEndpointDocument);
    conforms(await sandbox.get(`/webhook-endpoints/${id}/attempts`), R.WebhookAttemptList);
    conforms(
      await sandbox.post(`/webhook-endpoints/${id}/replay`, { since: new Date(Date.now() - 60_000).toISOString() }),
      R.ReplayResult,
    );
    const gift = await sandbox.post("/gifts", giftBody());
    conforms(await sandbox.post(`/gifts/${gift.body.data.id}/simulate`, { stage: "sent" }), R.GiftDocument);
    conforms(await sandbox.get(`/gifts/${gift.body.data.id}/events`), R.EventList);
    conforms(await sandbox.get("/events?filter[type]=gift.sent"), R.EventList);
    conforms(await sandbox.delete(`/webhook-endpoints/${id}`), R.WebhookEndpointDocument);
    expect((await sandbox.get("/events?filter[nope]=1")).status).toBe(400);
  });

  it("error documents", async () => {
    for (const res of [
      await apiAs(null).get("/teams"),
      await apiAs(a.tokens.live).post("/gifts", giftBody({ name: "" })),
      await apiAs(a.tokens.live).get("/gifts/gft_nope"),
    ]) {
      const parsed = R.ErrorDocument.safeParse(res.body);
      expect(parsed.success, JSON.stringify(res.body)).toBe(true);
    }
  });
});

describe("what integrators expect of every response", () => {
  it("a Request-Id header on successes too, different per request", async () => {
    const one = await apiAs(a.tokens.live).get("/teams");
    const two = await apiAs(a.tokens.live).get("/teams");
    expect(one.headers.get("request-id")).toMatch(/^req_[\w-]{16}$/);
    expect(two.headers.get("request-id")).not.toBe(one.headers.get("request-id"));
  });

  it("a key beside `gift` is an unknown_field error, never silently dropped", async () => {
    const before = await t.db.gift.count();
    const res = await apiAs(a.tokens.live).post("/gifts", { ...giftBody(), scheduled_at: "2030-01-01T00:00:00Z" });
    expect(expectValidation(res)).toEqual([
      { pointer: "/scheduled_at", detail: expect.stringContaining('inside "gift"'), code: "unknown_field" },
    ]);
    const bulk = await apiAs(a.tokens.live).post("/bulk/gifts", { ...bulkBody(1), recipients_attributes: [] });
    expect(expectValidation(bulk)).toEqual([
      { pointer: "/recipients_attributes", detail: expect.stringContaining('inside "gift"'), code: "unknown_field" },
    ]);
    expect(await t.db.gift.count()).toBe(before);
  });

  it("inherited names (__proto__, constructor, toString…) are unknown fields too, in gift and webhook-endpoint bodies", async () => {
    const before = await t.db.gift.count();
    // Raw JSON: JSON.parse makes "__proto__" an own key, as it arrives from any client.
    const inherited = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];
    const extra = inherited.map((k) => `"${k}": {"x": 1}`).join(", ");
    const giftJson = JSON.stringify(giftBody().gift).slice(0, -1);
    const single = await apiAs(a.tokens.live).post("/gifts", undefined, {
      rawBody: `{"gift": ${giftJson}, ${extra}}}`,
      headers: { "content-type": "application/json" },
    });
    const pointers = (res: ApiResult) => expectValidation(res).map((p) => `${p.code} ${p.pointer}`);
    expect(pointers(single)).toEqual(inherited.map((k) => `unknown_field /gift/${k}`));
    const top = await apiAs(a.tokens.live).post("/gifts", undefined, {
      rawBody: `{"gift": ${giftJson}}, "__proto__": 1}`,
      headers: { "content-type": "application/json" },
    });
    expect(pointers(top)).toEqual(["unknown_field /__proto__"]);
    const endpoint = await apiAs(a.tokens.live).post("/webhook-endpoints", undefined, {
      rawBody: `{"webhook_endpoint": {"url": "https://hooks.example.com/x", ${extra}}}`,
      headers: { "content-type": "application/json" },
    });
    expect(pointers(endpoint)).toEqual(inherited.map((k) => `unknown_field /webhook_endpoint/${k}`));
    expect(await t.db.gift.count()).toBe(before);
  });

  it("OPTIONS lists exactly the methods an endpoint serves", async () => {
    for (const [path, allow] of [
      ["/gifts", "GET, POST, OPTIONS"],
      [`/teams/${a.team.id}/gifts/gft_x`, "GET, PATCH, DELETE, OPTIONS"],
      ["/bulk/gifts", "POST, OPTIONS"],
      ["/teams", "GET, OPTIONS"],
      [`/gifts/gft_x/resend`, "POST, OPTIONS"],
    ] as const) {
      const res = await callApi("OPTIONS", path);
      expect(res.status).toBe(204);
      expect(res.headers.get("allow")).toBe(allow);
    }
  });

  it("GET /api/v1 itself is a JSON:API 404 that points at the reference", async () => {
    const res = await apiRoot.GET(new Request("http://localhost:3000/api/v1"));
    const body = await res.json();
    expect(res.status).toBe(404);
    expect(body.errors[0]).toMatchObject({
      code: "not_found",
      links: { about: "http://localhost:3000/docs#error-not_found" },
    });
    expect(body.errors[0].detail).toContain("/docs");
  });

  it("pagination links: self, first and next, never with the access token", async () => {
    for (let i = 0; i < 3; i++) await apiAs(a.tokens.live).post("/gifts", giftBody({ email: `page${i}@example.com` }));
    const first = await callApi("GET", `/teams/${a.team.id}/gifts?page[size]=1&access_token=${a.tokens.live}`);
    const base = `http://localhost:3000/api/v1/teams/${a.team.id}/gifts`;
    expect(first.body.links.self).toBe(`${base}?page%5Bsize%5D=1`);
    expect(first.body.links.first).toBe(`${base}?page%5Bsize%5D=1`);
    const next = new URL(first.body.links.next);
    const second = await apiAs(a.tokens.live).get(`${next.pathname.slice("/api/v1".length)}${next.search}`);
    expect(second.body.links.self).toBe(first.body.links.next);
    expect(second.body.links.first).toBe(first.body.links.first);
    expect(JSON.stringify([first.body.links, second.body.links])).not.toContain("access_token");
  });

  it("GET /api/v1/openapi.json serves the document without a token", async () => {
    const res = await openapi.GET(new Request("http://localhost:3000/api/v1/openapi.json"));
    expect(res.status).toBe(200);
    expect(res.headers.get("request-id")).toMatch(/^req_/);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/teams/{team_id}/gifts");
  });

  it("sort, include, fields and unknown query parameters are a 400 naming the parameter", async () => {
    for (const [query, parameter] of [
      ["sort=-created-at", "sort"],
      ["include=sender", "include"],
      ["fields[gifts]=stage", "fields[gifts]"],
      ["pagesize=5", "pagesize"],
    ]) {
      const e = expectError(await apiAs(a.tokens.live).get(`/gifts?${query}`), 400, "BadRequest");
      expect(e).toMatchObject({ code: "bad_request", source: { parameter } });
    }
    expect((await apiAs(a.tokens.live).get("/teams?access_token=ignored-because-the-header-wins")).status).toBe(200);
  });

  it("an unknown gift is a not_found error with the request id in meta", async () => {
    const e = expectError(await apiAs(a.tokens.live).get("/gifts/gft_missing"), 404, "NotFound");
    expect(e.code).toBe("not_found");
  });
});
