import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database/open";
import { openTestDatabase } from "@/lib/testing/test-database";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { untieToken } from "@/lib/untie";
import { GIFT_VIEW_SELECT } from "@/lib/gifts/view";
import { ValidationError } from "@/lib/errors";
import { outboxTransport, sendQueuedEmails } from "@/lib/outbox";
import { serializeGift } from "@/lib/representations/gift";
import { declineGift } from "./decline";
import { donateGift } from "./donate";
import { redeemGift, RedemptionRefused } from "./redeem";

let database: Database;
let owner: { teamId: string; senderId: string; senderEmail: string };
let product: { id: number };

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.prisma;
  const account = await createAccount(db);
  owner = { teamId: account.team.id, senderId: account.user.id, senderEmail: account.user.email };
  await insertGift(db, { teamId: owner.teamId, senderId: owner.senderId }); // seeds the catalogue and charities
  const first = await db.collection.findFirstOrThrow({ where: { global: true }, orderBy: { id: "asc" } });
  product = await db.product.findFirstOrThrow({ where: { collectionId: first.id, variants: { none: {} } } });
});
afterAll(() => database?.close());

async function chargedGift(stage: string, data: Record<string, unknown> = {}) {
  const db = database.prisma;
  const { teamId, senderId } = owner;
  const charge = await db.charge.create({
    data: { teamId, kind: "charge", amountCents: 2500, description: "Gift", cardLast4: "4242", actorVia: "token" },
  });
  return insertGift(db, { teamId, senderId, stage, priceCents: 2500, chargeId: charge.id, ...data });
}

const redeemRequest = (giftId: string) => ({
  secret: untieToken(giftId),
  productId: product.id,
  variantId: null,
  address: {
    fullName: "Kim Lee",
    line1: "1 Main Street",
    city: "Springfield",
    region: "IL",
    postalCode: "62701",
    country: "US",
    email: "kim@example.test",
  },
});

const rejection = async (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e,
  );

describe("donating a gift", () => {
  it("moves it to donated, records the charity and the value, refunds nothing, and queues both emails once", async () => {
    const db = database.prisma;
    const gift = await chargedGift("opened", { locale: "ja" });
    expect(await donateGift(db, { secret: untieToken(gift.id), charity: "clean-water-fund" })).toEqual({
      giftId: gift.id,
      charity: "clean-water-fund",
    });
    const row = await db.gift.findUniqueOrThrow({ where: { id: gift.id }, include: { donatedTo: true, events: true } });
    expect(row).toMatchObject({ stage: "donated", donatedCents: 2500, donatedTo: { slug: "clean-water-fund" } });
    expect(row.events.filter((e) => e.stage === "donated").map((e) => e.message)).toEqual([
      "Donated to Clean Water Fund",
    ]);
    expect(await db.charge.count({ where: { giftId: gift.id } })).toBe(0); // no refund
    await sendQueuedEmails(db, { transport: outboxTransport });
    const emails = await db.emailOutbox.findMany({ where: { giftId: gift.id }, orderBy: { id: "asc" } });
    expect(emails.map((e) => [e.kind, e.to, e.subject])).toEqual([
      ["gift-outcome", owner.senderEmail, "Robin Recipient donated your gift to Clean Water Fund"],
      // The recipient's confirmation names the charity in their language; the sender's and the API in English.
      ["outcome-confirmation", "robin@example.test", "The Teamからのギフトをきれいな水基金に寄付しました"],
    ]);
    expect(emails[0].text).toContain("$25.00");
    // The API's representation shows the stage and the charity.
    const attributes = serializeGift(
      await db.gift.findUniqueOrThrow({ where: { id: gift.id }, select: GIFT_VIEW_SELECT }),
      true,
    ).attributes;
    expect(attributes).toMatchObject({
      stage: "donated",
      charity: { id: "clean-water-fund", name: "Clean Water Fund", amount: "25.00" },
    });
  });

  it("of two tabs donating at once exactly one wins (to one charity, one event, one pair of emails)", async () => {
    const db = database.prisma;
    for (let i = 0; i < 3; i++) {
      const gift = await chargedGift("sent");
      const results = await Promise.allSettled([
        donateGift(db, { secret: untieToken(gift.id), charity: "clean-water-fund" }),
        donateGift(db, { secret: untieToken(gift.id), charity: "first-books" }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const loser = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(loser.reason).toBeInstanceOf(RedemptionRefused);
      expect(loser.reason.message).toBe("This gift was donated to a charity, so it can no longer be redeemed.");
      const winner = (results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ charity: string }>)
        .value;
      const row = await db.gift.findUniqueOrThrow({ where: { id: gift.id }, include: { donatedTo: true } });
      expect(row.donatedTo?.slug).toBe(winner.charity);
      expect(await db.giftEvent.count({ where: { giftId: gift.id, stage: "donated" } })).toBe(1);
      expect(await db.emailOutbox.count({ where: { giftId: gift.id } })).toBe(2);
    }
  });

  it("a donation racing a redemption and a decline: exactly one of the three wins", async () => {
    const db = database.prisma;
    for (let i = 0; i < 3; i++) {
      const gift = await chargedGift("opened");
      const secret = untieToken(gift.id);
      const results = await Promise.allSettled([
        donateGift(db, { secret, charity: "open-meadows" }),
        redeemGift(db, redeemRequest(gift.id)),
        declineGift(db, { secret }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(RedemptionRefused);
      const row = await db.gift.findUniqueOrThrow({ where: { id: gift.id }, include: { events: true } });
      expect(["donated", "redeemed", "declined"]).toContain(row.stage);
      expect(row.events.filter((e) => ["donated", "redeemed", "declined"].includes(e.stage))).toHaveLength(1);
      expect(row.donatedToCharityId !== null).toBe(row.stage === "donated");
      expect(await db.charge.count({ where: { giftId: gift.id, kind: "refund" } })).toBe(
        row.stage === "declined" ? 1 : 0,
      );
    }
  });

  it("refuses redeemed, cancelled, declined and donated gifts, changing nothing", async () => {
    const db = database.prisma;
    for (const [stage, message] of [
      ["redeemed", /already been redeemed/],
      ["cancelled", /cancelled this gift/],
      ["declined", /was declined/],
      ["donated", /donated to a charity/],
    ] as const) {
      const gift = await chargedGift(stage);
      const error = await rejection(donateGift(db, { secret: untieToken(gift.id), charity: "first-books" }));
      expect(error).toBeInstanceOf(RedemptionRefused);
      expect((error as Error).message).toMatch(message);
      expect(await db.gift.findUniqueOrThrow({ where: { id: gift.id } })).toMatchObject({
        stage,
        donatedToCharityId: null,
      });
      expect(await db.emailOutbox.count({ where: { giftId: gift.id } })).toBe(0);
    }
  });

  it("refuses an unknown, forged or missing charity in the page's language, changing nothing", async () => {
    const db = database.prisma;
    const gift = await chargedGift("opened");
    for (const charity of [
      "no-such-charity",
      "x".repeat(10_000),
      '\'; DROP TABLE "Charity"; --',
      null,
      42,
      ["first-books"],
    ]) {
      const error = await rejection(donateGift(db, { secret: untieToken(gift.id), charity }, { locale: "de" }));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).problems).toEqual([
        { pointer: "charity", detail: "Wählen Sie eine gemeinnützige Organisation" },
      ]);
    }
    expect((await db.gift.findUniqueOrThrow({ where: { id: gift.id } })).stage).toBe("opened");
    expect(await db.charity.count()).toBeGreaterThanOrEqual(3);
  });
});
