import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { onTeam, type SessionActor, type TeamActor } from "@/lib/actor";
import { listCharges, setBudget } from "@/lib/billing";
import {
  approveBatch,
  approveGift,
  cancelGift,
  createBatch,
  createGifts,
  parseBulkGifts,
  parseSingleGift,
  quoteGifts,
} from "@/lib/gifts";
import { declineGift } from "@/lib/redemption";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { processDatabaseForFile } from "@/lib/testing/teams";
import { untieToken } from "@/lib/untie";

// The two invariants of money across currencies, over every path that writes a ledger entry (the
// list is read from the code below, so a new path fails here until it is exercised):
// 1. the ledger's items, summed per currency, equal the Charge rows summed per currency, to the
//    minor unit, and every gift's price is in its charge's currency;
// 2. a charge made from a quote is exactly the quote's total.
const t = processDatabaseForFile();

/** The files (outside lib/billing and tests) that write a ledger row, by calling one of the three writers. */
function chargingFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) {
        if (!["generated", "testing", "billing"].includes(name)) walk(file);
      } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        if (/\b(chargeTeam|chargeInsertSql|refundGift)\(/.test(readFileSync(file, "utf8")))
          found.push(path.relative(process.cwd(), file));
      }
    }
  };
  walk(path.join(process.cwd(), "lib"));
  walk(path.join(process.cwd(), "app"));
  return found.sort();
}

/** Each path, what exercises it below. */
const EXERCISED: Record<string, string> = {
  "lib/gifts/create.ts": "createGifts: single with a quote, bulk at the current rate",
  "lib/gifts/create-batch.ts": "createBatch: the dashboard's CSV batch, two collections",
  "lib/gifts/approvals.ts": "approveGift: a gift waiting for approval, charged at its stored price",
  "lib/gifts/batch-approvals.ts": "approveBatch: a batch waiting for approval",
  "lib/gifts/cancel.ts": "cancelGift: the refund of one gift's share",
  "lib/redemption/decline.ts": "declineGift: the recipient declines, the refund",
};

const person = (user: { id: string; name: string | null; email: string }) =>
  ({ user, mode: "live", via: "session", credentialId: null }) as SessionActor;

let collections: { id: number; name: string; priceCents: number }[];

async function teamIn(currency: string): Promise<TeamActor<SessionActor>> {
  const account = await createAccount(t.db);
  await setBudget(t.db, account.team.id, { currency });
  return onTeam(t.db, person(account.user), account.team.id);
}

const now = () => new Date();
const single = (collection: string, extra: Record<string, unknown> = {}) =>
  parseSingleGift(
    { gift: { name: "Robin", email: "robin@example.test", collection, message: "Thanks!", from: "Al", ...extra } },
    now(),
  );
const bulk = (collection: string, n: number, extra: Record<string, unknown> = {}) =>
  parseBulkGifts(
    {
      gift: {
        collection,
        message: "Thanks, all!",
        from: "Al",
        recipients_attributes: Array.from({ length: n }, (_, i) => ({ name: `R${i}`, email: `r${i}@example.test` })),
        ...extra,
      },
    },
    now(),
  );

/** Every path on one team; returns nothing: the invariants are read from the database after. */
async function everyPath(actor: TeamActor) {
  const [a, b] = collections;
  // createGifts with a quote, and without (the current rate).
  const dry = await quoteGifts(t.db, { actor, ...single(a.name) });
  const quoteId = dry.conversion?.quote?.id;
  const [quoted] = await createGifts(t.db, { actor, ...single(a.name, quoteId ? { quote: quoteId } : {}), now: now() });
  const made = await createGifts(t.db, { actor, ...(await bulk(b.name, 3)), now: now() });
  // The dashboard's batch.
  const recipient = (i: number) => ({
    name: `B${i}`,
    email: `b${i}@example.test`,
    deliveryMethod: "email" as const,
    pointer: `/rows/${i}`,
  });
  await createBatch(t.db, {
    actor,
    groups: [
      { collection: a.name, message: "One", from: "", recipients: [recipient(1), recipient(2)] },
      { collection: b.name, message: "Two", from: "", recipients: [recipient(3)] },
    ] as never,
    batchName: "two collections",
    now: now(),
  });
  // Approvals: a single gift and a batch wait, then an owner (signed in) approves them.
  await setBudget(t.db, actor.team.id, { approvalAboveBatchSize: 1 });
  const waiting = await createGifts(t.db, { actor, ...(await bulk(a.name, 2)), now: now() });
  await approveBatch(t.db, actor, waiting[0].batch!.id);
  await setBudget(t.db, actor.team.id, { approvalAboveBatchSize: null, approvalAbovePrice: 1 });
  const [one] = await createGifts(t.db, { actor, ...single(b.name), now: now() });
  await approveGift(t.db, actor, one.id);
  await setBudget(t.db, actor.team.id, { approvalAbovePrice: null });
  // Refunds: a cancel, and a decline by the recipient.
  await cancelGift(t.db, actor, made[0].id);
  await t.db.gift.update({ where: { id: quoted.id }, data: { stage: "sent", sentAt: new Date() } });
  await declineGift(t.db, { secret: untieToken(quoted.id) });
  return { quoteId };
}

