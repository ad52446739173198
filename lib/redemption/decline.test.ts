import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database/open";
import { openTestDatabase } from "@/lib/testing/test-database";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { untieToken } from "@/lib/untie";
import { HttpError, ValidationError } from "@/lib/errors";
import { outboxTransport, sendQueuedEmails } from "@/lib/outbox";
import { setEmailPreferences } from "@/lib/users/preferences";
import { checkDecline, declineGift } from "./decline";
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
  await insertGift(db, { teamId: owner.teamId, senderId: owner.senderId }); // seeds the catalogue
  const first = await db.collection.findFirstOrThrow({ where: { global: true }, orderBy: { id: "asc" } });
  product = await db.product.findFirstOrThrow({ where: { collectionId: first.id, variants: { none: {} } } });
});
afterAll(() => database?.close());

/** A live gift in `stage`, paid by a charge of its own (as the API's create would leave it). */
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

describe("declining a gift", () => {
  it("moves it to declined with the reason as its event's message, refunds its charge in full by system, and queues both emails once", async () => {
    const db = database.prisma;
    const gift = await chargedGift("opened", { locale: "es" });
    await declineGift(db, { secret: untieToken(gift.id), reason: "  I have one already.  " });
    const row = await db.gift.findUniqueOrThrow({ where: { id: gift.id }, include: { events: true } });
    expect(row.stage).toBe("declined");
    expect(row.events.filter((e) => e.stage === "declined").map((e) => e.message)).toEqual(["I have one already."]);
    const refunds = await db.charge.findMany({ where: { giftId: gift.id, kind: "refund" } });
    expect(refunds).toMatchObject([
      { amountCents: -2500, refundOfId: gift.chargeId, actorVia: "system", actorUserId: null, credentialId: null },
    ]);
    expect(refunds[0].description).toBe(`Refund for declined gift ${gift.id}`);
    const emails = await db.emailOutbox.findMany({ where: { giftId: gift.id }, orderBy: { id: "asc" } });
    expect(emails.map((e) => [e.kind, e.to])).toEqual([
      ["gift-outcome", owner.senderEmail],
      ["outcome-confirmation", "robin@example.test"],
    ]);
    await sendQueuedEmails(db, { transport: outboxTransport });
    const sent = await db.emailOutbox.findMany({ where: { giftId: gift.id }, orderBy: { id: "asc" } });
    expect(sent.map((e) => e.status)).toEqual(["stored", "stored"]);
    expect(sent[0].subject).toBe("Robin Recipient declined your gift");
    expect(sent[0].text).toContain("I have one already.");
    expect(sent[0].text).toContain("$25.00");
    // The recipient's confirmation in the gift's language.
    expect(sent[1].subject).toBe("Has rechazado el regalo de The Team");
  });

  it("declines a sent gift never opened (opened first), and a link gift without a reason or a confirmation email", async () => {
    const db = database.prisma;
    const sent = await chargedGift("sent");
    await declineGift(db, { secret: untieToken(sent.id) });
    const events = await db.giftEvent.findMany({ where: { giftId: sent.id }, orderBy: { id: "asc" } });
    expect(events.map((e) => [e.stage, e.message])).toEqual([
      ["scheduled", null],
      ["opened", null],
      ["declined", null],
    ]);
    const link = await insertGift(db, {
      teamId: owner.teamId,
      senderId: owner.senderId,
      deliveryMethod: "link",
      email: null,
      scheduledAt: null,
    });
    await declineGift(db, { secret: untieToken(link.id), reason: "" });
    expect(await db.gift.findUniqueOrThrow({ where: { id: link.id } })).toMatchObject({ stage: "declined" });
    // Paid for like every live gift, so refunded; no address: only the sender is told.
    expect(await db.charge.count({ where: { giftId: link.id, kind: "refund" } })).toBe(1);
    expect((await db.emailOutbox.findMany({ where: { giftId: link.id } })).map((e) => e.kind)).toEqual([
      "gift-outcome",
    ]);
  });

  it("of two tabs declining at once exactly one wins: one event, one refund, one pair of emails", async () => {
    const db = database.prisma;
    for (let i = 0; i < 3; i++) {
      const gift = await chargedGift("opened");
      const results = await Promise.allSettled([
        declineGift(db, { secret: untieToken(gift.id), reason: "first tab" }),
        declineGift(db, { secret: untieToken(gift.id), reason: "second tab" }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const loser = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(loser.reason).toBeInstanceOf(RedemptionRefused);
      expect(loser.reason.message).toBe("This gift was declined, so it can no longer be redeemed.");
      expect(await db.giftEvent.count({ where: { giftId: gift.id, stage: "declined" } })).toBe(1);
      expect(await db.charge.count({ where: { giftId: gift.id, kind: "refund" } })).toBe(1);
      expect(await db.emailOutbox.count({ where: { giftId: gift.id } })).toBe(2);
    }
  });

  it("a decline racing a redemption: exactly one wins, and a redeemed gift keeps its charge", async () => {
    const db = database.prisma;
    for (let i = 0; i < 3; i++) {
      const gift = await chargedGift("opened");
      const [declined, redeemed] = await Promise.allSettled([
        declineGift(db, { secret: untieToken(gift.id) }),
        redeemGift(db, redeemRequest(gift.id)),
      ]);
      expect([declined.status, redeemed.status].filter((s) => s === "fulfilled")).toHaveLength(1);
      const row = await db.gift.findUniqueOrThrow({ where: { id: gift.id }, include: { events: true } });
      expect(row.stage).toBe(declined.status === "fulfilled" ? "declined" : "redeemed");
      expect(row.events.filter((e) => e.stage === "declined" || e.stage === "redeemed")).toHaveLength(1);
      expect(await db.charge.count({ where: { giftId: gift.id, kind: "refund" } })).toBe(
        row.stage === "declined" ? 1 : 0,
      );
      // A declined gift can't be redeemed afterwards, nor a redeemed one declined.
      const late = await rejection(
        row.stage === "declined"
          ? redeemGift(db, redeemRequest(gift.id))
          : declineGift(db, { secret: untieToken(gift.id) }),
      );
      expect(late).toBeInstanceOf(RedemptionRefused);
    }
  });

  it("refuses redeemed, shipped, cancelled, expired and failed gifts, and a gift past its expiry date, changing nothing", async () => {
    const db = database.prisma;
    const cases: [string, RegExp, Record<string, unknown>?][] = [
      ["redeemed", /already been redeemed/],
      ["shipped", /already been redeemed/],
      ["cancelled", /The Team cancelled this gift/],
      ["expired", /expired/],
      ["failed", /send it again/],
      ["opened", /expired/, { expiresOn: new Date("2020-01-01") }],
    ];
    for (const [stage, message, data] of cases) {
      const gift = await chargedGift(stage, data);
      const error = await rejection(declineGift(db, { secret: untieToken(gift.id), reason: "no" }));
      expect(error).toBeInstanceOf(RedemptionRefused);
      expect((error as Error).message).toMatch(message);
      expect(await db.gift.findUniqueOrThrow({ where: { id: gift.id } })).toMatchObject({ stage });
      expect(await db.charge.count({ where: { giftId: gift.id } })).toBe(0);
      expect(await db.emailOutbox.count({ where: { giftId: gift.id } })).toBe(0);
    }
  });

  it("refuses a hostile reason (over 500 characters, control characters, bidi overrides, not a string) in the page's language, changing nothing", async () => {
    const db = database.prisma;
    const gift = await chargedGift("opened");
    const secret = untieToken(gift.id);
    const problem = async (reason: unknown, locale?: "fr") => {
      const error = await rejection(declineGift(db, { secret, reason }, { locale }));
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).problems;
    };
    expect(await problem("x".repeat(501))).toEqual([
      { pointer: "reason", detail: "Your reason is 501 characters: shorten it to 500 or fewer" },
    ]);
    expect((await problem("y".repeat(1_000_000), "fr"))[0].detail).toMatch(/1\u202f000\u202f000 caractères/);
    expect((await problem("bad\u0000byte"))[0].detail).toBe("Your reason contains characters that are not allowed");
    expect((await problem("evil\u202eoverride"))[0].pointer).toBe("reason");
    expect((await problem({ toString: "x" }))[0].pointer).toBe("reason");
    expect((await db.gift.findUniqueOrThrow({ where: { id: gift.id } })).stage).toBe("opened");
    expect(await db.emailOutbox.count({ where: { giftId: gift.id } })).toBe(0);
    // Exactly 500 characters, with line breaks, is fine.
    await declineGift(db, { secret, reason: `${"z".repeat(249)}\n${"z".repeat(250)}` });
    expect((await db.gift.findUniqueOrThrow({ where: { id: gift.id } })).stage).toBe("declined");
  });

  it("answers 404 for a malformed or unknown secret", async () => {
    const db = database.prisma;
    for (const secret of ["short", untieToken("gft_nobody_has_this")]) {
      const error = await rejection(declineGift(db, { secret }));
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(404);
    }
  });
});

describe("asking before a decline (checkDecline)", () => {
  it("refuses exactly what the decline would, and changes nothing for a gift that can be declined", async () => {
    const db = database.prisma;
    const open = await chargedGift("opened");
    await checkDecline(db, { secret: untieToken(open.id), reason: "not for me" });
    expect(await db.gift.findUniqueOrThrow({ where: { id: open.id } })).toMatchObject({ stage: "opened" });
    expect(await db.charge.count({ where: { giftId: open.id } })).toBe(0);
    expect(await db.emailOutbox.count({ where: { giftId: open.id } })).toBe(0);
    expect(await db.giftEvent.count({ where: { giftId: open.id, stage: "declined" } })).toBe(0);

    const redeemed = await chargedGift("redeemed");
    expect(await rejection(checkDecline(db, { secret: untieToken(redeemed.id) }))).toBeInstanceOf(RedemptionRefused);
    expect(await rejection(checkDecline(db, { secret: untieToken(open.id), reason: "x".repeat(501) }))).toBeInstanceOf(
      ValidationError,
    );
    const unknown = await rejection(checkDecline(db, { secret: untieToken("gft_nobody_has_this") }));
    expect((unknown as HttpError).status).toBe(404);
  });
});

describe("the sender's email preference", () => {
  it("turned off: a decline and a donation email only the recipient, and their events (so their webhooks) stay", async () => {
    const db = database.prisma;
    const quiet = await createAccount(db);
    await setEmailPreferences(db, quiet.user.id, { giftOutcome: false });
    const opened = () => insertGift(db, { teamId: quiet.team.id, senderId: quiet.user.id, stage: "opened" });
    const kinds = async (giftId: string) =>
      (await db.emailOutbox.findMany({ where: { giftId } })).map((e) => e.kind).sort();
    const declined = await opened();
    const donated = await opened();
    await declineGift(db, { secret: untieToken(declined.id), reason: "no" });
    const charity = (await db.charity.findFirstOrThrow({ orderBy: { position: "asc" } })).slug;
    await donateGift(db, { secret: untieToken(donated.id), charity });
    for (const gift of [declined, donated]) expect(await kinds(gift.id)).toEqual(["outcome-confirmation"]);
    expect(await db.giftEvent.count({ where: { giftId: declined.id, stage: "declined" } })).toBe(1);
    expect(await db.giftEvent.count({ where: { giftId: donated.id, stage: "donated" } })).toBe(1);
    // Turned back on: the sender is told again.
    await setEmailPreferences(db, quiet.user.id, { giftOutcome: true });
    const again = await opened();
    await declineGift(db, { secret: untieToken(again.id) });
    expect(await kinds(again.id)).toEqual(["gift-outcome", "outcome-confirmation"]);
  });
});
