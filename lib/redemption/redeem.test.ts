import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database/open";
import { openTestDatabase } from "@/lib/testing/test-database";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { cancelGift } from "@/lib/gifts";
import { untieToken } from "@/lib/untie";
import { ValidationError } from "@/lib/errors";
import type { Caller } from "@/lib/tokens";
import { outboxTransport, sendQueuedEmails } from "@/lib/outbox";
import { redeemGift, RedemptionRefused, type RedeemRequest } from "./redeem";
import { catalogueIn } from "@/lib/catalogue/localized";

let database: Database;
let owner: { teamId: string; senderId: string };
let caller: Caller;
let team: { id: string; name: string };
let products: {
  plain: { id: number };
  withVariants: { id: number; variants: { id: number }[] };
  otherCollection: { id: number };
  otherVariant: { id: number };
};

const address = {
  fullName: "Kim Lee",
  line1: "1 Main Street",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
  country: "US",
  email: "kim@example.test",
};

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.prisma;
  const account = await createAccount(db);
  owner = { teamId: account.team.id, senderId: account.user.id };
  team = account.team;
  caller = { user: account.user, mode: "live", via: "token" } as unknown as Caller;
  await insertGift(db, owner); // seeds the catalogue
  const first = await db.collection.findFirstOrThrow({ where: { global: true }, orderBy: { id: "asc" } });
  const inFirst = await db.product.findMany({
    where: { collectionId: first.id },
    include: { variants: true },
    orderBy: { position: "asc" },
  });
  const other = await db.product.findFirstOrThrow({
    where: { collectionId: { not: first.id }, variants: { some: {} } },
    include: { variants: true },
  });
  products = {
    plain: inFirst.find((p) => p.variants.length === 0)!,
    withVariants: inFirst.find((p) => p.variants.length > 0)!,
    otherCollection: other,
    otherVariant: other.variants[0],
  };
});
afterAll(() => database?.close());

const linkGift = (data: Record<string, unknown> = {}) =>
  insertGift(database.prisma, { ...owner, deliveryMethod: "link", email: null, scheduledAt: null, ...data });
const request = (giftId: string, overrides: Partial<RedeemRequest> = {}): RedeemRequest => ({
  secret: untieToken(giftId),
  productId: products.withVariants.id,
  variantId: products.withVariants.variants[1].id,
  address,
  thankYouNote: "Thank you so much!",
  ...overrides,
});
const refusedWith = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RedemptionRefused);
  return (error as Error).message;
};
const problems = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return Object.fromEntries((error as ValidationError).problems.map((p) => [p.pointer, p.detail]));
};

/** The token with its last character changed (to a different one: "A" may already be it). */
const tampered = (token: string) => token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");

describe("redeemGift in the recipient's language", () => {
  it("answers in the page's locale; the gift's locale picks the confirmation's language, the sender's thank-you stays English", async () => {
    const db = database.prisma;
    const gift = await linkGift({ locale: "fr" });
    expect(
      await problems(redeemGift(db, request(gift.id, { productId: products.otherCollection.id }), { locale: "de" })),
    ).toEqual({
      productId: "Bitte wählen Sie eines der angezeigten Geschenke",
    });
    await redeemGift(db, request(gift.id), { locale: "ja" });
    expect(await refusedWith(redeemGift(db, request(gift.id), { locale: "es" }))).toBe(
      "Este regalo ya se ha canjeado.",
    );
    await sendQueuedEmails(db, { transport: outboxTransport });
    const [confirmation, thanks] = await db.emailOutbox.findMany({
      where: { giftId: gift.id },
      orderBy: { id: "asc" },
    });
    expect(confirmation.subject).toMatch(/^Votre cadeau de /);
    expect(confirmation.text).toContain("États-Unis");
    expect(confirmation.html).toContain(`lang="fr"`);
    expect(thanks.subject).toMatch(/sent you a thank-you note$/);
  });

  it("names the product and its colour in the recipient's language, in the refusals and the confirmation; the sender's thank-you in English", async () => {
    const db = database.prisma;
    const product = await db.product.findUniqueOrThrow({
      where: { id: products.withVariants.id },
      include: { variants: { orderBy: { position: "asc" } } },
    });
    const variant = product.variants.find((v) => v.id === products.withVariants.variants[1].id)!;
    const ar = catalogueIn("ar");
    const [name, variantName] = [ar.product(product).name, ar.variant(variant).name];
    expect(name).not.toBe(product.name);
    const gift = await linkGift({ locale: "ar" });
    const refused = await problems(redeemGift(db, request(gift.id, { variantId: null }), { locale: "ar" }));
    expect(refused.variantId).toContain(name);
    await redeemGift(db, request(gift.id), { locale: "ar" });
    await sendQueuedEmails(db, { transport: outboxTransport });
    const [confirmation, thanks] = await db.emailOutbox.findMany({
      where: { giftId: gift.id },
      orderBy: { id: "asc" },
    });
    expect(confirmation.text).toContain(name);
    if (variant.color) expect(variantName).not.toBe(variant.name);
    expect(confirmation.text).toContain(variantName);
    expect(thanks.text).toContain(product.name);
    expect(thanks.text).toContain(variant.name);
  });
});

