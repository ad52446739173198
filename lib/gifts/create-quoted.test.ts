import { beforeAll, describe, expect, it } from "vitest";
import { inSandbox, onTeam, type SessionActor, type TeamActor } from "@/lib/actor";
import { queryRows, sqlTransaction } from "@/lib/database/sql";
import { HttpError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { processDatabaseForFile } from "@/lib/testing/teams";
import { lockWaiter } from "@/lib/testing/lock-waiter";
import { createGifts } from "./create";
import { resolveReferences } from "./resolve-references";
import { parseSingleGift } from "./schema";

// createGifts with a quoted total (the MCP server's send_gift / send_batch): the total is
// compared inside the transaction that charges, with the price that transaction charges.
const t = processDatabaseForFile();
let owner: TeamActor<SessionActor>;
let collection: { id: number; name: string };

const person = (user: { id: string; name: string | null; email: string }) =>
  ({ user, mode: "live", via: "session", credentialId: null }) as SessionActor;

const draft = (now: Date) =>
  parseSingleGift(
    {
      gift: { name: "Robin", email: "robin@example.test", collection: collection.name, message: "Thanks!", from: "Al" },
    },
    now,
  );
const send = (actor: TeamActor, quotedTotalCents: number) => {
  const now = new Date();
  return createGifts(t.db, { actor, ...draft(now), now, quotedTotalCents });
};
const setPrice = (priceCents: number) => t.db.collection.update({ where: { id: collection.id }, data: { priceCents } });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error,
  );

beforeAll(async () => {
  await catalogue(t.db);
  const account = await createAccount(t.db);
  owner = await onTeam(t.db, person(account.user), account.team.id);
  collection = await t.db.collection.create({
    data: {
      // Global (this file's database is its own), so the sandbox sends from it too.
      slug: "quoted-hampers",
      name: "Quoted Hampers",
      description: "A collection whose price the tests change",
      global: true,
      priceCents: 4000,
      imageUrl: "https://example.test/own.png",
    },
  });
});

describe("createGifts with a quoted total", () => {
  it("live: a different price is 409 quote_mismatch with both totals, nothing written; the quoted one is charged", async () => {
    await setPrice(4500);
    const error = await refusal(send(owner, 4000));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 409,
      code: "quote_mismatch",
      message:
        "The total is now 45.00, not the 40.00 you quoted. Nothing was sent or charged: show the user the new total and send again with it.",
      meta: { quoted: "40.00", total: "45.00", pointer: "/quoted_total" },
    });
    expect(await t.db.gift.count({ where: { teamId: owner.team.id } })).toBe(0);
    expect(await t.db.charge.count({ where: { teamId: owner.team.id } })).toBe(0);

    const [gift] = await send(owner, 4500);
    expect(gift.priceCents).toBe(4500);
    const charge = await t.db.charge.findUniqueOrThrow({ where: { id: gift.chargeId! } });
    expect(charge.amountCents).toBe(4500);
  });

  it("sandbox: the total (never charged) is compared too, even without an idempotency key", async () => {
    const sandbox = await onTeam(t.db, inSandbox(person(owner.user)), undefined);
    await setPrice(5000);
    expect(await refusal(send(sandbox, 4500))).toMatchObject({ code: "quote_mismatch" });
    const [gift] = await send(sandbox, 5000);
    expect(gift).toMatchObject({ livemode: false, priceCents: 0, chargeId: null });
  });

  it("the price a charging transaction read is held until it commits: a change waits, then applies", async () => {
    await setPrice(4000);
    let changed = false;
    let change: Promise<unknown> = Promise.resolve();
    const seen = await sqlTransaction(t.db, async (tx) => {
      const refs = await resolveReferences(
        tx,
        owner.team.id,
        { collection: String(collection.id) },
        { lockCollection: true },
      );
      const first = refs.collection?.priceCents;
      change = setPrice(9900).then(() => (changed = true));
      // PostgreSQL: read again only once the change is waiting on the row's lock. PGlite runs one
      // statement at a time, so the change can't run inside this transaction at all.
      await lockWaiter(t.db, 'UPDATE%"Collection"%', "the price change waiting on the lock");
      const [again] = await queryRows<{ priceCents: number }>(
        tx,
        Prisma.sql`SELECT "priceCents" FROM "Collection" WHERE "id" = ${collection.id}::int`,
      );
      return { first, again: again.priceCents, changedMeanwhile: changed };
    });
    await change;
    expect(seen).toEqual({ first: 4000, again: 4000, changedMeanwhile: false });
    expect((await t.db.collection.findUniqueOrThrow({ where: { id: collection.id } })).priceCents).toBe(9900);
  });
});
