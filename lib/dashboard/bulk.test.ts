import { beforeAll, describe, expect, it } from "vitest";
import { onTeam, type SessionActor, type TeamActor } from "@/lib/actor";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { ValidationError } from "@/lib/errors";
import { actOnGifts, MAX_BULK_GIFTS, type Stage } from "@/lib/gifts";
import { addMember } from "@/lib/teams";
import { catalogue, createAccount, giftRow, insertGift } from "@/lib/testing/fixtures";
import { createPerson, processDatabaseForFile } from "@/lib/testing/teams";
import {
  actOnGiftsOnce,
  dashboardGifts,
  deleteView,
  listSavedViews,
  MAX_SAVED_VIEWS,
  readDashboardQuery,
  saveView,
  selectionPreview,
  viewGiftIds,
} from "./index";
import { dashboardWhere } from "./where";
import { collectionOrder, SORT_KEYS } from "./sort";
import { STAGE_ORDER } from "./funnel";
import { readFileSync } from "node:fs";
import { liveQuery as live, sessionActor as person } from "@/lib/testing/dashboard";

const t = processDatabaseForFile();

const key = () => `form-${Math.random().toString(36).slice(2)}-${Date.now()}`;

type Account = Awaited<ReturnType<typeof createAccount>>;

async function team() {
  const owner = await createAccount(t.db);
  const actor = await onTeam(t.db, person(owner.user), owner.team.id);
  const gift = (data: { stage?: Stage; priceCents?: number; recipientName?: string; deliveryMethod?: string } = {}) =>
    insertGift(t.db, { teamId: owner.team.id, senderId: owner.user.id, stage: "scheduled", ...data });
  return { owner, actor, gift };
}

const refunds = (ids: string[]) =>
  t.db.charge.findMany({ where: { kind: "refund", giftId: { in: ids } }, select: { giftId: true, amountCents: true } });
const stages = async (ids: string[]) =>
  (await t.db.gift.findMany({ where: { id: { in: ids } }, select: { stage: true } })).map((g) => g.stage).sort();

