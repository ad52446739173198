import { beforeAll, describe, expect, it } from "vitest";
import { inSandbox, onTeam, type SessionActor, type TeamActor } from "@/lib/actor";
import { STAGES } from "@/lib/gifts";
import { moveGift } from "@/lib/gifts/stages";
import { compactStageCounts } from "@/lib/gifts/stage-counts";
import { HttpError } from "@/lib/errors";
import { addMember } from "@/lib/teams";
import { catalogue, chargeFor, createAccount, giftRow } from "@/lib/testing/fixtures";
import { createPerson, processDatabaseForFile } from "@/lib/testing/teams";
import {
  dashboardBatches,
  dashboardFunnel,
  dashboardGift,
  dashboardGiftPages,
  dashboardGifts,
  dashboardGiftsAndFunnel,
  dashboardSearch,
  EXPORT_COLUMNS,
  exportRow,
  FUNNEL_EXITS,
  FUNNEL_PATH,
  readDashboardQuery,
  type DashboardQuery,
} from "./index";
import { liveQuery as live, sessionActor as person } from "@/lib/testing/dashboard";

const t = processDatabaseForFile();

type Account = Awaited<ReturnType<typeof createAccount>>;
let owner: Account;
let ownerActor: TeamActor<SessionActor>;
let memberActor: TeamActor<SessionActor>;
let viewerActor: TeamActor<SessionActor>;

/** Gifts on the owner's team: one per stage on 2026-03-0<n>, two more named for search, a batch of three. */
beforeAll(async () => {
  owner = await createAccount(t.db);
  const member = await createPerson(t.db);
  const viewer = await createPerson(t.db);
  await addMember(t.db, owner.team.id, member.user.id, "member");
  await addMember(t.db, owner.team.id, viewer.user.id, "viewer");
  ownerActor = await onTeam(t.db, person(owner.user), owner.team.id);
  memberActor = await onTeam(t.db, person(member.user), owner.team.id);
  viewerActor = await onTeam(t.db, person(viewer.user), owner.team.id);
  const cat = await catalogue(t.db);
  const base = { teamId: owner.team.id, senderId: owner.user.id };
  // The stages a gift takes first, then those added later, in the order they came (so earlier ones keep their days).
  const later = ["pending_approval", "declined", "donated"] as const;
  const stages = [...STAGES.filter((s) => !(later as readonly string[]).includes(s)), ...later];
  const rows = stages.map((stage, i) =>
    giftRow(cat, {
      ...base,
      stage,
      recipientName: `Stage ${stage}`,
      createdAt: new Date(`2026-03-${String(i + 1).padStart(2, "0")}T12:00:00Z`),
    }),
  );
  await t.db.giftBatch.create({
    data: { id: "bat_q4", teamId: owner.team.id, senderId: owner.user.id, livemode: true, name: "Q4", size: 3 },
  });
  rows.push(
    giftRow(cat, {
      ...base,
      recipientName: "Ada Lovelace",
      email: "ada@analytical.test",
      createdAt: new Date("2026-04-01T00:00:00Z"),
    }),
    giftRow(cat, {
      ...base,
      recipientName: "100% Real_Name",
      email: "odd@example.test",
      createdAt: new Date("2026-04-02T00:00:00Z"),
    }),
    ...[1, 2, 3].map((n) =>
      giftRow(cat, {
        ...base,
        batchId: "bat_q4",
        recipientName: `Batch ${n}`,
        createdAt: new Date(`2026-05-0${n}T00:00:00Z`),
      }),
    ),
  );
  await t.db.gift.createMany({ data: rows });
  // Noise the views must never show: another team's gifts, and the owner's own sandbox gifts (live views).
  const other = await createAccount(t.db);
  await t.db.gift.createMany({
    data: [
      giftRow(cat, { teamId: other.team.id, senderId: other.user.id, recipientName: "Ada Elsewhere" }),
      giftRow(cat, {
        teamId: "sandbox",
        senderId: owner.user.id,
        livemode: false,
        recipientName: "Ada Sandbox",
        priceCents: 0,
      }),
      giftRow(cat, { teamId: "sandbox", senderId: other.user.id, livemode: false, recipientName: "Not Mine" }),
    ],
  });
});

