import { beforeAll, describe, expect, it } from "vitest";
import { inSandbox, onTeam, type SessionActor, type TeamActor } from "@/lib/actor";
import { readBudget } from "@/lib/billing";
import { teamCurrency } from "@/lib/gifts/conversion";
import { listCollections, listDesigns, sendChoices } from "@/lib/catalogue";
import { addMember, listMyTeams } from "@/lib/teams";
import { catalogue, chargeFor, createAccount, giftRow } from "@/lib/testing/fixtures";
import { createPerson, processDatabaseForFile } from "@/lib/testing/teams";
import {
  activityPerDay,
  dashboardBatches,
  dashboardBoard,
  dashboardGiftsAndFunnel,
  listSavedViews,
  readDashboardQuery,
  saveView,
  spendThisMonth,
  type DashboardQuery,
} from "./index";
import { liveQuery as live, sessionActor as person } from "@/lib/testing/dashboard";

// The board's one statement (dashboardBoard) answers what its readers answer apart, for every
// kind of person and view, and nothing of another team's or another person's sandbox.
const t = processDatabaseForFile();

type Account = Awaited<ReturnType<typeof createAccount>>;
let owner: Account;
let other: Account;
let ownerActor: TeamActor<SessionActor>;
let memberActor: TeamActor<SessionActor>;
let viewerActor: TeamActor<SessionActor>;
let otherActor: TeamActor<SessionActor>;
let outsider: Awaited<ReturnType<typeof createPerson>>;

const now = new Date();
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

beforeAll(async () => {
  owner = await createAccount(t.db);
  other = await createAccount(t.db);
  const member = await createPerson(t.db);
  const viewer = await createPerson(t.db);
  outsider = await createPerson(t.db);
  await addMember(t.db, owner.team.id, member.user.id, "member");
  await addMember(t.db, owner.team.id, viewer.user.id, "viewer");
  await addMember(t.db, other.team.id, member.user.id, "member"); // the member's second team
  ownerActor = await onTeam(t.db, person(owner.user), owner.team.id);
  memberActor = await onTeam(t.db, person(member.user), owner.team.id);
  viewerActor = await onTeam(t.db, person(viewer.user), owner.team.id);
  otherActor = await onTeam(t.db, person(other.user), other.team.id);
  const cat = await catalogue(t.db);
  for (const [account, name] of [
    [owner, "Spring"],
    [other, "Elsewhere"],
  ] as const) {
    await t.db.giftBatch.create({
      data: { id: `bat_${name}`, teamId: account.team.id, senderId: account.user.id, livemode: true, name, size: 1 },
    });
    const base = { teamId: account.team.id, senderId: account.user.id };
    const gifts = [
      giftRow(cat, {
        ...base,
        recipientName: `${name} sent`,
        stage: "sent",
        sentAt: daysAgo(2),
        createdAt: daysAgo(3),
      }),
      giftRow(cat, {
        ...base,
        recipientName: `${name} opened`,
        stage: "opened",
        sentAt: daysAgo(1),
        createdAt: daysAgo(2),
        batchId: `bat_${name}`,
      }),
      giftRow(cat, { ...base, recipientName: `${name} 100%_odd`, stage: "scheduled", createdAt: daysAgo(1) }),
    ];
    await t.db.gift.createMany({ data: gifts });
    await t.db.giftEvent.create({ data: { giftId: gifts[1].id, stage: "opened", createdAt: now } });
    await chargeFor(t.db, gifts);
    const actor = account === owner ? ownerActor : otherActor;
    await saveView(t.db, actor, { name: `${name} view`, params: { stage: "sent" } });
  }
  // Sandbox gifts: the owner's own, and another person's (never on the owner's board).
  await t.db.gift.createMany({
    data: [
      giftRow(cat, {
        teamId: "sandbox",
        senderId: owner.user.id,
        livemode: false,
        recipientName: "Mine sandbox",
        priceCents: 0,
      }),
      giftRow(cat, {
        teamId: "sandbox",
        senderId: other.user.id,
        livemode: false,
        recipientName: "Not mine",
        priceCents: 0,
      }),
    ],
  });
  await t.db.team.update({ where: { id: owner.team.id }, data: { monthlyBudgetCents: 1_000_000 } });
});

/** What the board's readers answer one by one (the page read them so until 2026-11-29). */
async function apart(actor: TeamActor, query: DashboardQuery) {
  const { page, funnel } = await dashboardGiftsAndFunnel(t.db, actor, query);
  return {
    page,
    funnel,
    batches: await dashboardBatches(t.db, actor),
    teams: await listMyTeams(t.db, actor.user.id),
    savedViews: await listSavedViews(t.db, actor),
    activity: await activityPerDay(t.db, actor, query, now),
    currency: await teamCurrency(t.db, actor.team.id),
    spend: actor.mode === "live" ? await spendThisMonth(t.db, actor, now) : null,
  };
}

const VIEWS: Record<string, Partial<DashboardQuery>> = {
  everything: {},
  stage: { stage: "sent" },
  search: { search: "opened" },
  "a search with LIKE's wildcards": { search: "100%_" },
  batch: { batch: "bat_Spring" },
  "another team's batch": { batch: "bat_Elsewhere" },
  "created days": { from: "2020-01-01", to: "2099-12-31" },
  oldest: { order: "oldest" },
  "by collection": { sort: { column: "collection", descending: false } },
};