describe("redeemGift", () => {
  it("stores the choice, address and note, moves the gift to redeemed with its events and emails both parties once", async () => {
    const db = database.prisma;
    const gift = await linkGift();
    const result = await redeemGift(db, request(gift.id));
    expect(result.product.id).toBe(products.withVariants.id);
    const row = await db.gift.findUniqueOrThrow({
      where: { id: gift.id },
      include: { events: { orderBy: { id: "asc" } } },
    });
    expect(row.stage).toBe("redeemed");
    expect(row.events.map((e) => e.stage)).toEqual(["scheduled", "opened", "redeemed"]);
    expect(row.events[2].message).toMatch(/^Chose /);
    expect(row).toMatchObject({
      selectedProductId: products.withVariants.id,
      variantId: products.withVariants.variants[1].id,
      redemptionEmail: "kim@example.test",
      thankYouNote: "Thank you so much!",
    });
    expect(row.address).toMatchObject({ ...address, line2: "", phone: "" });
    // Queued with the redemption, sent by the send-emails job.
    expect(await db.emailOutbox.count({ where: { giftId: gift.id, status: "pending" } })).toBe(2);
    await sendQueuedEmails(db, { transport: outboxTransport });
    const emails = await db.emailOutbox.findMany({ where: { giftId: gift.id }, orderBy: { id: "asc" } });
    expect(emails.map((e) => [e.kind, e.to, e.status])).toEqual([
      ["redemption", "kim@example.test", "stored"],
      ["thank-you", expect.stringContaining("@example.test"), "stored"],
    ]);
    expect(emails[1].html).toContain("Springfield, IL, United States");
    expect(emails[1].html).not.toContain("1 Main Street"); // the sender never sees the street
  });

  it("sends no thank-you email without a note, and only suppressed emails for a sandbox gift", async () => {
    const db = database.prisma;
    const gift = await linkGift({ livemode: false });
    await redeemGift(db, request(gift.id, { productId: products.plain.id, variantId: "", thankYouNote: "   " }));
    const row = await db.gift.findUniqueOrThrow({ where: { id: gift.id } });
    expect(row).toMatchObject({ stage: "redeemed", variantId: null, thankYouNote: null });
    await sendQueuedEmails(db, { transport: outboxTransport });
    const emails = await db.emailOutbox.findMany({ where: { giftId: gift.id } });
    expect(emails.map((e) => [e.kind, e.status, e.transport])).toEqual([["redemption", "suppressed", "none"]]);
  });

  it("of two concurrent redemptions exactly one wins, with one event and one pair of emails", async () => {
    const db = database.prisma;
    const gift = await insertGift(db, { ...owner, stage: "opened" });
    const results = await Promise.allSettled([
      redeemGift(db, request(gift.id)),
      redeemGift(db, request(gift.id, { productId: products.plain.id, variantId: null })),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const loser = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(loser.reason).toBeInstanceOf(RedemptionRefused);
    expect(loser.reason.message).toBe("This gift has already been redeemed.");
    expect(await db.giftEvent.count({ where: { giftId: gift.id, stage: "redeemed" } })).toBe(1);
    expect(await db.emailOutbox.count({ where: { giftId: gift.id } })).toBe(2);
  });

  it("a redemption racing a cancel: exactly one of them wins", async () => {
    const db = database.prisma;
    for (let i = 0; i < 3; i++) {
      const gift = await insertGift(db, { ...owner, stage: "sent" });
      const [redeemed, cancelled] = await Promise.allSettled([
        redeemGift(db, request(gift.id)),
        cancelGift(db, { ...caller, team, role: "owner" }, gift.id),
      ]);
      expect([redeemed.status, cancelled.status].filter((s) => s === "fulfilled")).toHaveLength(1);
      const row = await db.gift.findUniqueOrThrow({ where: { id: gift.id }, include: { events: true } });
      expect(row.stage).toBe(redeemed.status === "fulfilled" ? "redeemed" : "cancelled");
      expect(row.events.filter((e) => e.stage === "redeemed" || e.stage === "cancelled")).toHaveLength(1);
      if (row.stage === "cancelled") expect(row.selectedProductId).toBeNull();
    }
  });

  it("refuses cancelled, expired, failed, redeemed, shipped and delivered gifts with a friendly message, changing nothing", async () => {
    const db = database.prisma;
    const expect409 = async (stage: string, message: RegExp) => {
      const gift = await insertGift(db, { ...owner, stage, from: "The Acme team" });
      expect(await refusedWith(redeemGift(db, request(gift.id)))).toMatch(message);
      const row = await db.gift.findUniqueOrThrow({ where: { id: gift.id } });
      expect(row).toMatchObject({ stage, selectedProductId: null, address: null });
    };
    await expect409("cancelled", /The Acme team cancelled this gift/);
    await expect409("expired", /expired/);
    await expect409("failed", /Ask The Acme team to send it again/);
    for (const stage of ["redeemed", "shipped", "delivered"]) await expect409(stage, /already been redeemed/);
    // Past its expiry date, before the daily sweep moved it.
    const late = await linkGift({ expiresOn: new Date("2020-01-01") });
    expect(await refusedWith(redeemGift(db, request(late.id)))).toMatch(/expired/);
  });

  it("refuses a scheduled email gift (its email is not sent: only the sender could have its link)", async () => {
    const gift = await insertGift(database.prisma, owner);
    await expect(redeemGift(database.prisma, request(gift.id))).rejects.toBeInstanceOf(RedemptionRefused);
  });

  it("refuses a product of another collection, a forged variant, a missing variant and malformed ids", async () => {
    const db = database.prisma;
    const gift = await linkGift();
    expect(
      await problems(redeemGift(db, request(gift.id, { productId: products.otherCollection.id, variantId: null }))),
    ).toEqual({ productId: "Choose one of the presents shown" });
    expect(await problems(redeemGift(db, request(gift.id, { variantId: products.otherVariant.id })))).toHaveProperty(
      "variantId",
    );
    expect(await problems(redeemGift(db, request(gift.id, { variantId: "" })))).toHaveProperty("variantId");
    expect(
      await problems(
        redeemGift(
          db,
          request(gift.id, { productId: products.plain.id, variantId: products.withVariants.variants[0].id }),
        ),
      ),
    ).toHaveProperty("variantId");
    for (const productId of ["1 OR 1=1", -1, 0, 1.5, "99999999999999999999", null, { id: 1 }, "0x10"]) {
      expect(await problems(redeemGift(db, request(gift.id, { productId })))).toHaveProperty("productId");
    }
    expect(
      await problems(redeemGift(db, request(gift.id, { productId: 2_000_000_000, variantId: null }))),
    ).toHaveProperty("productId");
    expect((await db.gift.findUniqueOrThrow({ where: { id: gift.id } })).stage).toBe("scheduled");
  });

  it("refuses huge and malformed input and unknown or tampered secrets", async () => {
    const db = database.prisma;
    const gift = await linkGift();
    const huge = "x".repeat(1_000_000);
    const errors = await problems(
      redeemGift(
        db,
        request(gift.id, {
          thankYouNote: huge,
          address: {
            ...address,
            fullName: huge,
            line1: "a\u0000b",
            city: "\u202eevil",
            email: "not an email",
            phone: "call me",
          },
        }),
      ),
    );
    expect(Object.keys(errors).sort()).toEqual([
      "address.city",
      "address.email",
      "address.fullName",
      "address.line1",
      "address.phone",
      "thankYouNote",
    ]);
    expect(await problems(redeemGift(db, request(gift.id, { thankYouNote: "x".repeat(501) })))).toHaveProperty(
      "thankYouNote",
    );
    expect(await problems(redeemGift(db, request(gift.id, { thankYouNote: "\ud800 lone surrogate" })))).toHaveProperty(
      "thankYouNote",
    );
    expect(await problems(redeemGift(db, request(gift.id, { address: "1 Main Street" })))).toHaveProperty("address");
    expect(await problems(redeemGift(db, request(gift.id, { address: [address] })))).toHaveProperty("address");
    await redeemGift(db, request(gift.id, { thankYouNote: "x".repeat(500) })).then((r) =>
      expect(r.thankYouNote).toHaveLength(500),
    );

    for (const secret of [gift.id, "A".repeat(43), tampered(untieToken(gift.id)), "", "../../etc"]) {
      const error = await redeemGift(db, request(gift.id, { secret })).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 404 });
    }
  });
});
