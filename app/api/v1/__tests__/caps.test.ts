import { beforeAll, describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/errors";
import { formatMoney } from "@/lib/money";
import { createDeveloperTokens, setLiveTokenCaps, verifyToken } from "@/lib/tokens";
import { apiAs } from "@/lib/testing/api-client";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { bulkBody, expectError, giftBody, openDatabaseForFile } from "./helpers";

// Caps per credential (issue "Spend controls", docs/api.md "Caps per credential"): a live
// token may carry per-gift, daily and monthly caps and allowed collections, checked in the
// charging transaction.
const t = openDatabaseForFile();
let price: number;
let coffee: number;
let otherName: string;
let other: number;

beforeAll(async () => {
  await catalogue(t.db);
  const coffeeLovers = await t.db.collection.findFirstOrThrow({ where: { name: "Coffee Lovers", global: true } });
  price = coffeeLovers.priceCents;
  coffee = coffeeLovers.id;
  const otherCollection = await t.db.collection.findFirstOrThrow({ where: { global: true, id: { not: coffee } } });
  other = otherCollection.id;
  otherName = otherCollection.name;
});

const spentBy = async (token: string) => {
  const check = await verifyToken(t.db, token);
  if (check.status !== "valid") throw new Error(check.status);
  const charges = await t.db.charge.findMany({ where: { actorVia: "token", credentialId: check.caller.credentialId } });
  return charges.reduce((sum, c) => sum + c.amountCents, 0);
};

describe("caps on a developer token", () => {
  it("refuse a gift over the per-gift cap and a collection not allowed, in the real call, the dry run and bulk; nothing is charged", async () => {
    const owner = await createAccount(t.db);
    const api = apiAs(owner.tokens.live);
    await setLiveTokenCaps(t.db, owner.user.id, { perGift: formatMoney(price - 1) });
    for (const res of [
      await api.post("/gifts", giftBody()),
      await api.post("/gifts?dry_run=true", giftBody()),
      await api.post("/bulk/gifts", bulkBody(2)),
    ]) {
      const error = expectError(res, 402, "Payment Required");
      expect(error.code).toBe("cap_per_gift_exceeded");
      expect(error.detail).toContain(`up to ${formatMoney(price - 1)} per gift`);
      expect(error.meta).toMatchObject({ cap: "per_gift" });
    }

    await setLiveTokenCaps(t.db, owner.user.id, { collections: [String(other)] });
    const refused = expectError(await api.post("/gifts", giftBody()), 403, "Forbidden");
    expect(refused.code).toBe("collection_not_allowed");
    expect(refused.meta).toMatchObject({
      cap: "collections",
      "refused-collections": [String(coffee)],
      "allowed-collections": [String(other)],
    });
    // Named as the consent screen names them (describeCaps: "only from …"), ids in meta.
    expect(refused.detail).toBe(
      `This token may not send from Coffee Lovers: it may send only from ${otherName}. Nothing was created or charged.`,
    );
    expect(await spentBy(owner.tokens.live)).toBe(0);
    expect(await t.db.gift.count({ where: { teamId: owner.team.id } })).toBe(0);

    await setLiveTokenCaps(t.db, owner.user.id, { collections: [String(coffee), String(other)] });
    expect((await api.post("/gifts", giftBody())).status).toBe(200);
    // The sandbox token spends nothing and carries no caps.
    expect((await apiAs(owner.tokens.sandbox).post("/gifts", giftBody())).status).toBe(200);
  });

  it("refuse spend past the daily cap (402 cap_daily_exceeded); the dry run shows what is left; a refund gives it back", async () => {
    const owner = await createAccount(t.db);
    const api = apiAs(owner.tokens.live);
    await setLiveTokenCaps(t.db, owner.user.id, { daily: formatMoney(price * 2), monthly: formatMoney(price * 10) });
    const first = await api.post("/gifts", giftBody());
    const quote = await api.post("/gifts?dry_run=true", giftBody());
    expect(quote.body.meta.price.caps).toMatchObject({
      daily: formatMoney(price * 2),
      monthly: formatMoney(price * 10),
      "spent-today": formatMoney(price),
      "remaining-today-after": "0.00",
    });
    expect((await api.post("/gifts", giftBody())).status).toBe(200);
    const refused = expectError(await api.post("/gifts", giftBody()), 402, "Payment Required");
    expect(refused.code).toBe("cap_daily_exceeded");
    expect(refused.detail).toContain(`up to ${formatMoney(price * 2)} a day`);
    expect(refused.meta).toMatchObject({ cap: "daily", spent: formatMoney(price * 2), remaining: "0.00" });
    expect(expectError(await api.post("/gifts?dry_run=true", giftBody()), 402, "Payment Required").code).toBe(
      "cap_daily_exceeded",
    );

    expect((await api.delete(`/gifts/${first.body.data.id}`)).status).toBe(200);
    expect((await api.post("/gifts", giftBody())).status).toBe(200);
    expect(await spentBy(owner.tokens.live)).toBe(price * 3 - price);
  });

  it("refuse spend past the monthly cap, bulk included (402 cap_monthly_exceeded)", async () => {
    const owner = await createAccount(t.db);
    const api = apiAs(owner.tokens.live);
    await setLiveTokenCaps(t.db, owner.user.id, { monthly: formatMoney(price * 3) });
    expect((await api.post("/bulk/gifts", bulkBody(3))).status).toBe(200);
    const refused = expectError(await api.post("/gifts", giftBody()), 402, "Payment Required");
    expect(refused.code).toBe("cap_monthly_exceeded");
    expect(refused.meta).toMatchObject({ cap: "monthly", limit: formatMoney(price * 3) });
  });

  it("hold under 30 concurrent creates near the daily cap: exactly the cap's worth succeed", async () => {
    const owner = await createAccount(t.db);
    const api = apiAs(owner.tokens.live);
    await setLiveTokenCaps(t.db, owner.user.id, { daily: formatMoney(price * 5) });
    const results = await Promise.all(Array.from({ length: 30 }, () => api.post("/gifts", giftBody())));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(25);
    expect(await spentBy(owner.tokens.live)).toBe(price * 5);
  });

  it("are set only with valid values and the person's own collections, and survive a roll", async () => {
    const owner = await createAccount(t.db);
    const stranger = await createAccount(t.db, { teamName: "Stranger Co" });
    const theirs = await t.db.collection.create({
      data: {
        slug: `stranger-${stranger.team.id}`,
        name: "Stranger's own",
        description: "Theirs",
        imageUrl: "/x.png",
        teamId: stranger.team.id,
        priceCents: 1000,
        global: false,
      },
    });
    for (const [input, pointer] of [
      [{ perGift: "-5" }, "cap_per_gift"],
      [{ daily: "1.001" }, "cap_daily"],
      [{ monthly: "x".repeat(10_000) }, "cap_monthly"],
      [{ daily: { $gt: 0 } }, "cap_daily"],
      [{ collections: [String(theirs.id)] }, "cap_collections"],
      [{ collections: ["1; DROP TABLE"] }, "cap_collections"],
      [{ collections: Array.from({ length: 51 }, (_, i) => String(i + 1)) }, "cap_collections"],
    ] as const) {
      const error = await setLiveTokenCaps(t.db, owner.user.id, input).catch((e) => e);
      expect(error, JSON.stringify(input).slice(0, 80)).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).problems.map((p) => p.pointer)).toEqual([pointer]);
    }
    expect((await t.db.apiToken.findFirstOrThrow({ where: { userId: owner.user.id, mode: "live" } })).caps).toBeNull();

    await setLiveTokenCaps(t.db, owner.user.id, { daily: "100", collections: [String(coffee)] });
    const rolled = await t.db.$transaction((tx) => createDeveloperTokens(tx, owner.user.id));
    const fresh = await t.db.apiToken.findMany({ where: { userId: owner.user.id, revokedAt: null } });
    expect(fresh.find((r) => r.mode === "live")?.caps).toMatchObject({ dailyCents: 10_000, collectionIds: [coffee] });
    expect(fresh.find((r) => r.mode === "sandbox")?.caps).toBeNull();
    const refused = expectError(
      await apiAs(rolled.live).post("/gifts", giftBody({ collection: String(other) })),
      403,
      "Forbidden",
    );
    expect(refused.code).toBe("collection_not_allowed");
  });
});
