import { describe, expect, it } from "vitest";
import { setCard } from "@/lib/billing";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { bulkBody, counts, expectError, expectValidation, giftBody, openDatabaseForFile } from "./helpers";

const t = openDatabaseForFile();
const DECLINING = "4000000000000002";

describe("charges (live only)", () => {
  it("a live gift charges the collection price to the team's card, in the team's ledger", async () => {
    const a = await createAccount(t.db);
    const b = await createAccount(t.db);
    const tea = await t.db.collection.findFirstOrThrow({ where: { name: "Tea Time" } });
    const res = await apiAs(a.tokens.live).post("/gifts", giftBody({ collection: "Tea Time" }));
    expect(res.status).toBe(200);
    const charges = await t.db.charge.findMany({ where: { teamId: a.team.id } });
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      kind: "charge",
      amountCents: tea.priceCents,
      currency: "usd",
      cardLast4: "4242",
      refundOfId: null,
    });
    const gift = await t.db.gift.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(gift).toMatchObject({ chargeId: charges[0].id, priceCents: tea.priceCents, livemode: true });
    // Another team's ledger is its own.
    expect(await t.db.charge.count({ where: { teamId: b.team.id } })).toBe(0);
    await apiAs(b.tokens.live).post("/gifts", giftBody());
    expect(await t.db.charge.count({ where: { teamId: b.team.id } })).toBe(1);
    expect(await t.db.charge.count({ where: { teamId: a.team.id } })).toBe(1);
  });

  it("a live bulk request is one charge of price × recipients", async () => {
    const a = await createAccount(t.db);
    const res = await apiAs(a.tokens.live).post(
      "/bulk/gifts",
      bulkBody(7, { collection: String(t.cat.collection.id) }),
    );
    expect(res.status).toBe(200);
    const charges = await t.db.charge.findMany({ where: { teamId: a.team.id } });
    expect(charges).toHaveLength(1);
    expect(charges[0].amountCents).toBe(t.cat.collection.priceCents * 7);
    const gifts = await t.db.gift.findMany({ where: { teamId: a.team.id } });
    expect(gifts).toHaveLength(7);
    expect(gifts.every((g) => g.chargeId === charges[0].id && g.priceCents === t.cat.collection.priceCents)).toBe(true);
  });

  it("sandbox never charges, even when the user's live card declines or is missing", async () => {
    for (const card of [DECLINING, null]) {
      const a = await createAccount(t.db, { card });
      const before = await counts(t.db);
      expect((await apiAs(a.tokens.sandbox).post("/gifts", giftBody())).status).toBe(200);
      expect((await apiAs(a.tokens.sandbox).post("/bulk/gifts", bulkBody(3))).status).toBe(200);
      const after = await counts(t.db);
      expect(after.gifts - before.gifts).toBe(4);
      expect(after.charges).toBe(before.charges);
    }
  });
});

describe("BillingError", () => {
  it("a declined card → 400 BillingError 'Your card was declined.'; no gift, event, charge, message or key", async () => {
    const a = await createAccount(t.db, { card: DECLINING });
    const before = await counts(t.db);
    for (const [path, body] of [
      ["/gifts", giftBody()],
      ["/bulk/gifts", bulkBody(5)],
    ] as const) {
      const res = await apiAs(a.tokens.live).post(path, body, { headers: { "Idempotency-Key": `declined-${path}` } });
      const e = expectError(res, 400, "BillingError");
      expect(e).toEqual({
        title: "BillingError",
        status: 400,
        detail: "Your card was declined.",
        code: "card_declined",
        links: { about: "http://localhost:3000/docs#error-card_declined" },
      });
    }
    expect(await counts(t.db)).toEqual(before);
    // A working card afterwards: the same request (and key) now succeeds.
    await setCard(t.db, { teamId: a.team.id, number: "4242424242424242" });
    const ok = await apiAs(a.tokens.live).post("/gifts", giftBody(), {
      headers: { "Idempotency-Key": "declined-/gifts" },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("idempotent-replayed")).toBeNull();
    expect(await t.db.charge.count({ where: { teamId: a.team.id } })).toBe(1);
  });

  it("a team with no card on file → BillingError 'This team has no card on file.' and nothing created", async () => {
    const a = await createAccount(t.db, { card: null });
    const before = await counts(t.db);
    const e = expectError(await apiAs(a.tokens.live).post("/gifts", giftBody()), 400, "BillingError");
    expect(e.detail).toBe("This team has no card on file.");
    expectError(await apiAs(a.tokens.live).post("/bulk/gifts", bulkBody(2)), 400, "BillingError");
    expect(await counts(t.db)).toEqual(before);
  });

  it("validation problems are reported before the card is tried", async () => {
    const a = await createAccount(t.db, { card: DECLINING });
    const problems = expectValidation(await apiAs(a.tokens.live).post("/gifts", giftBody({ from: "" })));
    expect(problems).toEqual([{ pointer: "/gift/from", detail: "From can't be blank", code: "blank" }]);
  });

  it("a bulk request with one bad recipient doesn't charge a good card", async () => {
    const a = await createAccount(t.db);
    const before = await counts(t.db);
    expectValidation(
      await apiAs(a.tokens.live).post(
        "/bulk/gifts",
        bulkBody(3, {}, (i) => (i === 2 ? { name: "" } : {})),
      ),
    );
    expect(await counts(t.db)).toEqual(before);
  });
});

describe("refunds", () => {
  it("cancelling a live gift writes a refund row; the ledger nets to the remaining gifts", async () => {
    const a = await createAccount(t.db);
    const bulk = await apiAs(a.tokens.live).post("/bulk/gifts", bulkBody(3));
    const [g0, g1] = bulk.body.data as { id: string }[];
    const charge = await t.db.charge.findFirstOrThrow({ where: { teamId: a.team.id, kind: "charge" } });
    for (const g of [g0, g1]) expect((await apiAs(a.tokens.live).delete(`/gifts/${g.id}`)).status).toBe(200);
    const refunds = await t.db.charge.findMany({
      where: { teamId: a.team.id, kind: "refund" },
      orderBy: { id: "asc" },
    });
    expect(refunds).toEqual([
      expect.objectContaining({
        amountCents: -t.cat.collection.priceCents,
        refundOfId: charge.id,
        giftId: g0.id,
        cardLast4: "4242",
      }),
      expect.objectContaining({
        amountCents: -t.cat.collection.priceCents,
        refundOfId: charge.id,
        giftId: g1.id,
        cardLast4: "4242",
      }),
    ]);
    const net = await t.db.charge.aggregate({ where: { teamId: a.team.id }, _sum: { amountCents: true } });
    expect(net._sum.amountCents).toBe(t.cat.collection.priceCents);
  });
});
