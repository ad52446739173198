import { beforeAll, describe, expect, it } from "vitest";
import { onTeam, type SessionActor, type TeamActor } from "@/lib/actor";
import { chargedBy, chargeInsertSql, readSpendControls, spendControlsUnchangedSql } from "@/lib/billing";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { processDatabaseForFile } from "@/lib/testing/teams";
import { createGifts } from "./create";
import { newGiftId } from "./ids";
import { insertGifts } from "./insert-gifts";
import { parseSingleGift } from "./schema";

// A live create with no budget, limit, caps or approval is a read and then one statement that
// writes the charge and the gifts only if that read still holds (lib/gifts/create.ts).
const t = processDatabaseForFile();
let owner: TeamActor<SessionActor>;
let collection: { id: number; name: string };

const person = (user: { id: string; name: string | null; email: string }) =>
  ({ user, mode: "live", via: "session", credentialId: null }) as SessionActor;

const send = () => {
  const now = new Date();
  const gift = { name: "Robin", email: "robin@example.test", collection: collection.name, message: "Hi", from: "Al" };
  return createGifts(t.db, { actor: owner, ...parseSingleGift({ gift }, now), now });
};
const counts = async () => ({
  gifts: await t.db.gift.count({ where: { teamId: owner.team.id } }),
  charges: await t.db.charge.count({ where: { teamId: owner.team.id } }),
});

beforeAll(async () => {
  await catalogue(t.db);
  const account = await createAccount(t.db);
  owner = await onTeam(t.db, person(account.user), account.team.id);
  collection = await t.db.collection.create({
    data: {
      slug: "live-hampers",
      name: "Live Hampers",
      description: "A collection whose price the tests change",
      global: true,
      priceCents: 3000,
      imageUrl: "https://example.test/own.png",
    },
  });
});

describe("a live create without a transaction", () => {
  it("writes one charge of the gift's price, its id on the gift", async () => {
    const before = await counts();
    const [gift] = await send();
    expect(await counts()).toEqual({ gifts: before.gifts + 1, charges: before.charges + 1 });
    const charge = await t.db.charge.findUniqueOrThrow({ where: { id: gift.chargeId! } });
    expect(charge).toMatchObject({ amountCents: 3000, kind: "charge" });
    expect(gift.priceCents).toBe(3000);
  });

  it("writes nothing, charge nor gift, when its guard no longer holds", async () => {
    const before = await counts();
    const by = chargedBy(owner);
    const charge = {
      teamId: owner.team.id,
      amountCents: 3000,
      largestGiftCents: 3000,
      collectionIds: [],
      description: "x",
      by,
    };
    const at = new Date();
    const result = await insertGifts(t.db, {
      shared: {
        teamId: owner.team.id,
        senderId: owner.user.id,
        livemode: true,
        message: "Hi",
        subject: "A gift",
        from: "Al",
        stage: "scheduled",
        at,
        chargeId: null,
        batch: null,
      },
      gifts: [
        {
          id: newGiftId(),
          recipientName: "Robin",
          deliveryMethod: "link",
          email: null,
          ccEmail: null,
          scheduledAt: null,
          expiresOn: null,
          locale: null,
          reminders: null,
          timeZone: null,
          untieTokenHash: "h",
        },
      ],
      refs: { collection: String(collection.id) },
      charge: chargeInsertSql(charge, { last4: "4242" }),
      // The price the caller read is not the collection's any more.
      guard: Prisma.sql`("refs"."collection"->>'priceCents')::int = 1`,
    });
    expect(result).toMatchObject({ fresh: false, inserted: false });
    expect(await counts()).toEqual(before);
  });

  it("sees a budget, a card or a threshold set after its read: the controls no longer read the same", async () => {
    const by = chargedBy(owner);
    const [row] = await queryRows<Record<string, unknown>>(
      t.db,
      Prisma.sql`SELECT "approvalAbovePriceCents", "approvalAboveBatchSize", "monthlyBudgetCents", "perGiftLimitCents"
                 FROM "Team" WHERE "id" = ${owner.team.id}`,
    );
    const controls = await readSpendControls(t.db, owner.team.id, by);
    const read = {
      ...row,
      last4: controls.card?.last4 ?? null,
      testBehavior: controls.card?.testBehavior ?? null,
      caps: null,
    };
    const unchanged = async () => {
      const sql = spendControlsUnchangedSql(owner.team.id, by, read as Parameters<typeof spendControlsUnchangedSql>[2]);
      const [{ ok }] = await queryRows<{ ok: boolean }>(t.db, Prisma.sql`SELECT ${sql} AS "ok"`);
      return ok;
    };
    expect(await unchanged()).toBe(true);
    await t.db.team.update({ where: { id: owner.team.id }, data: { monthlyBudgetCents: 100 } });
    expect(await unchanged()).toBe(false);
    await t.db.team.update({
      where: { id: owner.team.id },
      data: { monthlyBudgetCents: null, approvalAboveBatchSize: 5 },
    });
    expect(await unchanged()).toBe(false);
    await t.db.team.update({ where: { id: owner.team.id }, data: { approvalAboveBatchSize: null } });
    expect(await unchanged()).toBe(true);
    await t.db.paymentMethod.update({ where: { teamId: owner.team.id }, data: { testBehavior: "decline" } });
    expect(await unchanged()).toBe(false);
    await t.db.paymentMethod.update({ where: { teamId: owner.team.id }, data: { testBehavior: "succeed" } });
  });

  it("after a budget is set, charges within it (the transaction's path) and refuses beyond it", async () => {
    await t.db.team.update({ where: { id: owner.team.id }, data: { monthlyBudgetCents: 1_000_000 } });
    const before = await counts();
    const [gift] = await send();
    expect(gift.chargeId).not.toBeNull();
    expect(await counts()).toEqual({ gifts: before.gifts + 1, charges: before.charges + 1 });
    await t.db.team.update({ where: { id: owner.team.id }, data: { perGiftLimitCents: 100 } });
    await expect(send()).rejects.toMatchObject({ status: 402 });
    expect(await counts()).toEqual({ gifts: before.gifts + 1, charges: before.charges + 1 });
  });
});
