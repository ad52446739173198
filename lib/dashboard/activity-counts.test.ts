import { beforeAll, describe, expect, it } from "vitest";
import { inSandbox, onTeam, type SessionActor, type TeamActor } from "@/lib/actor";
import { queryRows } from "@/lib/database/sql";
import type { PrismaClient } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { compactActivityCounts } from "@/lib/gifts/stage-counts";
import { markGiftsSent, moveGift } from "@/lib/gifts/stages";
import { catalogue, chargeFor, createAccount, giftRow } from "@/lib/testing/fixtures";
import { liveQuery as live, sessionActor as person } from "@/lib/testing/dashboard";
import { processDatabaseForFile } from "@/lib/testing/teams";
import { openTwoHandles } from "@/lib/testing/two-handles";
import { activityOf, activitySql, chartDays } from "./charts";
import { dashboardBoard } from "./board";
import { dashboardWhere } from "./where";
import type { DashboardQuery } from "./index";

// The activity chart's kept counts ("GiftActivityCount" and its deltas, kept by the triggers of
// the migration 20261202190000_gift_activity_counts) against the chart's statement before them,
// which counted the events themselves: the same chart for every range of days, after every kind
// of change to gifts and their events, on both databases.
const t = processDatabaseForFile();

/** The chart's statement before the kept counts (2026-11-29), verbatim: the recount. */
function recountSql(actor: TeamActor, query: DashboardQuery, days: string[]): Prisma.Sql {
  const { stage: _s, after: _a, from: _f, to: _t, ...rest } = query;
  const start = days[0];
  const end = days[days.length - 1];
  return Prisma.sql`
    SELECT to_char(d."at", 'YYYY-MM-DD') AS "day", d."kind", count(*)::int AS "count" FROM (
      SELECT g."sentAt" AS "at", 'sent' AS "kind" FROM "Gift" g
      WHERE ${dashboardWhere(actor, rest)} AND g."sentAt" >= ${start}::date AND g."sentAt" < ${end}::date + 1
      UNION ALL
      SELECT min(e."createdAt"), e."stage" FROM "GiftEvent" e JOIN "Gift" g ON g."id" = e."giftId"
      WHERE ${dashboardWhere(actor, rest)} AND e."stage" IN ('opened', 'redeemed') AND e."action" IS NULL
        AND e."createdAt" >= ${start}::date AND e."createdAt" < ${end}::date + 1
      GROUP BY e."giftId", e."stage"
    ) d GROUP BY 1, 2`;
}

type Row = { day: string; kind: string; count: number };

async function chart(db: PrismaClient, actor: TeamActor, query: DashboardQuery, sql: typeof recountSql) {
  const days = chartDays(query);
  return activityOf(days, await queryRows<Row>(db, sql(actor, query, days)));
}

const day = (n: number, time = "12:00:00") => new Date(`2026-05-${String(n).padStart(2, "0")}T${time}Z`);
const iso = (n: number) => day(n).toISOString().slice(0, 10);

/** Every chart of days within May 1–20 (each start, to the 20th and to the 10th), kept equals recounted. */
async function expectSameCharts(db: PrismaClient, actors: TeamActor[]) {
  for (const actor of actors)
    for (const [from, to] of [...Array.from({ length: 20 }, (_, i) => [i + 1, 20]), [1, 10], [4, 10], [9, 9]]) {
      const query = live({ mode: actor.mode, from: iso(from), to: iso(to) });
      const kept = await chart(db, actor, query, (a, q, d) => activitySql(a, q, d)!);
      expect(kept, `${actor.mode} ${iso(from)}..${iso(to)}`).toEqual(await chart(db, actor, query, recountSql));
    }
}

let actor: TeamActor<SessionActor>;
let sandbox: TeamActor<SessionActor>;
let cat: Awaited<ReturnType<typeof catalogue>>;

beforeAll(async () => {
  const account = await createAccount(t.db);
  actor = await onTeam(t.db, person(account.user), account.team.id);
  sandbox = inSandbox(actor);
  cat = await catalogue(t.db);
});