describe("sorting the table", () => {
  let owner: Account;
  let actor: TeamActor<SessionActor>;
  const N = 23;

  beforeAll(async () => {
    owner = await createAccount(t.db);
    actor = await onTeam(t.db, person(owner.user), owner.team.id);
    const cat = await catalogue(t.db);
    // Collections with the same name on purpose (the collection's id breaks the tie, then the gift's).
    const more = await Promise.all(
      ["Zinnia", "Alpine", "Alpine"].map((name, i) =>
        t.db.collection.create({
          data: { slug: `sort-${i}-${Date.now()}`, name, description: name, priceCents: 1000, imageUrl: "/x.png" },
        }),
      ),
    );
    const collections = [cat.collection.id, ...more.map((c) => c.id)];
    const stageList: Stage[] = ["scheduled", "sent", "opened", "redeemed", "cancelled", "pending_approval", "expired"];
    // Ties on purpose (prices repeat, some never sent, some never expire): the id breaks them, and pages still cover every gift once.
    await t.db.gift.createMany({
      data: Array.from({ length: N }, (_, i) =>
        giftRow(cat, {
          teamId: owner.team.id,
          senderId: owner.user.id,
          recipientName: `name ${String.fromCharCode(97 + ((i * 7) % 26))}${i}`,
          stage: stageList[i % stageList.length],
          priceCents: 1000 * (i % 4),
          sentAt: i % 3 === 0 ? null : new Date(Date.UTC(2026, 2, 1 + (i % 5), 10, 0, 0, i)),
          expiresOn: i % 4 === 0 ? null : new Date(Date.UTC(2026, 5, 1 + (i % 6))),
          createdAt: new Date(Date.UTC(2026, 1, 1, 0, i)),
          collectionId: collections[(i * 3) % collections.length],
        }),
      ),
    });
  });

  /** The order the database gives for the whole view in one statement (no paging), to compare the pages with. */
  const whole = async (column: keyof typeof SORT_KEYS | "collection", descending: boolean) => {
    const direction = Prisma.raw(descending ? "DESC" : "ASC");
    const key =
      column === "collection"
        ? Prisma.sql`c."name" ${direction}, c."id"`
        : column === "stage"
          ? // Written out here, not taken from sort.ts: the funnel's order, by its own list.
            Prisma.sql`array_position(${[...STAGE_ORDER]}::text[], g."stage")`
          : SORT_KEYS[column].sql;
    const rows = await queryRows<{ id: string }>(
      t.db,
      Prisma.sql`SELECT g."id" FROM "Gift" g JOIN "Collection" c ON c."id" = g."collectionId"
                 WHERE ${dashboardWhere(actor, live())}
                 ORDER BY ${key} ${direction}, g."id" ${direction}`,
    );
    return rows.map((r) => r.id);
  };

  for (const column of [...Object.keys(SORT_KEYS), "collection"] as (keyof typeof SORT_KEYS | "collection")[]) {
    for (const descending of [false, true]) {
      it(`pages through every gift once sorted by ${descending ? "-" : ""}${column}, in the one-statement order`, async () => {
        const sort = `${descending ? "-" : ""}${column}`;
        const seen: string[] = [];
        let query = readDashboardQuery({ sort }).query;
        expect(query.sort).toEqual({ column, descending });
        for (let pages = 0; pages < 20; pages++) {
          const page = await dashboardGifts(t.db, actor, query, 4);
          seen.push(...page.rows.map((r) => r.id));
          if (!page.next) break;
          const next = readDashboardQuery({ sort, after: page.next });
          expect(next.problems).toEqual([]);
          query = next.query;
        }
        expect(seen).toEqual(await whole(column, descending));
        expect(seen).toHaveLength(N);
      });
    }
  }

  it("sorts prices as numbers, unsent gifts after sent ones, and gifts that never expire last", async () => {
    const rows = (await dashboardGifts(t.db, actor, readDashboardQuery({ sort: "price" }).query, 100)).rows;
    expect(rows.map((r) => r.priceCents)).toEqual([...rows.map((r) => r.priceCents)].sort((a, b) => a - b));
    const sent = (await dashboardGifts(t.db, actor, readDashboardQuery({ sort: "sent" }).query, 100)).rows;
    const firstUnsent = sent.findIndex((r) => r.sentAt === null);
    expect(firstUnsent).toBeGreaterThan(0);
    expect(sent.slice(firstUnsent).every((r) => r.sentAt === null)).toBe(true);
    const expires = (await dashboardGifts(t.db, actor, readDashboardQuery({ sort: "-expires" }).query, 100)).rows;
    expect(expires[0].expiresOn).toBeNull(); // "never" is the latest
  });

  it("sorts stages in the funnel's order, and the index is on that very order", async () => {
    const rows = (await dashboardGifts(t.db, actor, readDashboardQuery({ sort: "stage" }).query, 100)).rows;
    const seen = [...new Set(rows.map((r) => r.stage))];
    expect(seen).toEqual(["pending_approval", "scheduled", "sent", "opened", "redeemed", "expired", "cancelled"]);
    expect(STAGE_ORDER.slice(0, 7)).toEqual([
      "pending_approval",
      "scheduled",
      "sent",
      "opened",
      "redeemed",
      "shipped",
      "delivered",
    ]);
    // The migration's CASE lists the stages in STAGE_ORDER (an expression index must be the sort's expression).
    const sql = readFileSync("prisma/migrations/20261202183100_campaign_reminders_sorts/migration.sql", "utf8");
    const ranks = [...sql.matchAll(/WHEN '(\w+)' THEN (\d+)/g)].map((m) => [m[1], Number(m[2])]);
    expect(ranks).toEqual(STAGE_ORDER.map((stage, rank) => [stage, rank]));
    const { STAGES } = await import("@/lib/gifts/stages");
    expect([...STAGE_ORDER].sort()).toEqual([...STAGES].sort());
  });

  it("sorts by collection name, ties by collection then gift, and walks collections with no sort of the team's gifts", async () => {
    const rows = (await dashboardGifts(t.db, actor, readDashboardQuery({ sort: "collection" }).query, 100)).rows;
    expect(rows.map((r) => r.collection)).toEqual(
      [...rows.map((r) => r.collection)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    expect(rows[0].collection).toBe("Alpine");
    for (const descending of [false, true]) {
      for (const after of [undefined, { collection: { id: 1, name: "Alpine" }, id: "gft_m" }]) {
        const plan = await t.db.$transaction(async (tx) => {
          await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
          await tx.$executeRawUnsafe("SET LOCAL enable_bitmapscan = off");
          const rows = await queryRows<{ "QUERY PLAN": string }>(
            tx,
            Prisma.sql`EXPLAIN ${collectionOrder(dashboardWhere(actor, live()), descending, 26, after)}`,
          );
          return rows.map((r) => r["QUERY PLAN"]).join("\n");
        });
        expect(plan).toContain("Gift_sort_collection_idx");
        expect(plan).toContain("Collection_name_id_idx");
        // A sort step only ever sorts rows a LIMIT already bounded (the rest of the cursor's
        // collection, or one collection's page whose (name, id) order is presorted): never a scan.
        const nodes = plan
          .split("\n")
          .filter((line) => /^\s*(->\s+)?[A-Z]/.test(line) && !/^\s*[A-Z][a-z]+ ?[A-Za-z]*:/.test(line));
        nodes.forEach((line, i) => {
          if (/(^|->\s+)Sort\s+\(/.test(line)) expect(nodes[i + 1], plan).toMatch(/->\s+Limit/);
          if (/Incremental Sort\s+\(/.test(line)) expect(nodes[i + 1], plan).toMatch(/->\s+Nested Loop/);
        });
        expect(plan).toMatch(/Merge Append|Incremental Sort/);
        expect(plan).not.toMatch(/Seq Scan on "Gift"|Seq Scan on "Collection"/);
      }
    }
  });

  it("uses its index for each sort (the plan reads an index range, never the whole table sorted)", async () => {
    const indexes: Record<string, string> = {
      recipient: "Gift_sort_recipient_idx",
      stage: "Gift_sort_stage_idx",
      sent: "Gift_sort_sent_idx",
      expires: "Gift_sort_expires_idx",
      price: "Gift_sort_price_idx",
    };
    for (const [column, index] of Object.entries(indexes)) {
      for (const direction of ["ASC", "DESC"]) {
        const plan = await t.db.$transaction(async (tx) => {
          // A few rows make a sequential scan cheapest: take it away to see that the index can serve the order.
          await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
          await tx.$executeRawUnsafe("SET LOCAL enable_bitmapscan = off");
          await tx.$executeRawUnsafe("SET LOCAL enable_sort = off");
          const key = SORT_KEYS[column as keyof typeof SORT_KEYS].sql;
          const rows = await queryRows<{ "QUERY PLAN": string }>(
            tx,
            Prisma.sql`EXPLAIN SELECT g."id" FROM "Gift" g WHERE ${dashboardWhere(actor, live())}
                       ORDER BY ${key} ${Prisma.raw(direction)}, g."id" ${Prisma.raw(direction)} LIMIT 26`,
          );
          return rows.map((r) => r["QUERY PLAN"]).join("\n");
        });
        expect(plan).toContain(index);
        expect(plan).not.toMatch(/\bSort\b/);
      }
    }
  });

  it("ignores an unknown sort or a cursor of another sort with the same notice as a bad filter", async () => {
    const bad = readDashboardQuery({ sort: "-password" });
    expect(bad.query.sort).toBeUndefined();
    expect(bad.problems.map((p) => p.param)).toEqual(["sort"]);
    expect(readDashboardQuery({ sort: "x".repeat(10_000) }).problems[0].message.length).toBeLessThan(200);
    const page = await dashboardGifts(t.db, actor, readDashboardQuery({ sort: "price" }).query, 3);
    const crossed = readDashboardQuery({ sort: "stage", after: page.next! });
    expect(crossed.problems.map((p) => p.param)).toEqual(["after"]);
    for (const after of [
      "cHJpY2V8MTIzNDU2Nzg5MDEyfGdmdA",
      Buffer.from("price|1\u0000|g").toString("base64url"),
      "%%%",
    ]) {
      expect(readDashboardQuery({ sort: "price", after }).problems.map((p) => p.param)).toEqual(["after"]);
    }
    for (const [sort, order] of [
      ["created", "oldest"],
      ["-created", "newest"],
    ]) {
      const { query } = readDashboardQuery({ sort });
      expect(query.order).toBe(order);
      expect(query.sort).toBeUndefined();
    }
  });
});

describe("acting on many gifts", () => {
  it("cancels every selected gift, refunding the sum of their charges, as the preview said", async () => {
    const { actor, gift } = await team();
    const gifts = await Promise.all([2500, 4000, 1234].map((priceCents) => gift({ priceCents })));
    const ids = gifts.map((g) => g.id);
    const preview = await selectionPreview(t.db, actor, ids);
    expect(preview.refundCents).toBe(2500 + 4000 + 1234);
    const done = await actOnGiftsOnce(t.db, actor, { formKey: key(), ids, action: { kind: "cancel" } });
    expect(done.refundedCents).toBe(preview.refundCents);
    expect(done).toMatchObject({ done: [...ids].sort(), refusals: [] });
    expect(await stages(ids)).toEqual(["cancelled", "cancelled", "cancelled"]);
    const refunded = await refunds(ids);
    expect(refunded).toHaveLength(3);
    expect(refunded.reduce((sum, r) => sum + r.amountCents, 0)).toBe(-preview.refundCents);
  });

  it("acts on each gift on its own: one that can't be cancelled is reported with why, the others are cancelled", async () => {
    const { actor, gift } = await team();
    const fine = await gift();
    const redeemed = await gift({ stage: "redeemed" });
    const cancelled = await gift({ stage: "cancelled" });
    const ids = [fine.id, redeemed.id, cancelled.id];
    const preview = await selectionPreview(t.db, actor, ids);
    expect(preview).toMatchObject({ cancellable: 1, refundCents: fine.priceCents });
    const done = await actOnGiftsOnce(t.db, actor, { formKey: key(), ids, action: { kind: "cancel" } });
    expect(done.done).toEqual([fine.id]);
    expect(done.refundedCents).toBe(fine.priceCents);
    expect([...done.refusals].sort((a, b) => (a.giftId < b.giftId ? -1 : 1))).toEqual(
      [
        { giftId: redeemed.id, message: expect.stringContaining("it is redeemed") },
        { giftId: cancelled.id, message: expect.stringContaining("it is cancelled") },
      ].sort((a, b) => (a.giftId < b.giftId ? -1 : 1)),
    );
    expect(await stages(ids)).toEqual(["cancelled", "cancelled", "redeemed"]);
    expect((await refunds(ids)).map((r) => r.giftId)).toEqual([fine.id]);
    // One event per gift that moved, none for the ones that refused.
    expect(await t.db.giftEvent.count({ where: { giftId: { in: ids }, stage: "cancelled", action: null } })).toBe(1);
  });

  it("reports any typed refusal a gift's own function throws (a link gift has no email to resend)", async () => {
    const { actor, gift } = await team();
    const sent = await gift({ stage: "sent" });
    const link = await gift({ stage: "sent", deliveryMethod: "link" });
    const done = await actOnGifts(t.db, actor, { ids: [sent.id, link.id], action: { kind: "resend" } });
    expect(done.done).toEqual([sent.id]);
    expect(done.refusals).toEqual([{ giftId: link.id, message: expect.stringContaining("it has no email to resend") }]);
    expect(done.emailIds).toHaveLength(1);
    expect(await t.db.giftEvent.count({ where: { giftId: link.id, action: "resent" } })).toBe(0);
  });

  it("reports an erased gift for a resend (it has no address any more) and resends the others", async () => {
    const { actor, gift } = await team();
    const sent = await gift({ stage: "sent" });
    const erased = await gift({ stage: "sent" });
    await t.db.gift.update({ where: { id: erased.id }, data: { email: null, erasedAt: new Date() } });
    const done = await actOnGifts(t.db, actor, { ids: [sent.id, erased.id], action: { kind: "resend" } });
    expect(done.done).toEqual([sent.id]);
    expect(done.refusals).toEqual([{ giftId: erased.id, message: expect.stringMatching(/erased/i) }]);
    expect(done.emailIds).toHaveLength(1);
    expect(await t.db.giftEvent.count({ where: { giftId: erased.id, action: "resent" } })).toBe(0);
  });

  it("acts once per form key: a double submit refunds once and answers what the first did", async () => {
    const { actor, gift } = await team();
    const ids = (await Promise.all([gift(), gift()])).map((g) => g.id);
    const formKey = key();
    const first = await actOnGiftsOnce(t.db, actor, { formKey, ids, action: { kind: "cancel" } });
    const again = await actOnGiftsOnce(t.db, actor, { formKey, ids, action: { kind: "cancel" } });
    expect(again).toMatchObject({ repeated: true, refundedCents: first.refundedCents, done: first.done, refusals: [] });
    expect(await refunds(ids)).toHaveLength(2);
    // The same key for other gifts is refused, not acted on.
    const other = await gift();
    await expect(
      actOnGiftsOnce(t.db, actor, { formKey, ids: [other.id], action: { kind: "cancel" } }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await stages([other.id])).toEqual(["scheduled"]);
  });

  it("two submissions at the same moment with the same key: the second waits for the first and answers it", async () => {
    const { actor, gift } = await team();
    const ids = (await Promise.all([gift(), gift(), gift()])).map((g) => g.id);
    const formKey = key();
    const both = await Promise.all(
      [0, 1].map(() => actOnGiftsOnce(t.db, actor, { formKey, ids, action: { kind: "cancel" } })),
    );
    expect(both.map((b) => b.refundedCents)).toEqual([both[0].refundedCents, both[0].refundedCents]);
    expect(both.map((b) => b.done)).toEqual([[...ids].sort(), [...ids].sort()]);
    expect(both.filter((b) => b.repeated)).toHaveLength(1);
    expect(await refunds(ids)).toHaveLength(3);
  });

  it("two bulk cancels of the same gifts at once (two tabs, or no key): each gift cancelled and refunded once", async () => {
    const { actor, gift } = await team();
    for (const withKeys of [true, false]) {
      const ids = (await Promise.all(Array.from({ length: 12 }, () => gift({ priceCents: 1000 })))).map((g) => g.id);
      const [a, b] = await Promise.all(
        [key(), key()].map((formKey) =>
          withKeys
            ? actOnGiftsOnce(t.db, actor, { formKey, ids, action: { kind: "cancel" } })
            : actOnGifts(t.db, actor, { ids, action: { kind: "cancel" } }),
        ),
      );
      // Every gift done by exactly one of the two, refused ("it is cancelled") by the other.
      expect([...a.done, ...b.done].sort()).toEqual([...ids].sort());
      expect(a.done.filter((id) => b.done.includes(id))).toEqual([]);
      for (const [mine, theirs] of [
        [a, b],
        [b, a],
      ]) {
        expect(mine.refusals.map((r) => r.giftId).sort()).toEqual([...theirs.done].sort());
        for (const r of mine.refusals) expect(r.message).toContain("it is cancelled");
      }
      expect(a.refundedCents + b.refundedCents).toBe(1000 * ids.length);
      const refunded = await refunds(ids);
      expect(refunded).toHaveLength(ids.length);
      expect(new Set(refunded.map((r) => r.giftId)).size).toBe(ids.length);
      expect(await t.db.giftEvent.count({ where: { giftId: { in: ids }, stage: "cancelled", action: null } })).toBe(
        ids.length,
      );
    }
  });

  it("checks each gift's role as its own cancel does: a member can't cancel an owner's gifts", async () => {
    const { owner, gift } = await team();
    const member = await createPerson(t.db);
    await addMember(t.db, owner.team.id, member.user.id, "member");
    const memberActor = await onTeam(t.db, person(member.user), owner.team.id);
    const ids = [(await gift()).id];
    expect(await actOnGifts(t.db, memberActor, { ids, action: { kind: "cancel" } })).toMatchObject({
      done: [],
      refusals: [{ giftId: ids[0], message: expect.stringContaining("Only the team's owners") }],
    });
    const viewer = await createPerson(t.db);
    await addMember(t.db, owner.team.id, viewer.user.id, "viewer");
    const viewerActor = await onTeam(t.db, person(viewer.user), owner.team.id);
    for (const action of [{ kind: "cancel" }, { kind: "resend" }] as const)
      await expect(actOnGifts(t.db, viewerActor, { ids, action })).rejects.toMatchObject({ status: 403 });
    expect(await stages(ids)).toEqual(["scheduled"]);
    // Another team's gift is not found, so refused too.
    const stranger = await team();
    expect(await actOnGifts(t.db, stranger.actor, { ids, action: { kind: "cancel" } })).toMatchObject({
      done: [],
      refusals: [{ giftId: ids[0], message: expect.stringContaining("No gift") }],
    });
    expect(await stages(ids)).toEqual(["scheduled"]);
  });

  it("resends and extends through the gifts' own functions, reporting each gift that refuses", async () => {
    const { actor, gift } = await team();
    const sent = await Promise.all([gift({ stage: "sent" }), gift({ stage: "opened" })]);
    const ids = sent.map((g) => g.id);
    const resent = await actOnGifts(t.db, actor, { ids, action: { kind: "resend" } });
    expect(resent.emailIds).toHaveLength(2);
    expect(await t.db.giftEvent.count({ where: { giftId: { in: ids }, action: "resent" } })).toBe(2);
    // Again at once: the resend limit (one every few minutes) refuses both, and nothing is queued.
    const again = await actOnGifts(t.db, actor, { ids, action: { kind: "resend" } });
    expect(again).toMatchObject({ done: [], emailIds: [] });
    expect(again.refusals.map((r) => r.giftId).sort()).toEqual([...ids].sort());
    expect(await t.db.giftEvent.count({ where: { giftId: { in: ids }, action: "resent" } })).toBe(2);

    const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const expiring = await Promise.all([1, 2].map(() => gift()));
    await t.db.gift.updateMany({
      where: { id: { in: expiring.map((g) => g.id) } },
      data: { expiresOn: new Date(Date.now() + 7 * 86_400_000) },
    });
    const never = await gift(); // never expires: "nothing to extend"
    const extended = await actOnGifts(t.db, actor, {
      ids: [...expiring.map((g) => g.id), never.id],
      action: { kind: "extend", expiresOn: inAMonth },
    });
    expect(extended.refusals).toEqual([{ giftId: never.id, message: expect.stringContaining("never expires") }]);
    expect(extended.done).toEqual(expiring.map((g) => g.id).sort());
    const after = await t.db.gift.findMany({ where: { id: { in: expiring.map((g) => g.id) } } });
    expect(after.map((g) => g.expiresOn!.toISOString().slice(0, 10))).toEqual([inAMonth, inAMonth]);
  });

  it("refuses hostile selections before touching anything: none, too many, malformed or NUL ids", async () => {
    const { actor } = await team();
    for (const ids of [
      [],
      Array.from({ length: MAX_BULK_GIFTS + 1 }, (_, i) => `gft_${i}`),
      ["gft_ok", "gft_\u0000"],
      ['\'; DROP TABLE "Gift"; --'],
      ["gft_" + "a".repeat(10_000)],
    ]) {
      await expect(actOnGifts(t.db, actor, { ids, action: { kind: "cancel" } })).rejects.toBeInstanceOf(
        ValidationError,
      );
      await expect(selectionPreview(t.db, actor, ids)).rejects.toBeInstanceOf(ValidationError);
    }
    await expect(
      actOnGiftsOnce(t.db, actor, { formKey: "short", ids: ["gft_a"], action: { kind: "cancel" } }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it("bounds the whole filtered view: one id past the limit says the view is too large", async () => {
    const { owner, actor } = await team();
    const cat = await catalogue(t.db);
    await t.db.gift.createMany({
      data: Array.from({ length: MAX_BULK_GIFTS + 5 }, () =>
        giftRow(cat, { teamId: owner.team.id, senderId: owner.user.id, recipientName: "Many" }),
      ),
    });
    expect(await viewGiftIds(t.db, actor, live())).toHaveLength(MAX_BULK_GIFTS + 1);
    expect(await viewGiftIds(t.db, actor, live({ search: "nobody" }))).toEqual([]);
  });

  it(`cancels ${MAX_BULK_GIFTS} gifts (the most at once) a gift per transaction: other requests are answered meanwhile`, async () => {
    const { owner, actor } = await team();
    const cat = await catalogue(t.db);
    const charge = await t.db.charge.create({
      data: {
        teamId: owner.team.id,
        kind: "charge",
        amountCents: 2500 * MAX_BULK_GIFTS,
        description: "test",
        cardLast4: "4242",
      },
    });
    await t.db.gift.createMany({
      data: Array.from({ length: MAX_BULK_GIFTS }, () =>
        giftRow(cat, { teamId: owner.team.id, senderId: owner.user.id, priceCents: 2500, chargeId: charge.id }),
      ),
    });
    const ids = await viewGiftIds(t.db, actor, live());
    // Every transaction the action opens, timed from its first statement to its commit.
    const transactionMs: number[] = [];
    const $transaction = t.db.$transaction.bind(t.db) as (
      work: (tx: unknown) => Promise<unknown>,
      o?: unknown,
    ) => Promise<unknown>;
    const timed = (work: (tx: unknown) => Promise<unknown>, options?: unknown) =>
      $transaction(async (tx) => {
        const started = performance.now();
        try {
          return await work(tx);
        } finally {
          transactionMs.push(performance.now() - started);
        }
      }, options);
    // Another request meanwhile: a statement every 20 ms, timed from sent to answered.
    const waits: number[] = [];
    let acting = true;
    const probe = (async () => {
      while (acting) {
        const sent = performance.now();
        await queryRows(t.db, Prisma.sql`SELECT count(*)::int AS n FROM "Gift" WHERE "teamId" = ${owner.team.id}`);
        waits.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    Object.assign(t.db, { $transaction: timed });
    let done;
    try {
      done = await actOnGiftsOnce(t.db, actor, { formKey: key(), ids, action: { kind: "cancel" } });
    } finally {
      Object.assign(t.db, { $transaction });
      acting = false;
    }
    const ms = performance.now() - started;
    await probe;
    const longest = Math.max(...transactionMs);
    const slowestProbe = Math.max(...waits);
    console.log(
      `bulk cancel of ${ids.length} gifts: ${Math.round(ms)} ms, ${transactionMs.length} transactions, the longest ${Math.round(longest)} ms; ${waits.length} statements meanwhile, the slowest answered in ${Math.round(slowestProbe)} ms`,
    );
    expect(done.refundedCents).toBe(2500 * MAX_BULK_GIFTS);
    expect(done.done).toHaveLength(MAX_BULK_GIFTS);
    expect(await t.db.charge.count({ where: { refundOfId: charge.id } })).toBe(MAX_BULK_GIFTS);
    expect(transactionMs).toHaveLength(MAX_BULK_GIFTS);
    // Other work ran all along: many statements answered, none held for more than a few gifts' time.
    expect(waits.length).toBeGreaterThan(10);
    expect(slowestProbe).toBeLessThan(Math.max(500, ms / 5));
  }, 120_000);
});

describe("saved views", () => {
  it("saves the view's filters and sort (never its page) under a unique name per team, lists and deletes them", async () => {
    const { actor } = await team();
    const view = await saveView(t.db, actor, {
      name: "  Big   spenders ",
      params: { stage: "sent", sort: "-price", after: "abc", q: "ada", bogus: "x" },
    });
    expect(view).toMatchObject({ name: "Big spenders", query: "?q=ada&stage=sent&sort=-price" });
    await expect(saveView(t.db, actor, { name: "Big spenders", params: {} })).rejects.toMatchObject({ status: 409 });
    const other = await team();
    await saveView(t.db, other.actor, { name: "Big spenders", params: {} }); // another team's names are its own
    expect((await listSavedViews(t.db, actor)).map((v) => v.name)).toEqual(["Big spenders"]);
    await expect(deleteView(t.db, other.actor, view.id)).rejects.toMatchObject({ status: 404 });
    await deleteView(t.db, actor, view.id);
    expect(await listSavedViews(t.db, actor)).toEqual([]);
  });

  it("refuses empty, long or control-character names, viewers, and more than the bound", async () => {
    const { owner, actor } = await team();
    for (const name of ["", "   ", "x".repeat(61), "a\u0000b", "tab\there"]) {
      await expect(saveView(t.db, actor, { name, params: {} })).rejects.toBeInstanceOf(ValidationError);
    }
    // Bidirectional overrides and isolates (a name that reads otherwise than it is), a lone surrogate.
    for (const name of ["Q4 \u202Egnp.exe", "\u202Aleft", "\u2066isolate\u2069", "cut \uD83D", "line\u2028break"]) {
      await expect(saveView(t.db, actor, { name, params: {} })).rejects.toMatchObject({
        problems: [{ detail: expect.stringContaining("text-direction") }],
      });
    }
    expect(await listSavedViews(t.db, actor)).toEqual([]);
    // Letters of any script, and emoji, are names like any other.
    await saveView(t.db, actor, { name: "עברית 🎁 ünïcode", params: {} });
    await deleteView(t.db, actor, (await listSavedViews(t.db, actor))[0].id);
    const viewer = await createPerson(t.db);
    await addMember(t.db, owner.team.id, viewer.user.id, "viewer");
    const viewerActor = await onTeam(t.db, person(viewer.user), owner.team.id);
    await expect(saveView(t.db, viewerActor, { name: "mine", params: {} })).rejects.toMatchObject({ status: 403 });
    for (let i = 0; i < MAX_SAVED_VIEWS; i++) await saveView(t.db, actor, { name: `view ${i}`, params: {} });
    await expect(saveView(t.db, actor, { name: "one more", params: {} })).rejects.toMatchObject({ status: 409 });
    // Two saves of one name at once: one is saved, the other refused.
    const { actor: fresh } = await team();
    const both = await Promise.allSettled([0, 1].map(() => saveView(t.db, fresh, { name: "same", params: {} })));
    expect(both.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
  });
});