const names = async (actor: TeamActor, query: DashboardQuery) =>
  (await dashboardGifts(t.db, actor, query, 100)).rows.map((r) => r.recipientName);

describe("the gift table", () => {
  it("lists the team's live gifts newest first, and oldest first when asked, and nothing of other teams or the sandbox", async () => {
    const newest = await names(ownerActor, live());
    expect(newest).toHaveLength(STAGES.length + 5);
    expect(newest.slice(0, 3)).toEqual(["Batch 3", "Batch 2", "Batch 1"]);
    expect(await names(ownerActor, live({ order: "oldest" }))).toEqual([...newest].reverse());
    expect(newest).not.toContain("Ada Elsewhere");
    expect(newest).not.toContain("Ada Sandbox");
  });

  it("shows members and viewers the same gifts as owners", async () => {
    const all = await names(ownerActor, live());
    expect(await names(memberActor, live())).toEqual(all);
    expect(await names(viewerActor, live())).toEqual(all);
  });

  it("walks every gift once, page by page, in both orders", async () => {
    for (const order of ["newest", "oldest"] as const) {
      const seen: string[] = [];
      let query = live({ order });
      for (;;) {
        const page = await dashboardGifts(t.db, ownerActor, query, 4);
        seen.push(...page.rows.map((r) => r.id));
        if (!page.next) break;
        query = { ...live({ order }), ...readDashboardQuery({ after: page.next, order }).query };
      }
      expect(seen).toHaveLength(STAGES.length + 5);
      expect(new Set(seen).size).toBe(seen.length);
    }
  });

  it("searches names and emails by any part, case-insensitively, with % and _ as themselves", async () => {
    expect(await names(ownerActor, live({ search: "lovel" }))).toEqual(["Ada Lovelace"]);
    expect(await names(ownerActor, live({ search: "ANALYTICAL" }))).toEqual(["Ada Lovelace"]);
    expect(await names(ownerActor, live({ search: "100%" }))).toEqual(["100% Real_Name"]);
    expect(await names(ownerActor, live({ search: "l_name" }))).toEqual(["100% Real_Name"]);
    expect(await names(ownerActor, live({ search: "%" }))).toEqual(["100% Real_Name"]);
    expect(await names(ownerActor, live({ search: "nobody" }))).toEqual([]);
  });

  it("filters by stage, by days (both ends included) and by batch", async () => {
    expect(await names(ownerActor, live({ stage: "opened" }))).toEqual(["Stage opened"]);
    expect(await names(ownerActor, live({ from: "2026-03-02", to: "2026-03-03" }))).toEqual([
      "Stage opened",
      "Stage sent",
    ]);
    expect(await names(ownerActor, live({ batch: "bat_q4" }))).toEqual(["Batch 3", "Batch 2", "Batch 1"]);
    const [row] = (await dashboardGifts(t.db, ownerActor, live({ batch: "bat_q4" }), 1)).rows;
    expect(row).toMatchObject({ batch: { id: "bat_q4", name: "Q4" }, collection: expect.any(String) });
    expect((await dashboardBatches(t.db, ownerActor)).map((b) => b.name)).toEqual(["Q4"]);
  });

  it("in sandbox mode shows only the person's own sandbox gifts", async () => {
    const sandbox = await onTeam(t.db, inSandbox(person(owner.user)), undefined);
    expect(await names(sandbox, { mode: "sandbox", order: "newest" })).toEqual(["Ada Sandbox"]);
  });
});

