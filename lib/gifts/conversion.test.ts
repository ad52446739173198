import { beforeAll, describe, expect, it } from "vitest";
import { sqlTransaction } from "@/lib/database/sql";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { processDatabaseForFile } from "@/lib/testing/teams";
import { lockWaiter } from "@/lib/testing/lock-waiter";
import { claimQuote } from "./conversion";

// claimQuote's refusal when another create holds the same quote: on PostgreSQL the second
// claim's UPDATE waits on the row lock, re-reads it once the first commits, and finds it used,
// while the statement's SELECT still sees the snapshot from before (the quote unused).
const t = processDatabaseForFile();
let teamId: string;
let collectionId: number;

beforeAll(async () => {
  await catalogue(t.db);
  teamId = (await createAccount(t.db)).team.id;
  collectionId = (await t.db.collection.findFirstOrThrow({ where: { global: true } })).id;
});

const newQuote = (id: string, now: Date) =>
  t.db.quote.create({
    data: {
      id,
      teamId,
      livemode: true,
      collectionId,
      gifts: 2,
      currency: "EUR",
      sourceCurrency: "USD",
      sourcePriceMinor: 4000,
      sourceShippingMinor: 0,
      perGiftMinor: 3800,
      totalMinor: 7600,
      rate: "0.95",
      rateDate: new Date("2022-07-08"),
      rateSource: "ECB",
      expiresAt: new Date(now.getTime() + 15 * 60_000),
    },
  });

const claim = (quoteId: string, now: Date) =>
  claimQuote(t.db, { quoteId, teamId, livemode: true, collectionId, gifts: 2, currency: "EUR", now });

describe("claimQuote", () => {
  it("a claim that waited on another create's claim of the same quote is refused quote_used, not quote_mismatch", async () => {
    const now = new Date();
    await newQuote("quo_held", now);
    let second: Promise<unknown> = Promise.resolve();
    await sqlTransaction(t.db, async (tx) => {
      await claimQuote(tx, {
        quoteId: "quo_held",
        teamId,
        livemode: true,
        collectionId,
        gifts: 2,
        currency: "EUR",
        now,
      });
      second = claim("quo_held", now).catch((error: unknown) => error);
      // Commit only once the second claim waits on the row's lock.
      await lockWaiter(t.db, '%UPDATE "Quote"%', "the second claim waiting on the quote's lock");
    });
    expect(await second).toMatchObject({ status: 409, code: "quote_used" });
  });

  it("a claim for another gift count is quote_mismatch, naming the difference", async () => {
    const now = new Date();
    await newQuote("quo_three", now);
    const error = await claimQuote(t.db, {
      quoteId: "quo_three",
      teamId,
      livemode: true,
      collectionId,
      gifts: 3,
      currency: "EUR",
      now,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: "quote_mismatch" });
    expect((error as Error).message).toContain("gift count (quoted 2, sent 3)");
  });
});