beforeAll(async () => {
  await catalogue(t.db);
  collections = await t.db.collection.findMany({ where: { global: true }, orderBy: { id: "asc" }, take: 2 });
  // One of them with an odd price, so conversions round.
  await t.db.collection.update({ where: { id: collections[1].id }, data: { priceCents: 3333 } });
  collections[1].priceCents = 3333;
});

describe("the ledger across currencies", () => {
  it("knows every path that writes a ledger row (read from the code)", () => {
    expect(chargingFiles()).toEqual(Object.keys(EXERCISED).sort());
  });

  for (const currency of ["USD", "EUR", "GBP", "JPY"])
    it(`${currency}: the ledger reconciles per currency to the minor unit; gifts, charges and refunds share one currency; a quoted charge is its quote's total`, async () => {
      const actor = await teamIn(currency);
      const { quoteId } = await everyPath(actor);
      const teamId = actor.team.id;

      const rows = await t.db.charge.findMany({ where: { teamId }, include: { gifts: true } });
      expect(rows.filter((r) => r.kind === "charge")).toHaveLength(5); // quoted, bulk, batch, batch approval, approval
      expect(rows.filter((r) => r.kind === "refund")).toHaveLength(2);
      const stored = new Map<string, number>();
      for (const r of rows)
        stored.set(r.currency.toUpperCase(), (stored.get(r.currency.toUpperCase()) ?? 0) + r.amountCents);
      expect([...stored.keys()]).toEqual([currency]);

      // 1. The ledger (what the API, the CSV and the dashboard list) adds up to the rows, per currency.
      const items = await listCharges(t.db, { reader: actor, filter: {}, size: 1000 });
      const listed = new Map<string, number>();
      for (const item of items) listed.set(item.currency, (listed.get(item.currency) ?? 0) + item.amountCents);
      expect(listed).toEqual(stored);

      for (const r of rows.filter((r) => r.kind === "charge")) {
        // A charge is its gifts' prices, each in the charge's currency.
        expect(
          r.gifts.reduce((sum, g) => sum + g.priceCents, 0),
          `charge ${r.id}`,
        ).toBe(r.amountCents);
        for (const g of r.gifts) expect(g.currency, `gift ${g.id}`).toBe(currency);
        if (r.perGiftMinor !== null) for (const g of r.gifts) expect(g.priceCents).toBe(r.perGiftMinor);
      }
      for (const refund of rows.filter((r) => r.kind === "refund")) {
        const gift = await t.db.gift.findUniqueOrThrow({ where: { id: refund.giftId! } });
        expect(refund.amountCents).toBe(-gift.priceCents);
        expect(refund.currency).toBe(rows.find((r) => r.id === refund.refundOfId)!.currency);
      }

      // 2. A charge made from a quote is the quote's total; a quote exists only when converting.
      const quotes = await t.db.quote.findMany({ where: { teamId } });
      expect(quotes).toHaveLength(currency === "USD" ? 0 : 1);
      for (const q of quotes) {
        expect(q.id).toBe(quoteId);
        const charge = rows.find((r) => r.quoteId === q.id)!;
        expect(charge.amountCents).toBe(q.totalMinor);
        expect(charge).toMatchObject({
          rate: q.rate,
          perGiftMinor: q.perGiftMinor,
          sourcePriceMinor: q.sourcePriceMinor,
        });
        expect(q.usedAt).not.toBeNull();
      }
    });
});