describe("the board's one statement", () => {
  for (const [name, view] of Object.entries(VIEWS))
    it(`answers as its readers apart: ${name}, for an owner, a member and a viewer`, async () => {
      for (const actor of [ownerActor, memberActor, viewerActor]) {
        const query = live(view);
        expect(await dashboardBoard(t.db, actor, query, now)).toEqual(await apart(actor, query));
      }
    });

  it("shows the team's own gifts, batches, views and spend, and the person's own teams", async () => {
    const board = await dashboardBoard(t.db, memberActor, live(), now);
    expect(board.page.rows.map((r) => r.recipientName).sort()).toEqual([
      "Spring 100%_odd",
      "Spring opened",
      "Spring sent",
    ]);
    expect(board.batches).toEqual([{ id: "bat_Spring", name: "Spring" }]);
    expect(board.savedViews.map((v) => v.name)).toEqual(["Spring view"]);
    expect(board.teams.map((team) => [team.id, team.role])).toEqual([
      [owner.team.id, "member"],
      [other.team.id, "member"],
    ]);
    expect(board.funnel.total).toBe(3);
    expect(board.activity.reduce((n, d) => n + d.sent, 0)).toBe(2);
    expect(board.activity.reduce((n, d) => n + d.opened, 0)).toBe(1);
    const budget = await readBudget(t.db, owner.team.id, now);
    expect(board.spend).toMatchObject({ spentCents: budget.spentCents, monthlyLimitCents: 1_000_000 });
    expect(board.spend!.spentCents).toBeGreaterThan(0);
    expect(board.spend!.days.at(-1)!.cumulativeCents).toBe(budget.spentCents);
  });

  it("filters by another team's batch to nothing", async () => {
    const board = await dashboardBoard(t.db, ownerActor, live({ batch: "bat_Elsewhere" }), now);
    expect(board.page.rows).toEqual([]);
    expect(board.funnel.total).toBe(0);
    expect(board.activity.every((d) => d.sent === 0 && d.opened === 0)).toBe(true);
  });

  it("in the sandbox: the person's own gifts and batches only, no saved views, no spend", async () => {
    const sandbox = await onTeam(t.db, inSandbox(person(owner.user)), undefined);
    const board = await dashboardBoard(t.db, sandbox, { mode: "sandbox", order: "newest" }, now);
    expect(board.page.rows.map((r) => r.recipientName)).toEqual(["Mine sandbox"]);
    expect(board).toMatchObject({ batches: [], savedViews: [], spend: null });
    expect(board).toEqual(await apart(sandbox, { mode: "sandbox", order: "newest" }));
  });

  it("takes a huge search as the page's parser leaves it, and a raw one of 100,000 characters, and finds nothing", async () => {
    const huge = "%_\\'\"".repeat(20_000);
    const { query } = readDashboardQuery({ q: huge });
    for (const q of [query, live({ search: huge })]) {
      const board = await dashboardBoard(t.db, ownerActor, { ...live(), ...q }, now);
      expect(board.page.rows).toEqual([]);
      expect(board.funnel.total).toBe(0);
      expect(board.batches).toHaveLength(1);
    }
  });

  it("is nobody's board but a member's: someone else signed in is refused before it is read", async () => {
    await expect(onTeam(t.db, person(outsider.user), owner.team.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe("the send form's choices", () => {
  it("are the team's collections and designs in listCollections' and listDesigns' order, without another team's own", async () => {
    const cat = await catalogue(t.db);
    await t.db.collection.create({
      data: {
        ...collectionCopy(cat.collection),
        slug: "others-own",
        name: "Other's own",
        global: false,
        teamId: other.team.id,
      },
    });
    await t.db.collection.create({
      data: {
        ...collectionCopy(cat.collection),
        slug: "owners-own",
        name: "Owner's own",
        global: false,
        teamId: owner.team.id,
      },
    });
    const choices = await sendChoices(t.db, owner.team.id);
    const collections = await listCollections(t.db, owner.team.id);
    expect(choices.collections).toEqual(
      collections.map((c) => ({
        id: c.id,
        name: c.name,
        description: c.description,
        priceCents: c.priceCents,
        currency: c.currency,
        imageUrl: c.imageUrl,
      })),
    );
    expect(choices.collections.map((c) => c.name)).toContain("Owner's own");
    expect(choices.collections.map((c) => c.name)).not.toContain("Other's own");
    expect(choices.designs).toEqual(
      (await listDesigns(t.db, owner.team.id)).map((d) => ({ id: d.id, name: d.name, thumbnailUrl: d.thumbnailUrl })),
    );
    // The countries those collections' products reach, each once, in code order.
    expect(choices.countries).toEqual(
      [...new Set(collections.flatMap((c) => c.products.flatMap((p) => p.shipsTo)))].sort(),
    );
    expect(await sendChoices(t.db, "no-such-team")).toEqual({
      collections: collections.filter((c) => c.global).map((c) => expect.objectContaining({ id: c.id })),
      designs: expect.any(Array),
      countries: expect.any(Array),
    });
  });
});

const collectionCopy = (c: { description: string; priceCents: number; imageUrl: string }) => ({
  description: c.description,
  priceCents: c.priceCents,
  imageUrl: c.imageUrl,
});