describe("the funnel", () => {
  it("counts the gifts that reached each step of the path, and the ones that left it, over the table's filters", async () => {
    const funnel = await dashboardFunnel(t.db, ownerActor, live({ to: "2026-03-31" }));
    expect(funnel.total).toBe(STAGES.length);
    const count = Object.fromEntries([...funnel.path, ...funnel.exits].map((s) => [s.stage, s.count]));
    // One gift per stage: 6 on the path, so "Created" counts all 13 and each later step the ones at or past it.
    expect(count).toEqual({
      scheduled: 13,
      sent: 5,
      opened: 4,
      redeemed: 3,
      shipped: 2,
      delivered: 1,
      expired: 1,
      cancelled: 1,
      failed: 1,
      pending_approval: 1,
      rejected: 1,
      declined: 1,
      donated: 1,
    });
    expect(funnel.path[1].rate).toBeCloseTo(5 / 13);
    expect([...FUNNEL_PATH, ...FUNNEL_EXITS].sort()).toEqual([...STAGES].sort());
  });

  it("ignores the stage filter (it shows every stage of the view) and agrees with the table's count", async () => {
    const query = live({ search: "stage", stage: "sent" });
    const funnel = await dashboardFunnel(t.db, ownerActor, query);
    expect(funnel.total).toBe((await names(ownerActor, { ...query, stage: undefined })).length);
    expect((await dashboardFunnel(t.db, ownerActor, live({ search: "nobody" }))).path[0]).toMatchObject({
      count: 0,
      rate: null,
    });
  });

  it("comes with the table in one statement for a search or a batch, the same as the two apart", async () => {
    const views = [
      live({ search: "stage" }),
      live({ search: "stage", stage: "sent" }),
      live({ search: "stage", order: "oldest" }),
      live({ search: "stage", sort: { column: "recipient", descending: true } }),
      live({ batch: "bat_q4" }),
      live({ batch: "bat_q4", search: "2" }),
      live({ search: "nobody" }),
      live({ from: "2026-03-02", to: "2026-03-03" }),
    ];
    for (const query of views) {
      const both = await dashboardGiftsAndFunnel(t.db, ownerActor, query);
      expect(both.page).toEqual(await dashboardGifts(t.db, ownerActor, query));
      expect(both.funnel).toEqual(await dashboardFunnel(t.db, ownerActor, query));
    }
    // A later page: the cursor bounds the page, not the funnel.
    const four = await dashboardGifts(t.db, ownerActor, live({ search: "stage" }), 4);
    const later = live({ search: "stage", after: four.nextAfter! });
    const both = await dashboardGiftsAndFunnel(t.db, ownerActor, later);
    expect(both.page).toEqual(await dashboardGifts(t.db, ownerActor, later));
    expect(both.page.rows[0].id).not.toBe(four.rows[0].id);
    expect(both.funnel.total).toBe(STAGES.length);
  });
});

