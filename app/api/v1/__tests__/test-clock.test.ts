import { describe, expect, it } from "vitest";
import * as R from "@/lib/api/openapi/resources";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { MAX_BATCH_ADVANCE } from "@/lib/simulation/test-clock";
import { bulkBody, expectError, expectValidation, giftBody, openDatabaseForFile } from "./helpers";

// Issue 23 "A clock for the sandbox": POST /gifts/:id/simulate {"advance": …} fires what would
// have happened (the send, reminders, expiry) in time order, through the jobs' own functions.
const t = openDatabaseForFile();
const DAY = 86_400_000;
const dayAfter = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const types = (fired: { type: string }[]) => fired.map((f) => f.type);

async function sandboxGift(over: Record<string, unknown> = {}) {
  const { tokens } = await createAccount(t.db);
  const api = apiAs(tokens.sandbox);
  const created = await api.post("/gifts", giftBody(over));
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { api, tokens, id: created.body.data.id as string };
}

describe("advancing a sandbox gift's clock", () => {
  it("fires the send, the latest reminder due and the expiry in order, as live, emails in the outbox", async () => {
    const { api, id } = await sandboxGift({ reminders: ["P3D", "P7D", "-P2D"], expires_on: dayAfter(20) });
    // Sent 5 minutes after its creation (the default), so its second reminder is due on day 7 and 5 minutes.
    // Both reminders fall in the advance: as the live job does with overdue ones, only the latest goes.
    const first = await api.post(`/gifts/${id}/simulate`, { advance: "P8D" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(R.SimulationDocument.safeParse(first.body).error?.issues).toBeUndefined();
    expect(types(first.body.meta.fired)).toEqual(["gift.sent", "gift.reminded"]);
    const [sent, r2] = first.body.meta.fired.map((f: { at: string }) => Date.parse(f.at));
    expect(r2 - sent).toBe(7 * DAY);
    expect(first.body.data.attributes).toMatchObject({ stage: "sent", "reminders-sent": 2 });
    const clock = Date.parse(first.body.data.attributes["test-clock"]);
    expect(Math.abs(clock - (Date.now() + 8 * DAY))).toBeLessThan(60_000);
    // Nothing more until the clock moves again; then the last reminder and the expiry.
    const second = await api.post(`/gifts/${id}/simulate`, { advance: "P30D" });
    expect(types(second.body.meta.fired)).toEqual(["gift.reminded", "gift.expired"]);
    expect(second.body.data.attributes.stage).toBe("expired");
    expect(types(second.body.data.attributes.events)).toEqual([
      "gift.scheduled",
      "gift.sent",
      "gift.reminded",
      "gift.reminded",
      "gift.expired",
    ]);
    const third = await api.post(`/gifts/${id}/simulate`, { advance: "P90D" });
    expect(third.body.meta.fired).toEqual([]);
    // The sandbox's emails go to the outbox only: the gift email and two reminders, suppressed.
    const emails = await t.db.emailOutbox.findMany({ where: { giftId: id }, orderBy: { id: "asc" } });
    expect(emails.map((e) => [e.kind, e.status])).toEqual([
      ["gift", "suppressed"],
      ["reminder", "suppressed"],
      ["reminder", "suppressed"],
    ]);
    expect(emails[1].subject).toBe("Reminder: Alex at Acme sent you a gift");
  });

  it("stops reminders once the gift is chosen", async () => {
    const { api, id } = await sandboxGift({ reminders: ["P3D", "P7D"] });
    expect(types((await api.post(`/gifts/${id}/simulate`, { advance: "P4D" })).body.meta.fired)).toEqual([
      "gift.sent",
      "gift.reminded",
    ]);
    const redeemed = (await api.post(`/gifts/${id}/simulate`, { stage: "redeemed" })).body.data.attributes;
    // Dated at the gift's clock, not the real time: its history stays in time order.
    const events = redeemed.events as { type: string; "created-at": string }[];
    expect(types(events)).toEqual(["gift.scheduled", "gift.sent", "gift.reminded", "gift.redeemed"]);
    expect(events.at(-1)!["created-at"]).toBe(redeemed["test-clock"]);
    const times = events.map((e) => Date.parse(e["created-at"]));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect((await api.post(`/gifts/${id}/simulate`, { advance: "P30D" })).body.meta.fired).toEqual([]);
  });

  it("two advances of one gift at once run one after the other: each reminder at most once", async () => {
    const { api, id } = await sandboxGift({ reminders: ["P3D", "P7D", "P10D"] });
    const [a, b] = await Promise.all([
      api.post(`/gifts/${id}/simulate`, { advance: "P7D" }),
      api.post(`/gifts/${id}/simulate`, { advance: "P7D" }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // The first to day 7: the send and the day-3 reminder; the second to day 14: the day-7 and
    // day-10 reminders are both due, and only the latest goes.
    expect([...types(a.body.meta.fired), ...types(b.body.meta.fired)].sort()).toEqual([
      "gift.reminded",
      "gift.reminded",
      "gift.sent",
    ]);
    const reminded = await t.db.giftEvent.findMany({
      where: { giftId: id, action: "reminded" },
      orderBy: { id: "asc" },
    });
    expect(reminded.map((e) => e.message)).toEqual(["Reminder 1 of 3", "Reminder 3 of 3"]);
    expect(await t.db.emailOutbox.count({ where: { giftId: id, kind: "reminder" } })).toBe(2);
    const gift = await t.db.gift.findUniqueOrThrow({ where: { id } });
    expect(gift.clockLeaseUntil).toBeNull();
    expect(Math.abs(gift.clockAt!.getTime() - (Date.now() + 14 * DAY))).toBeLessThan(60_000);
  });

  it("a batch advance moves every gift of the batch", async () => {
    const { tokens } = await createAccount(t.db);
    const api = apiAs(tokens.sandbox);
    const created = await api.post("/bulk/gifts", bulkBody(3, { reminders: ["P3D"] }));
    const [first] = created.body.data;
    const res = await api.post(`/gifts/${first.id}/simulate`, { advance: "P4D", batch: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(types(res.body.meta.fired).sort()).toEqual([
      ...Array(3).fill("gift.reminded"),
      ...Array(3).fill("gift.sent"),
    ]);
    expect(new Set(res.body.meta.fired.map((f: { gift: string }) => f.gift)).size).toBe(3);
    const alone = await sandboxGift();
    const refused = await alone.api.post(`/gifts/${alone.id}/simulate`, { advance: "P1D", batch: true });
    expect(expectError(refused, 409, "Conflict").code).toBe("not_in_batch");
  });

  // Issue 30: 12 gifts × 16 reminders took 11 s, 20 gifts 45 s, each reminder fired and its email
  // rendered one by one. Now each gift's overdue reminders are one, and sandbox emails are rendered
  // when viewed.
  it("a P90D batch advance of 20 gifts × 16 reminders: per gift the send, one reminder (the last) and the expiry", async () => {
    const { tokens } = await createAccount(t.db);
    const api = apiAs(tokens.sandbox);
    const reminders = Array.from({ length: 16 }, (_, i) => `P${i + 1}D`);
    const created = await api.post(
      "/bulk/gifts",
      bulkBody(20, { reminders }, () => ({ expires_on: dayAfter(80) })),
    );
    expect(created.status, JSON.stringify(created.body).slice(0, 500)).toBe(200);
    const ids: string[] = created.body.data.map((g: { id: string }) => g.id);
    const res = await api.post(`/gifts/${ids[0]}/simulate`, { advance: "P90D", batch: true });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    const fired = res.body.meta.fired as { gift: string; type: string; at: string }[];
    expect(fired).toHaveLength(60);
    for (const id of ids) {
      const own = fired.filter((f) => f.gift === id);
      expect(types(own)).toEqual(["gift.sent", "gift.reminded", "gift.expired"]);
      const [sent, reminded] = own.map((f) => Date.parse(f.at));
      expect(reminded - sent).toBe(16 * DAY);
    }
    const events = await t.db.giftEvent.findMany({ where: { giftId: { in: ids }, action: "reminded" } });
    expect(new Set(events.map((e) => e.message))).toEqual(new Set(["Reminder 16 of 16"]));
    const gifts = await t.db.gift.findMany({ where: { id: { in: ids } } });
    expect(gifts.map((g) => [g.stage, g.remindersSent])).toEqual(Array(20).fill(["expired", 16]));
    // One reminder email per gift, kept suppressed with its subject; no body rendered during the advance.
    const emails = await t.db.emailOutbox.findMany({ where: { giftId: { in: ids }, kind: "reminder" } });
    expect(emails).toHaveLength(20);
    for (const e of emails) expect(e).toMatchObject({ status: "suppressed", html: "", text: "" });
    expect(emails[0].subject).toMatch(/^Reminder: /);
  }, 300_000);

  it(`refuses a batch advance of more than ${MAX_BATCH_ADVANCE} gifts (batch_too_large), moving no clock`, async () => {
    const { tokens } = await createAccount(t.db);
    const api = apiAs(tokens.sandbox);
    const created = await api.post("/bulk/gifts", bulkBody(MAX_BATCH_ADVANCE + 1));
    expect(created.status).toBe(200);
    const res = await api.post(`/gifts/${created.body.data[0].id}/simulate`, { advance: "P1D", batch: true });
    expect(expectError(res, 409, "Conflict").code).toBe("batch_too_large");
    const ids = created.body.data.map((g: { id: string }) => g.id);
    expect(await t.db.gift.count({ where: { id: { in: ids }, clockAt: { not: null } } })).toBe(0);
  });

  it("is refused on live gifts with livemode_gift, and for malformed advances", async () => {
    const { tokens } = await createAccount(t.db);
    const live = await apiAs(tokens.live).post("/gifts", giftBody());
    const refused = await apiAs(tokens.live).post(`/gifts/${live.body.data.id}/simulate`, { advance: "P1D" });
    expect(expectError(refused, 403, "Forbidden").code).toBe("livemode_gift");
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: live.body.data.id } })).clockAt).toBeNull();

    const { api, id } = await sandboxGift();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ advance: "P91D" }, "/advance", "out_of_range"],
      [{ advance: "P13W" }, "/advance", "out_of_range"],
      [{ advance: "-P1D" }, "/advance", "invalid_duration"],
      [{ advance: "P1Y" }, "/advance", "invalid_duration"],
      [{ advance: "P1M" }, "/advance", "invalid_duration"],
      [{ advance: "P0D" }, "/advance", "invalid_duration"],
      [{ advance: "7 days" }, "/advance", "invalid_duration"],
      [{ advance: 7 }, "/advance", "invalid_duration"],
      [{ advance: null }, "/advance", "invalid_duration"],
      [{ advance: "P".padEnd(10_000, "9") + "D" }, "/advance", "invalid_duration"],
      [{ advance: "P1D", stage: "sent" }, "/stage", "conflicting_fields"],
      [{ advance: "P1D", batch: "yes" }, "/batch", "not_a_boolean"],
      [{ advance: "P1D", when: "now" }, "/when", "unknown_field"],
    ];
    for (const [body, pointer, code] of cases)
      expect(
        expectValidation(await api.post(`/gifts/${id}/simulate`, body)),
        JSON.stringify(body).slice(0, 80),
      ).toContainEqual(expect.objectContaining({ pointer, code }));
    expect((await t.db.gift.findUniqueOrThrow({ where: { id } })).clockAt).toBeNull();
  });
});