describe("the activity chart's kept counts", () => {
  it("equal a recount from the events after sends, opens, redemptions, re-opens, cancels and deletions", async () => {
    const teamId = actor.team.id;
    const { id: chargeId } = await chargeFor(t.db, [{ teamId, priceCents: 20 * cat.collection.priceCents }]);
    const base = { teamId, senderId: actor.user.id, chargeId, createdAt: day(1) };
    // A bulk insert: some already sent (one at the very end of a day), the rest scheduled; and sandbox gifts.
    const gifts = Array.from({ length: 16 }, (_, i) =>
      giftRow(cat, {
        ...base,
        ...(i < 4 ? { stage: "sent", sentAt: day(2 + i, i === 0 ? "23:59:59.999" : "12:00:00") } : {}),
      }),
    );
    const sandboxGifts = Array.from({ length: 3 }, () =>
      giftRow(cat, { ...base, teamId: "sandbox", livemode: false, chargeId: null }),
    );
    await t.db.gift.createMany({ data: [...gifts, ...sandboxGifts] });
    await expectSameCharts(t.db, [actor, sandbox]);

    // Sends as delivery makes them (one statement for several gifts), and stage moves with their events.
    await markGiftsSent(
      t.db,
      gifts.slice(4, 10).map((g) => g.id),
      day(3),
    );
    await markGiftsSent(
      t.db,
      sandboxGifts.map((g) => g.id),
      day(4),
    );
    await moveGift(t.db, gifts[0].id, "opened", { at: day(3, "00:00:00") });
    await moveGift(t.db, gifts[1].id, "opened", { at: day(5) });
    await moveGift(t.db, gifts[1].id, "redeemed", { at: day(6) });
    await moveGift(t.db, gifts[4].id, "opened", { at: day(9) });
    await moveGift(t.db, sandboxGifts[0].id, "opened", { at: day(7) });
    await moveGift(t.db, gifts[5].id, "cancelled", { at: day(8) });
    await expectSameCharts(t.db, [actor, sandbox]);

    // Re-opens: a gift opened again on later days (and twice on one), counted once per chart on
    // its first day in the chart's range; an action (a reminder) at an open stage is no open.
    for (const [n, time] of [
      [9, "08:00:00"],
      [9, "20:00:00"],
      [14, "12:00:00"],
    ] as const)
      await t.db.giftEvent.create({ data: { giftId: gifts[0].id, stage: "opened", createdAt: day(n, time) } });
    await t.db.giftEvent.create({
      data: { giftId: gifts[0].id, stage: "opened", action: "reminded", createdAt: day(11) },
    });
    // An earlier open arriving late (a backdated event), and redemptions on several days.
    await t.db.giftEvent.createMany({
      data: [
        { giftId: gifts[4].id, stage: "opened", createdAt: day(6) },
        { giftId: gifts[2].id, stage: "redeemed", createdAt: day(12) },
        { giftId: gifts[2].id, stage: "redeemed", createdAt: day(10) },
      ],
    });
    await expectSameCharts(t.db, [actor, sandbox]);

    // Events deleted (the middle, the first and the last of a gift's days) and moved to another day or stage.
    const opens = await t.db.giftEvent.findMany({
      where: { giftId: gifts[0].id, stage: "opened", action: null },
      orderBy: { createdAt: "asc" },
    });
    await t.db.giftEvent.delete({ where: { id: opens[2].id } }); // one of the two on the 9th
    await t.db.giftEvent.delete({ where: { id: opens[0].id } }); // its first open
    await t.db.giftEvent.update({ where: { id: opens[3].id }, data: { createdAt: day(4) } });
    await t.db.giftEvent.update({ where: { id: opens[1].id }, data: { stage: "redeemed" } });
    await t.db.giftEvent.updateMany({ where: { giftId: gifts[2].id, stage: "redeemed" }, data: { action: "updated" } });
    await expectSameCharts(t.db, [actor, sandbox]);

    // A gift's send moved or undone, a gift given to another sender, gifts deleted (their events go with them).
    await t.db.gift.update({ where: { id: gifts[6].id }, data: { sentAt: day(15) } });
    await t.db.gift.update({ where: { id: gifts[7].id }, data: { sentAt: null } });
    const other = await createAccount(t.db);
    await t.db.gift.update({ where: { id: gifts[1].id }, data: { senderId: other.user.id } });
    await t.db.gift.update({ where: { id: sandboxGifts[1].id }, data: { senderId: other.user.id } });
    await t.db.gift.deleteMany({ where: { id: { in: [gifts[4].id, gifts[8].id, sandboxGifts[0].id] } } });
    await expectSameCharts(t.db, [actor, sandbox]);

    // Folding the deltas (compact-stage-counts) changes no chart, each delta taken once by two folds at once.
    const [a, b] = await Promise.all([compactActivityCounts(t.db), compactActivityCounts(t.db)]);
    expect(a + b).toBeGreaterThan(0);
    expect(await compactActivityCounts(t.db)).toBe(0);
    await expectSameCharts(t.db, [actor, sandbox]);
    await moveGift(t.db, gifts[3].id, "opened", { at: day(13) }); // a delta after folding adds to the folded count
    await expectSameCharts(t.db, [actor, sandbox]);

    // Every gift deleted: nothing left to count, and no row left that counts anything.
    await t.db.gift.deleteMany({ where: { teamId } });
    await compactActivityCounts(t.db);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      Prisma.sql`SELECT count(*)::int AS "n" FROM "GiftActivityCount" WHERE "teamId" = ${teamId} AND "count" <> 0`,
    );
    expect(n).toBe(0);
  });

  it("stay exact under concurrent writers of one gift's events and of sends", async () => {
    const two = await openTwoHandles();
    try {
      const account = await createAccount(two.a);
      const owner = await onTeam(two.a, person(account.user), account.team.id);
      const c = await catalogue(two.a);
      const teamId = account.team.id;
      const { id: chargeId } = await chargeFor(two.a, [{ teamId, priceCents: 6 * c.collection.priceCents }]);
      const gifts = Array.from({ length: 6 }, () =>
        giftRow(c, { teamId, senderId: account.user.id, chargeId, createdAt: day(1) }),
      );
      await two.a.gift.createMany({ data: gifts });
      // Two writers add opens of one gift at once (a later day first): the second waits for the
      // first (the trigger locks the gift) and sees its open, so the earlier day counts first.
      let inserted!: () => void;
      const first = new Promise<void>((resolve) => (inserted = resolve));
      await Promise.all([
        two.a.$transaction(async (tx) => {
          await tx.giftEvent.create({ data: { giftId: gifts[0].id, stage: "opened", createdAt: day(9) } });
          inserted();
          await tx.$queryRaw`SELECT 1 FROM pg_sleep(0.2)`;
        }),
        first.then(() => two.b.giftEvent.create({ data: { giftId: gifts[0].id, stage: "opened", createdAt: day(3) } })),
      ]);
      // Two delivery workers marking gifts sent, and opens of different gifts, at once.
      await Promise.all([
        markGiftsSent(two.a, [gifts[1].id, gifts[2].id], day(5)),
        markGiftsSent(two.b, [gifts[3].id], day(5)),
        ...gifts.slice(1, 5).map((g, i) => moveGift(i % 2 ? two.a : two.b, g.id, "opened", { at: day(6 + i) })),
      ]);
      await expectSameCharts(two.a, [owner]);
      await Promise.all([compactActivityCounts(two.a), compactActivityCounts(two.b)]);
      await expectSameCharts(two.a, [owner]);
    } finally {
      await two.close();
    }
  });

  it("give the board the chart it drew before them, in every view", async () => {
    const teamId = actor.team.id;
    const now = new Date();
    const ago = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const { id: chargeId } = await chargeFor(t.db, [{ teamId, priceCents: 8 * cat.collection.priceCents }]);
    const gifts = Array.from({ length: 8 }, (_, i) =>
      giftRow(cat, {
        teamId,
        senderId: actor.user.id,
        chargeId,
        stage: "sent",
        sentAt: ago(i * 5),
        recipientName: i % 2 ? "Ada Lovelace" : "Alan Turing",
        createdAt: ago(i * 5 + 1),
      }),
    );
    await t.db.gift.createMany({ data: gifts });
    for (const [i, g] of gifts.entries()) if (i % 3 !== 2) await moveGift(t.db, g.id, "opened", { at: ago(i * 4) });
    await t.db.giftEvent.create({ data: { giftId: gifts[7].id, stage: "opened", createdAt: ago(40) } });
    for (const q of [
      {},
      { stage: "sent" as const },
      { search: "ada" },
      { search: "ada", from: iso(2) },
      { order: "oldest" as const },
      { from: iso(2) },
    ])
      for (const who of [actor, sandbox]) {
        const query = live({ mode: who.mode, ...q });
        const board = await dashboardBoard(t.db, who, query, now);
        const days = chartDays(query, now);
        const before = activityOf(days, await queryRows<Row>(t.db, recountSql(who, query, days)));
        expect(board.activity, JSON.stringify(q)).toEqual(before);
      }
    expect((await dashboardBoard(t.db, actor, live(), now)).activity.some((d) => d.opened > 0)).toBe(true);
  });
});
