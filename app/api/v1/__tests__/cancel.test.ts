import { beforeAll, describe, expect, it } from "vitest";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { counts, expectError, giftBody, ISO_MS, openDatabaseForFile } from "./helpers";

const t = openDatabaseForFile();
let a: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  a = await createAccount(t.db);
});

describe("DELETE /teams/:team_id/gifts/:id", () => {
  it("cancels: stage cancelled, a second event, last-event-at moves, the charge is refunded", async () => {
    const created = await apiAs(a.tokens.live).post(`/teams/${a.team.id}/gifts`, giftBody());
    const id = created.body.data.id;
    const createdAt = created.body.data.attributes["last-event-at"];
    const before = await counts(t.db);
    await new Promise((r) => setTimeout(r, 5));
    const res = await apiAs(a.tokens.live).delete(`/teams/${a.team.id}/gifts/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const attrs = res.body.data.attributes;
    expect(res.body.data.id).toBe(id);
    expect(attrs.stage).toBe("cancelled");
    expect(attrs.events).toHaveLength(2);
    expect(attrs.events[0]).toEqual({
      type: "gift.scheduled",
      stage: "scheduled",
      message: null,
      "created-at": createdAt,
    });
    expect(attrs.events[1]).toMatchObject({
      type: "gift.cancelled",
      stage: "cancelled",
      "created-at": expect.stringMatching(ISO_MS),
    });
    expect(attrs["last-event-at"]).toBe(attrs.events[1]["created-at"]);
    expect(new Date(attrs["last-event-at"]).getTime()).toBeGreaterThan(new Date(createdAt).getTime());
    expect(res.body.included.map((r: { type: string }) => r.type).sort()).toEqual(["collections", "logos", "users"]);

    const after = await counts(t.db);
    expect(after.events - before.events).toBe(1);
    expect(after.charges - before.charges).toBe(1);
    expect(after.gifts).toBe(before.gifts);
    const row = await t.db.gift.findUniqueOrThrow({ where: { id }, include: { events: { orderBy: { id: "asc" } } } });
    expect(row.stage).toBe("cancelled");
    expect(row.events.map((e) => e.stage)).toEqual(["scheduled", "cancelled"]);
    expect(row.lastEventAt.toISOString()).toBe(attrs["last-event-at"]);
    const refund = await t.db.charge.findFirstOrThrow({ where: { giftId: id, kind: "refund" } });
    expect(refund).toMatchObject({ teamId: a.team.id, amountCents: -4800, refundOfId: row.chargeId });
    // GET shows the same.
    expect((await apiAs(a.tokens.live).get(`/gifts/${id}`)).body).toEqual(res.body);
  });

  it("cancels through the default-team route too, and gifts in sent, opened or failed", async () => {
    for (const stage of ["scheduled", "sent", "opened", "failed"]) {
      const gift = await insertGift(t.db, { teamId: a.team.id, senderId: a.user.id, stage });
      const res = await apiAs(a.tokens.live).delete(`/gifts/${gift.id}`);
      expect(res.status, `${stage}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data.attributes.stage).toBe("cancelled");
      // Paid for, as every live gift is: refunded once.
      expect(await t.db.charge.count({ where: { giftId: gift.id, kind: "refund" } })).toBe(1);
    }
  });

  it("is a 409 Conflict for a gift already cancelled, redeemed, shipped, delivered or expired — and changes nothing", async () => {
    const created = await apiAs(a.tokens.live).post("/gifts", giftBody());
    expect((await apiAs(a.tokens.live).delete(`/gifts/${created.body.data.id}`)).status).toBe(200);
    const ids = [created.body.data.id];
    for (const stage of ["redeemed", "shipped", "delivered", "expired"]) {
      ids.push((await insertGift(t.db, { teamId: a.team.id, senderId: a.user.id, stage })).id);
    }
    const before = await counts(t.db);
    for (const id of ids) {
      const row = await t.db.gift.findUniqueOrThrow({ where: { id } });
      const e = expectError(await apiAs(a.tokens.live).delete(`/teams/${a.team.id}/gifts/${id}`), 409, "Conflict");
      expect(e.detail).toContain(row.stage);
      const again = await t.db.gift.findUniqueOrThrow({ where: { id } });
      expect(again.stage).toBe(row.stage);
      expect(again.lastEventAt).toEqual(row.lastEventAt);
    }
    expect(await counts(t.db)).toEqual(before);
  });

  it("two concurrent cancels: one 200, one 409, one refund", async () => {
    const created = await apiAs(a.tokens.live).post("/gifts", giftBody());
    const id = created.body.data.id;
    const results = await Promise.all([
      apiAs(a.tokens.live).delete(`/gifts/${id}`),
      apiAs(a.tokens.live).delete(`/gifts/${id}`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await t.db.charge.count({ where: { giftId: id, kind: "refund" } })).toBe(1);
    expect(await t.db.giftEvent.count({ where: { giftId: id, stage: "cancelled" } })).toBe(1);
  });

  it("sandbox: cancels its own gift without a refund; another sandbox user gets 404", async () => {
    const b = await createAccount(t.db);
    const created = await apiAs(a.tokens.sandbox).post("/gifts", giftBody());
    const id = created.body.data.id;
    expectError(await apiAs(b.tokens.sandbox).delete(`/gifts/${id}`), 404, "NotFound");
    expectError(await apiAs(b.tokens.sandbox).delete(`/teams/sandbox/gifts/${id}`), 404, "NotFound");
    expect((await t.db.gift.findUniqueOrThrow({ where: { id } })).stage).toBe("scheduled");
    const before = await counts(t.db);
    const res = await apiAs(a.tokens.sandbox).delete(`/teams/sandbox/gifts/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.stage).toBe("cancelled");
    const after = await counts(t.db);
    expect(after.charges).toBe(before.charges);
    expect(after.events - before.events).toBe(1);
  });

  it("404 for unknown gifts and gifts of other teams; 403 across live/sandbox", async () => {
    const b = await createAccount(t.db);
    const theirs = await apiAs(b.tokens.live).post("/gifts", giftBody());
    expectError(await apiAs(a.tokens.live).delete(`/gifts/gft_1111111111111111111111`), 404, "NotFound");
    expectError(await apiAs(a.tokens.live).delete(`/teams/${a.team.id}/gifts/${theirs.body.data.id}`), 404, "NotFound");
    expectError(await apiAs(a.tokens.live).delete(`/teams/${b.team.id}/gifts/${theirs.body.data.id}`), 404, "NotFound");
    expectError(
      await apiAs(b.tokens.sandbox).delete(`/teams/${b.team.id}/gifts/${theirs.body.data.id}`),
      403,
      "Forbidden",
    );
    expectError(await apiAs(b.tokens.live).delete(`/teams/sandbox/gifts/${theirs.body.data.id}`), 403, "Forbidden");
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: theirs.body.data.id } })).stage).toBe("scheduled");
    expect(await t.db.charge.count({ where: { teamId: b.team.id, kind: "refund" } })).toBe(0);
  });
});