describe("one gift's page", () => {
  async function redeemedGift() {
    const cat = await catalogue(t.db);
    const charge = await t.db.charge.create({
      data: { teamId: owner.team.id, kind: "charge", amountCents: 5000, description: "2 gifts", cardLast4: "4242" },
    });
    const address = {
      fullName: "Kim Lee",
      line1: "1 Main Street",
      city: "Springfield",
      region: "IL",
      postalCode: "62701",
      country: "US",
      email: "kim@example.test",
    };
    const row = giftRow(cat, {
      teamId: owner.team.id,
      senderId: owner.user.id,
      stage: "redeemed",
      chargeId: charge.id,
      priceCents: 2500,
      address,
    });
    await t.db.gift.create({
      data: {
        ...row,
        events: {
          create: [
            { stage: "scheduled", createdAt: new Date("2026-06-01T10:00:00Z") },
            { stage: "redeemed", createdAt: new Date("2026-06-02T10:00:00Z") },
          ],
        },
      },
    });
    await t.db.gift.create({
      data: giftRow(cat, { teamId: owner.team.id, senderId: owner.user.id, chargeId: charge.id }),
    });
    await t.db.emailOutbox.create({
      data: {
        kind: "gift",
        to: "robin@example.test",
        subject: "s",
        html: "h",
        text: "t",
        status: "sent",
        transport: "outbox",
        giftId: row.id,
      },
    });
    return row.id;
  }

  it("shows the timeline (stages, emails, the gift's share of its charge) and the full address to owners only", async () => {
    const id = await redeemedGift();
    const page = await dashboardGift(t.db, ownerActor, id);
    const kinds = page.timeline.map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(["stage", "email", "charge"]));
    expect(page.timeline.find((e) => e.kind === "charge")!.title).toBe(
      "Charged $25.00 (its share of $50.00 for 2 gifts)",
    );
    expect(page.timeline.find((e) => e.kind === "email")).toMatchObject({ status: "sent" });
    const times = page.timeline.map((e) => e.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(page.address).toMatchObject({ full: true });
    expect(page.address!.lines.join(" ")).toContain("1 Main Street");
    expect(page.untieUrl).toBeNull(); // redeemed: no link to copy
    expect(page.canCancel).toBe(false);

    for (const actor of [memberActor, viewerActor]) {
      const seen = await dashboardGift(t.db, actor, id);
      expect(seen.address).toEqual({ lines: ["Springfield, IL, United States"], full: false });
    }
  });

  it("offers cancel to owners, to members for their own gifts, never to viewers", async () => {
    const cat = await catalogue(t.db);
    const ownersGift = giftRow(cat, { teamId: owner.team.id, senderId: owner.user.id });
    const membersGift = giftRow(cat, { teamId: owner.team.id, senderId: memberActor.user.id });
    await t.db.gift.createMany({ data: [ownersGift, membersGift] });
    expect((await dashboardGift(t.db, ownerActor, membersGift.id)).canCancel).toBe(true);
    expect((await dashboardGift(t.db, memberActor, membersGift.id)).canCancel).toBe(true);
    expect((await dashboardGift(t.db, memberActor, ownersGift.id)).canCancel).toBe(false);
    expect((await dashboardGift(t.db, viewerActor, ownersGift.id)).canCancel).toBe(false);
    expect((await dashboardGift(t.db, ownerActor, ownersGift.id)).untieUrl).toMatch(/\/untie\//);
  });

  it("says why a bounced gift failed and offers the address's correction as PATCH allows it; the list shows the reason", async () => {
    const cat = await catalogue(t.db);
    const reason = "Bounced: mailbox does not exist";
    const bounced = giftRow(cat, { teamId: owner.team.id, senderId: memberActor.user.id, stage: "failed" });
    const refused = giftRow(cat, { teamId: owner.team.id, senderId: owner.user.id, stage: "failed" });
    const sent = giftRow(cat, { teamId: owner.team.id, senderId: owner.user.id, stage: "sent" });
    const opened = giftRow(cat, { teamId: owner.team.id, senderId: owner.user.id, stage: "opened" });
    const link = giftRow(cat, {
      teamId: owner.team.id,
      senderId: owner.user.id,
      stage: "sent",
      deliveryMethod: "link",
      email: null,
    });
    await t.db.gift.createMany({ data: [{ ...bounced, deliveryIssue: reason }, refused, sent, opened, link] });
    const page = await dashboardGift(t.db, ownerActor, bounced.id);
    expect(page).toMatchObject({ bounced: reason, canCorrectEmail: true });
    // A gift that failed otherwise (a refused order) has no address to correct.
    expect(await dashboardGift(t.db, ownerActor, refused.id)).toMatchObject({ bounced: null, canCorrectEmail: false });
    expect((await dashboardGift(t.db, ownerActor, sent.id)).canCorrectEmail).toBe(true);
    expect((await dashboardGift(t.db, ownerActor, opened.id)).canCorrectEmail).toBe(false);
    expect((await dashboardGift(t.db, ownerActor, link.id)).canCorrectEmail).toBe(false);
    // Members their own gifts; viewers never (updateGift refuses them anyway).
    expect((await dashboardGift(t.db, memberActor, bounced.id)).canCorrectEmail).toBe(true);
    expect((await dashboardGift(t.db, memberActor, sent.id)).canCorrectEmail).toBe(false);
    expect(await dashboardGift(t.db, viewerActor, bounced.id)).toMatchObject({
      bounced: reason,
      canCorrectEmail: false,
    });
    // The failed filter finds it, with its reason.
    const failed = await dashboardGifts(t.db, ownerActor, live({ stage: "failed" }), 500);
    expect(failed.rows.find((r) => r.id === bounced.id)?.deliveryIssue).toBe(reason);
    expect(failed.rows.find((r) => r.id === refused.id)?.deliveryIssue).toBeNull();
  });

  it("is a 404 for another team's gift, a sandbox gift in live mode, or a made-up id", async () => {
    const cat = await catalogue(t.db);
    const other = await createAccount(t.db);
    const foreign = giftRow(cat, { teamId: other.team.id, senderId: other.user.id });
    const sandbox = giftRow(cat, { teamId: "sandbox", senderId: owner.user.id, livemode: false });
    await t.db.gift.createMany({ data: [foreign, sandbox] });
    for (const id of [foreign.id, sandbox.id, "gft_nope", "gft_\u0000"]) {
      const error = await dashboardGift(t.db, ownerActor, id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(404);
    }
  });
});

describe("the URL query", () => {
  it("reads back what dashboardSearch writes", () => {
    const query = {
      mode: "sandbox",
      search: "ada",
      stage: "sent",
      from: "2026-01-01",
      to: "2026-01-31",
      batch: "bat_x",
      order: "oldest",
    } as const;
    const params = Object.fromEntries(new URLSearchParams(dashboardSearch(query)));
    expect(readDashboardQuery(params)).toEqual({ query, problems: [] });
    expect(dashboardSearch({ mode: "live", order: "newest" })).toBe("");
  });

  it("ignores hostile or broken values, says which, and never throws", () => {
    const { query, problems } = readDashboardQuery({
      stage: "drop table",
      from: "2026-02-30x",
      to: "yesterday",
      batch: "bat_' OR 1=1",
      after: "x".repeat(10_000),
      q: ["first", "second"],
      mode: "anything",
    });
    expect(query).toEqual({ mode: "live", order: "newest", search: "first" });
    expect(problems.map((p) => p.param).sort()).toEqual(["after", "batch", "from", "stage", "to"]);
    expect(readDashboardQuery({ q: "a\u0000b" }).problems).toEqual([{ param: "q", message: expect.any(String) }]);
    expect(readDashboardQuery({ q: "y".repeat(5_000) }).query.search).toHaveLength(100);
  });

  it("names days PostgreSQL refuses in the notice; the table, funnel and export run without them (issue 29)", async () => {
    const { query, problems } = readDashboardQuery({ from: "2026-02-30", to: "2026-04-31" });
    expect(problems).toEqual([
      { param: "from", message: '"2026-02-30" is not a date (YYYY-MM-DD).' },
      { param: "to", message: '"2026-04-31" is not a date (YYYY-MM-DD).' },
    ]);
    expect(query).toEqual(live());
    for (const bad of ["0000-01-01", "2026-02-29", "1900-02-29", "2026-06-31", "10000-01-01"]) {
      const read = readDashboardQuery({ from: bad, to: bad });
      expect(
        read.problems.map((p) => p.param),
        bad,
      ).toEqual(["from", "to"]);
      // What the page and the export (app/(site)/dashboard/[team_id]/export.csv) do with the query.
      expect((await dashboardGifts(t.db, ownerActor, read.query, 100)).rows.length).toBeGreaterThan(0);
      for await (const page of dashboardGiftPages(t.db, ownerActor, read.query, 100))
        expect(page.length).toBeGreaterThan(0);
    }
    // Real days at the calendar's edges are taken, and PostgreSQL takes them too.
    for (const [from, to] of [
      ["0001-01-01", "9999-12-31"],
      ["2028-02-29", "2028-02-29"],
      ["2000-02-29", "2400-02-29"],
    ]) {
      const read = readDashboardQuery({ from, to });
      expect(read, `${from} ${to}`).toEqual({ query: live({ from, to }), problems: [] });
      await dashboardGifts(t.db, ownerActor, read.query, 100);
      await dashboardFunnel(t.db, ownerActor, read.query);
    }
  });

  it.each(["", " ", "2026-13-01", "0000-00-00"])("refuses the date %j or leaves it out", (day) => {
    const { query } = readDashboardQuery({ from: day });
    expect(query.from).toBeUndefined();
  });
});

describe("the CSV export", () => {
  it("walks every gift of the view once, in pages, as the table orders them", async () => {
    const pages: string[][] = [];
    for await (const page of dashboardGiftPages(t.db, ownerActor, live(), 3)) pages.push(page.map((r) => r.id));
    expect(pages.every((p) => p.length <= 3)).toBe(true);
    const ids = pages.flat();
    expect(ids).toEqual((await dashboardGifts(t.db, ownerActor, live(), 100)).rows.map((r) => r.id));
    const filtered: string[] = [];
    for await (const page of dashboardGiftPages(t.db, ownerActor, live({ batch: "bat_q4" }), 2))
      filtered.push(...page.map((r) => r.recipientName));
    expect(filtered).toEqual(["Batch 3", "Batch 2", "Batch 1"]);
    const [row] = (await dashboardGifts(t.db, ownerActor, live({ batch: "bat_q4" }), 1)).rows;
    const cells = exportRow(row);
    expect(cells).toHaveLength(EXPORT_COLUMNS.length);
    expect(cells[EXPORT_COLUMNS.indexOf("batch_name")]).toBe("Q4");
  });
});

describe("the funnel's per-day counts", () => {
  const counted = async (teamId: string, from?: string, to?: string) => {
    const rows = await t.db.gift.groupBy({
      by: ["stage"],
      where: {
        teamId,
        livemode: true,
        createdAt: {
          ...(from ? { gte: new Date(`${from}T00:00:00Z`) } : {}),
          ...(to ? { lt: new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000) } : {}),
        },
      },
      _count: true,
    });
    return Object.fromEntries(rows.map((r) => [r.stage, r._count]));
  };
  const fromCounts = (actor: TeamActor, q: Partial<DashboardQuery> = {}) => dashboardFunnel(t.db, actor, live(q));

  it("stay exact through inserts, bulk inserts, stage moves and deletes, whoever writes the gifts", async () => {
    const account = await createAccount(t.db);
    const actor = await onTeam(t.db, person(account.user), account.team.id);
    const cat = await catalogue(t.db);
    const { id: chargeId } = await chargeFor(t.db, [
      { teamId: account.team.id, priceCents: 30 * cat.collection.priceCents },
    ]);
    const base = { teamId: account.team.id, senderId: account.user.id, chargeId };
    const rows = Array.from({ length: 30 }, (_, i) =>
      giftRow(cat, { ...base, createdAt: new Date(`2026-07-0${(i % 3) + 1}T23:59:59Z`) }),
    );
    await t.db.gift.createMany({ data: rows });
    for (const row of rows.slice(0, 10)) await moveGift(t.db, row.id, "sent");
    for (const row of rows.slice(0, 4)) await moveGift(t.db, row.id, "opened");
    await moveGift(t.db, rows[10].id, "cancelled");
    await t.db.gift.deleteMany({ where: { id: { in: [rows[20].id, rows[21].id] } } });

    const exact = await counted(account.team.id);
    expect(exact).toEqual({ scheduled: 17, sent: 6, opened: 4, cancelled: 1 });
    const funnel = await fromCounts(actor);
    expect(funnel.total).toBe(28);
    const byStage = Object.fromEntries([...funnel.path, ...funnel.exits].map((s) => [s.stage, s.count]));
    expect(byStage).toMatchObject({ scheduled: 28, sent: 10, opened: 4, cancelled: 1, expired: 0 });
    // Folding the deltas (the compact-stage-counts job) changes nothing the funnel says, and
    // takes each delta once, whoever else folds at the same moment.
    const [a, b] = await Promise.all([compactStageCounts(t.db), compactStageCounts(t.db)]);
    expect(a + b).toBeGreaterThan(0);
    expect(await compactStageCounts(t.db)).toBe(0);
    expect((await fromCounts(actor)).total).toBe(28);
    await moveGift(t.db, rows[11].id, "sent"); // a delta after folding adds to the folded count
    expect((await fromCounts(actor)).path[1].count).toBe(11);
    // A day's range: the counts of that UTC day only, as the table's filter.
    const oneDay = await fromCounts(actor, { from: "2026-07-02", to: "2026-07-02" });
    expect(oneDay.total).toBe(
      Object.values(await counted(account.team.id, "2026-07-02", "2026-07-02")).reduce((a, b) => a + b, 0),
    );
    // And a search (counted from the gifts) agrees with the counts where both apply.
    const searched = await dashboardFunnel(t.db, actor, live({ search: "Robin" }));
    expect(searched.total).toBe(28);
  });
});
