import { beforeAll, describe, expect, it } from "vitest";
import { addMember } from "@/lib/teams";
import { apiAs } from "@/lib/testing/api-client";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { createPerson } from "@/lib/testing/teams";
import { formatMoney } from "@/lib/money";
import { bulkBody, expectError, expectValidation, giftBody, openDatabaseForFile } from "./helpers";

// Spend controls (issue "Spend controls", docs/api.md "Budgets"): a monthly budget and a per-gift
// limit per team, enforced in the charging transaction, race-safe, with refunds giving back.
const t = openDatabaseForFile();
let price: number;

beforeAll(async () => {
  const cat = await catalogue(t.db);
  price = (await t.db.collection.findFirstOrThrow({ where: { name: "Coffee Lovers", global: true } })).priceCents;
  expect(cat.collection).toBeTruthy();
});

const spent = async (teamId: string) =>
  (await t.db.charge.aggregate({ where: { teamId }, _sum: { amountCents: true } }))._sum.amountCents ?? 0;

describe("setting a budget", () => {
  it("owners set and clear it; everyone on the team reads it with this month's spend", async () => {
    const owner = await createAccount(t.db);
    const viewer = await createPerson(t.db);
    await addMember(t.db, owner.team.id, viewer.user.id, "viewer");
    const set = await apiAs(owner.tokens.live).patch(`/teams/${owner.team.id}/budget`, {
      budget: { monthly_limit: "500.00", per_gift_limit: "75" },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({
      type: "budgets",
      id: owner.team.id,
      attributes: {
        "monthly-limit": "500.00",
        "per-gift-limit": "75.00",
        spent: "0.00",
        remaining: "500.00",
        currency: "USD",
      },
    });
    await apiAs(owner.tokens.live).post("/gifts", giftBody());
    const read = await apiAs(viewer.tokens.live).get(`/teams/${owner.team.id}/budget`);
    expect(read.body.data.attributes).toMatchObject({
      spent: formatMoney(price),
      remaining: formatMoney(50_000 - price),
    });
    expect(read.body.data.attributes.period).toMatch(/^\d{4}-\d{2}$/);
    // A field left out keeps its value; null clears.
    const cleared = await apiAs(owner.tokens.live).patch("/budget", { budget: { monthly_limit: null } });
    expect(cleared.body.data.attributes).toMatchObject({
      "monthly-limit": null,
      "per-gift-limit": "75.00",
      remaining: null,
    });
  });

  it("is refused to members and viewers (403 owner_required) and in the sandbox, and bad values name their field", async () => {
    const owner = await createAccount(t.db);
    const member = await createPerson(t.db);
    await addMember(t.db, owner.team.id, member.user.id, "member");
    const body = { budget: { monthly_limit: "1.00" } };
    expect(
      expectError(await apiAs(member.tokens.live).patch(`/teams/${owner.team.id}/budget`, body), 403, "Forbidden").code,
    ).toBe("owner_required");
    expectError(await apiAs(owner.tokens.sandbox).patch("/budget", body), 403, "Forbidden");
    expect((await apiAs(owner.tokens.sandbox).get("/budget")).body.data.attributes).toMatchObject({
      "monthly-limit": null,
      spent: "0.00",
    });
    for (const [value, pointer] of [
      ["-1.00", "/budget/monthly_limit"],
      ["1.001", "/budget/monthly_limit"],
      ["99999999.00", "/budget/monthly_limit"],
      [{ nested: true }, "/budget/monthly_limit"],
      ["ten", "/budget/monthly_limit"],
    ] as const) {
      const res = await apiAs(owner.tokens.live).patch("/budget", { budget: { monthly_limit: value } });
      expect(expectValidation(res).map((e) => e.pointer)).toEqual([pointer]);
    }
    const unknown = await apiAs(owner.tokens.live).patch("/budget", { budget: { __proto__: "x", weekly: "1" } });
    expect(expectValidation(unknown).map((e) => e.pointer)).toContain("/budget/weekly");
    expectError(await apiAs(owner.tokens.live).patch("/budget", { limits: {} }), 400, "BadRequest");
    expect((await t.db.team.findUniqueOrThrow({ where: { id: owner.team.id } })).monthlyBudgetCents).toBeNull();
  });
});

describe("creating within the budget", () => {
  it("refuses the create that would pass the monthly budget (402 budget_exceeded, nothing written), the dry run says the same, and a refund gives budget back", async () => {
    const owner = await createAccount(t.db);
    const api = apiAs(owner.tokens.live);
    await api.patch("/budget", { budget: { monthly_limit: formatMoney(price * 2 + price / 2) } });
    const first = await api.post("/gifts", giftBody());
    expect((await api.post("/gifts", giftBody())).status).toBe(200);
    const gifts = await t.db.gift.count({ where: { teamId: owner.team.id } });

    const refused = expectError(await api.post("/gifts", giftBody()), 402, "Payment Required");
    expect(refused.code).toBe("budget_exceeded");
    expect(refused.meta).toMatchObject({ spent: formatMoney(price * 2), requested: formatMoney(price) });
    const dry = expectError(await api.post("/gifts?dry_run=true", giftBody()), 402, "Payment Required");
    expect(dry.code).toBe("budget_exceeded");
    const bulk = expectError(await api.post("/bulk/gifts", bulkBody(1)), 402, "Payment Required");
    expect(bulk.code).toBe("budget_exceeded");
    expect(await t.db.gift.count({ where: { teamId: owner.team.id } })).toBe(gifts);
    expect(await spent(owner.team.id)).toBe(price * 2);

    expect((await api.delete(`/gifts/${first.body.data.id}`)).status).toBe(200); // refund
    const quote = await api.post("/gifts?dry_run=true", giftBody());
    expect(quote.body.meta.price.budget).toMatchObject({
      spent: formatMoney(price),
      "remaining-after": formatMoney(price / 2),
    });
    expect((await api.post("/gifts", giftBody())).status).toBe(200);
  });

  it("refuses a gift dearer than the per-gift limit (402 per_gift_limit_exceeded), single, bulk and dry run", async () => {
    const owner = await createAccount(t.db);
    const api = apiAs(owner.tokens.live);
    await api.patch("/budget", { budget: { per_gift_limit: formatMoney(price - 1) } });
    for (const res of [
      await api.post("/gifts", giftBody()),
      await api.post("/gifts?dry_run=true", giftBody()),
      await api.post("/bulk/gifts", bulkBody(3)),
    ])
      expect(expectError(res, 402, "Payment Required").code).toBe("per_gift_limit_exceeded");
    expect(await spent(owner.team.id)).toBe(0);
    // The sandbox is never charged: no limit applies.
    expect((await apiAs(owner.tokens.sandbox).post("/gifts", giftBody())).status).toBe(200);
  });

  it("holds under 50 concurrent creates near the limit: exactly the budget's worth succeed", async () => {
    const owner = await createAccount(t.db);
    const api = apiAs(owner.tokens.live);
    await api.patch("/budget", { budget: { monthly_limit: formatMoney(price * 10) } });
    const results = await Promise.all(Array.from({ length: 50 }, () => api.post("/gifts", giftBody())));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(40);
    expect(await spent(owner.team.id)).toBe(price * 10);
    expect(await t.db.gift.count({ where: { teamId: owner.team.id } })).toBe(10);
  });
});
