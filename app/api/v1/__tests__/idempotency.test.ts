import { describe, expect, it } from "vitest";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { bulkBody, counts, expectError, expectValidation, giftBody, JSON_API, openDatabaseForFile } from "./helpers";

const t = openDatabaseForFile();
const key = (name: string) => ({ headers: { "Idempotency-Key": name } });

describe("Idempotency-Key on POST /gifts and /bulk/gifts", () => {
  it("same key + same body replays the first response with Idempotent-Replayed: true; nothing new is created", async () => {
    const a = await createAccount(t.db);
    const live = apiAs(a.tokens.live);
    const first = await live.post("/gifts", giftBody(), key("order-1"));
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const before = await counts(t.db);
    for (const path of ["/gifts", `/teams/${a.team.id}/gifts`]) {
      const again = await live.post(path, giftBody(), key("order-1"));
      expect(again.status).toBe(200);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.headers.get("content-type")).toBe(JSON_API);
      expect(again.body).toEqual(first.body);
    }
    expect(await counts(t.db)).toEqual(before);
    expect(await t.db.gift.count({ where: { teamId: a.team.id } })).toBe(1);
    expect(await t.db.charge.count({ where: { teamId: a.team.id } })).toBe(1);
  });

  it("same key + different body → 409 Conflict, nothing created; the first gift is still replayed", async () => {
    const a = await createAccount(t.db);
    const live = apiAs(a.tokens.live);
    const first = await live.post("/gifts", giftBody(), key("k-409"));
    const before = await counts(t.db);
    const e = expectError(await live.post("/gifts", giftBody({ name: "Someone Else" }), key("k-409")), 409, "Conflict");
    expect(e.detail).toContain("k-409");
    // The same key on the other create endpoint is another request too.
    expectError(await live.post("/bulk/gifts", bulkBody(1), key("k-409")), 409, "Conflict");
    expect(await counts(t.db)).toEqual(before);
    expect((await live.post("/gifts", giftBody(), key("k-409"))).body).toEqual(first.body);
  });

  it("the same body with its keys in another order is the same request", async () => {
    const a = await createAccount(t.db);
    const live = apiAs(a.tokens.live);
    const body = giftBody();
    const first = await live.post("/gifts", body, key("k-order"));
    const reordered = { gift: Object.fromEntries(Object.entries(body.gift).reverse()) };
    const again = await live.post("/gifts", reordered, key("k-order"));
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.data.id).toBe(first.body.data.id);
  });

  it("bulk: replays the whole list with one charge", async () => {
    const a = await createAccount(t.db);
    const live = apiAs(a.tokens.live);
    const first = await live.post("/bulk/gifts", bulkBody(4), key("bulk-1"));
    expect(first.status).toBe(200);
    const again = await live.post("/bulk/gifts", bulkBody(4), key("bulk-1"));
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await t.db.gift.count({ where: { teamId: a.team.id } })).toBe(4);
    expect(await t.db.charge.count({ where: { teamId: a.team.id } })).toBe(1);
  });

  it("keys belong to the credential owner: another user, or the same user's sandbox token, gets a new gift", async () => {
    const a = await createAccount(t.db);
    const b = await createAccount(t.db);
    const fromA = await apiAs(a.tokens.live).post("/gifts", giftBody(), key("shared-key"));
    const fromB = await apiAs(b.tokens.live).post("/gifts", giftBody(), key("shared-key"));
    const fromSandboxA = await apiAs(a.tokens.sandbox).post("/gifts", giftBody(), key("shared-key"));
    const fromSandboxB = await apiAs(b.tokens.sandbox).post("/gifts", giftBody(), key("shared-key"));
    const all = [fromA, fromB, fromSandboxA, fromSandboxB];
    for (const r of all) {
      expect(r.status).toBe(200);
      expect(r.headers.get("idempotent-replayed")).toBeNull();
    }
    expect(new Set(all.map((r) => r.body.data.id)).size).toBe(4);
    expect(fromB.body.data.attributes.team).toBe(b.team.id);
    expect(fromSandboxA.body.data.attributes.team).toBe("sandbox");
    expect(await t.db.idempotencyKey.count({ where: { key: "shared-key" } })).toBe(4);
    // A teammate doesn't share keys either.
    expect(
      (await apiAs(b.tokens.live).post("/gifts", giftBody(), key("shared-key"))).headers.get("idempotent-replayed"),
    ).toBe("true");
  });

  it("two concurrent requests with one key create one gift; both answer 200 with its id", async () => {
    for (const [path, body] of [
      ["/gifts", giftBody()],
      ["/bulk/gifts", bulkBody(3)],
    ] as const) {
      const a = await createAccount(t.db);
      const live = apiAs(a.tokens.live);
      const [r1, r2] = await Promise.all([live.post(path, body, key("race")), live.post(path, body, key("race"))]);
      expect([r1.status, r2.status], JSON.stringify([r1.body, r2.body]).slice(0, 500)).toEqual([200, 200]);
      const ids = (r: typeof r1) =>
        (Array.isArray(r.body.data) ? r.body.data : [r.body.data]).map((g: { id: string }) => g.id);
      expect(ids(r1)).toEqual(ids(r2));
      expect([r1, r2].filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(1);
      expect(await t.db.gift.count({ where: { teamId: a.team.id } })).toBe(ids(r1).length);
      expect(await t.db.charge.count({ where: { teamId: a.team.id } })).toBe(1);
      expect(await t.db.idempotencyKey.count({ where: { ownerKey: `${a.user.id}:live` } })).toBe(1);
    }
  });

  it("a failed request stores nothing: a retry with the same key (fixed body) succeeds", async () => {
    const a = await createAccount(t.db);
    const live = apiAs(a.tokens.live);
    expectValidation(await live.post("/gifts", giftBody({ email: "nope" }), key("retry-me")));
    expectValidation(await live.post("/gifts", { gift: [] }, key("retry-me")));
    expectError(
      await live.post("/gifts", undefined, { rawBody: "{oops", headers: { "Idempotency-Key": "retry-me" } }),
      400,
      "BadRequest",
    );
    expect(await t.db.idempotencyKey.count({ where: { key: "retry-me" } })).toBe(0);
    const ok = await live.post("/gifts", giftBody(), key("retry-me"));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("idempotent-replayed")).toBeNull();
    expect(await t.db.gift.count({ where: { teamId: a.team.id } })).toBe(1);
  });

  it("keys are kept 24 hours: an older key may be used again for a new request", async () => {
    const a = await createAccount(t.db);
    const live = apiAs(a.tokens.live);
    const first = await live.post("/gifts", giftBody(), key("daily"));
    const ownerKey = `${a.user.id}:live`;
    // 23 h later it still replays.
    await t.db.idempotencyKey.update({
      where: { ownerKey_key: { ownerKey, key: "daily" } },
      data: { createdAt: new Date(Date.now() - 23 * 3_600_000) },
    });
    expect((await live.post("/gifts", giftBody(), key("daily"))).body.data.id).toBe(first.body.data.id);
    // 24 h and a minute later it is forgotten: a different body is no conflict, and it creates a gift.
    await t.db.idempotencyKey.update({
      where: { ownerKey_key: { ownerKey, key: "daily" } },
      data: { createdAt: new Date(Date.now() - 24 * 3_600_000 - 60_000) },
    });
    const later = await live.post("/gifts", giftBody({ name: "Next Year" }), key("daily"));
    expect(later.status).toBe(200);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(later.body.data.id).not.toBe(first.body.data.id);
    expect(await t.db.gift.count({ where: { teamId: a.team.id } })).toBe(2);
    expect(await t.db.idempotencyKey.count({ where: { ownerKey, key: "daily" } })).toBe(1);
    // …and the new record replays from now on.
    expect((await live.post("/gifts", giftBody({ name: "Next Year" }), key("daily"))).body.data.id).toBe(
      later.body.data.id,
    );
  });

  it("rebuilds the response from the created gifts when it wasn't stored (crash after commit)", async () => {
    const a = await createAccount(t.db);
    const live = apiAs(a.tokens.live);
    const first = await live.post(
      "/gifts",
      giftBody({
        design_id: "thank-you",
        expires_on: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      }),
      key("lost-response"),
    );
    await t.db.idempotencyKey.updateMany({
      where: { key: "lost-response" },
      data: { responseBody: null, status: null },
    });
    const again = await live.post(
      "/gifts",
      giftBody({ design_id: "thank-you", expires_on: first.body.data.attributes["expires-on"] }),
      key("lost-response"),
    );
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
  });

  it("a key must be 1–255 visible ASCII characters", async () => {
    const a = await createAccount(t.db);
    const before = await counts(t.db);
    for (const bad of ["", "x".repeat(256), "has space", "tab\there", "ünïcode"]) {
      const res = await apiAs(a.tokens.live)
        .post("/gifts", giftBody(), { headers: { "Idempotency-Key": bad } })
        .catch((error: Error) => error);
      if (res instanceof Error) continue; // the Headers API itself refuses some values
      const e = expectError(res, 400, "BadRequest");
      expect(e.detail).toContain("Idempotency-Key");
    }
    expect(await counts(t.db)).toEqual(before);
    expect((await apiAs(a.tokens.live).post("/gifts", giftBody(), key("x".repeat(255)))).status).toBe(200);
  });
});
