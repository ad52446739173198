import { beforeAll, describe, expect, it } from "vitest";
import { inSandbox, onTeam, type SessionActor, type TeamActor } from "@/lib/actor";
import { listCharges } from "@/lib/billing";
import { HttpError } from "@/lib/errors";
import { getBatch } from "@/lib/gifts";
import { addMember } from "@/lib/teams";
import { catalogue, chargeFor, createAccount, giftRow } from "@/lib/testing/fixtures";
import { createPerson, processDatabaseForFile } from "@/lib/testing/teams";
import { resendGift } from "@/lib/gifts";
import {
  campaign,
  campaignReminders,
  listCampaigns,
  notOpened,
  queueCampaignReminders,
  sendCampaignReminders,
  teamSenders,
} from "./index";
import { sessionActor as person } from "@/lib/testing/dashboard";

const t = processDatabaseForFile();

let owner: TeamActor<SessionActor>;
let member: TeamActor<SessionActor>;
let viewer: TeamActor<SessionActor>;
let stranger: TeamActor<SessionActor>;

const hours = (h: number) => h * 3600_000;
const sentAt = new Date("2026-03-02T10:00:00Z");

/**
 * The "Holiday" batch, ten gifts by hand: 3 sent and not opened (one of them the member's, one a
 * link gift), 1 opened, 3 redeemed 2 h, 4 h and 30 h after sending (one of them now shipped), 1
 * scheduled, 1 cancelled (refunded), 1 awaiting approval (never charged). $25 a gift.
 */
beforeAll(async () => {
  const account = await createAccount(t.db);
  const memberPerson = await createPerson(t.db);
  const viewerPerson = await createPerson(t.db);
  await addMember(t.db, account.team.id, memberPerson.user.id, "member");
  await addMember(t.db, account.team.id, viewerPerson.user.id, "viewer");
  owner = await onTeam(t.db, person(account.user), account.team.id);
  member = await onTeam(t.db, person(memberPerson.user), account.team.id);
  viewer = await onTeam(t.db, person(viewerPerson.user), account.team.id);
  const other = await createAccount(t.db);
  stranger = await onTeam(t.db, person(other.user), other.team.id);

  const cat = await catalogue(t.db);
  await t.db.collection.update({ where: { id: cat.collection.id }, data: { priceCents: 2500 } });
  cat.collection.priceCents = 2500;
  const teamId = account.team.id;
  await t.db.giftBatch.createMany({
    data: [
      { id: "bat_holiday", teamId, senderId: account.user.id, livemode: true, name: "Holiday", size: 10 },
      {
        id: "bat_older",
        teamId,
        senderId: memberPerson.user.id,
        livemode: true,
        name: "Older",
        size: 1,
        createdAt: new Date("2026-01-01T00:00:00Z"),
      },
      { id: "bat_elsewhere", teamId: other.team.id, senderId: other.user.id, livemode: true, name: "Theirs", size: 1 },
    ],
  });
  const base = { teamId, senderId: account.user.id, batchId: "bat_holiday", priceCents: 2500, sentAt };
  const g = (id: string, data: Partial<Parameters<typeof giftRow>[1]> = {}) =>
    giftRow(cat, { ...base, id: `gft_${id}`, recipientName: id, email: `${id}@example.test`, ...data });
  const charged = [
    g("a1", { stage: "sent" }),
    g("a2", { stage: "sent", senderId: memberPerson.user.id }),
    g("a3", { stage: "sent", deliveryMethod: "link", email: null }),
    g("b1", { stage: "opened" }),
    g("c1", { stage: "redeemed" }),
    g("c2", { stage: "redeemed" }),
    g("c3", { stage: "shipped" }),
    g("d1", { stage: "scheduled", sentAt: null }),
    g("e1", { stage: "cancelled" }),
  ];
  const charge = await chargeFor(t.db, charged);
  await t.db.gift.createMany({
    data: [
      ...charged.map((row) => ({ ...row, chargeId: charge.id })),
      g("f1", { stage: "pending_approval", sentAt: null }),
      g("older", { batchId: "bat_older", stage: "redeemed", senderId: memberPerson.user.id }),
      giftRow(cat, { teamId: other.team.id, senderId: other.user.id, batchId: "bat_elsewhere", stage: "sent" }),
    ].map((row) => ({ chargeId: null, ...row })),
  });
  await t.db.charge.create({
    data: {
      teamId,
      kind: "refund",
      amountCents: -2500,
      description: "Refund for cancelled gift gft_e1",
      cardLast4: "4242",
      refundOfId: charge.id,
      giftId: "gft_e1",
    },
  });
  const redeemedAt = (h: number) => new Date(sentAt.getTime() + hours(h));
  await t.db.giftEvent.createMany({
    data: [
      { giftId: "gft_c1", stage: "redeemed", createdAt: redeemedAt(2) },
      { giftId: "gft_c2", stage: "redeemed", createdAt: redeemedAt(4) },
      { giftId: "gft_c3", stage: "redeemed", createdAt: redeemedAt(30) },
      { giftId: "gft_c3", stage: "shipped", createdAt: redeemedAt(40) },
      // Not a second redemption: an action logged at that stage.
      { giftId: "gft_c1", stage: "redeemed", action: "updated", createdAt: redeemedAt(100) },
    ],
  });
});

describe("the campaigns list", () => {
  it("lists the team's batches newest first with their gifts, redeemed and spend, and none of another team's", async () => {
    const { rows, next } = await listCampaigns(t.db, owner);
    expect(next).toBeNull();
    expect(rows.map((r) => [r.id, r.gifts, r.redeemed, r.spendCents])).toEqual([
      ["bat_holiday", 10, 3, 8 * 2500],
      ["bat_older", 1, 1, 0],
    ]);
    expect((await listCampaigns(t.db, stranger)).rows.map((r) => r.id)).toEqual(["bat_elsewhere"]);
  });

  it("pages with a cursor", async () => {
    const first = await listCampaigns(t.db, owner, { size: 1 });
    expect(first.rows.map((r) => r.id)).toEqual(["bat_holiday"]);
    const { decodeCursor } = await import("@/lib/gifts");
    const second = await listCampaigns(t.db, owner, { size: 1, after: decodeCursor(first.next!) });
    expect(second.rows.map((r) => r.id)).toEqual(["bat_older"]);
    expect(second.next).toBeNull();
  });
});

describe("one campaign", () => {
  it("has the funnel, redemption rate, spend, median time to redeem and who hasn't opened, counted by hand", async () => {
    const now = new Date("2026-03-05T00:00:00Z");
    const c = await campaign(t.db, owner, "bat_holiday", now);
    expect(c.funnel.total).toBe(10);
    const step = (stage: string) => c.funnel.path.find((s) => s.stage === stage)!.count;
    expect([step("sent"), step("opened"), step("redeemed"), step("shipped")]).toEqual([7, 4, 3, 1]);
    expect(c.redeemed).toBe(3);
    expect(c.redemptionRate).toBeCloseTo(0.3);
    // 9 charged, 1 of them refunded; the gift awaiting approval was never charged.
    expect(c.spendCents).toBe(8 * 2500);
    // 2 h, 4 h, 30 h: the median is 4 h.
    expect(c.medianSecondsToRedeem).toBe(4 * 3600);
    expect(c.notOpened).toBe(3);
    // The link gift has no email to resend: the owner may remind two; the member only their own.
    expect(c.remindable).toBe(2);
    expect((await campaign(t.db, member, "bat_holiday", now)).remindable).toBe(1);
    expect(c.firstSentOn).toBe("2026-03-02");
  });

  it("agrees with the API: its spend is the sum of the batch's ledger, its stages the batch's", async () => {
    const c = await campaign(t.db, owner, "bat_holiday");
    const ledger = await listCharges(t.db, { reader: owner, filter: { batchId: "bat_holiday" }, size: 1000 });
    expect(ledger.length).toBeGreaterThan(0);
    expect(ledger.reduce((sum, item) => sum + item.amountCents, 0)).toBe(c.spendCents);
    const api = await getBatch(t.db, owner, owner.team, "bat_holiday");
    expect(Object.values(api.stages).reduce((a, b) => a + b, 0)).toBe(c.funnel.total);
    expect(api.stages.sent).toBe(c.notOpened);
    const redeemed = (api.stages.redeemed ?? 0) + (api.stages.shipped ?? 0) + (api.stages.delivered ?? 0);
    expect(redeemed).toBe(c.redeemed);
  });

  it("is not found for another team's batch, a malformed id, or a stranger", async () => {
    for (const [actor, id] of [
      [owner, "bat_elsewhere"],
      [stranger, "bat_holiday"],
      [owner, "bat_nope"],
      [owner, "not-a-batch"],
      [owner, "bat_\u0000"],
      [owner, `bat_${"x".repeat(10_000)}`],
    ] as const) {
      const error = await campaign(t.db, actor, id).catch((e: unknown) => e);
      expect(error, id.slice(0, 20)).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(404);
      await expect(notOpened(t.db, actor, id)).rejects.toMatchObject({ status: 404 });
    }
  });

  it("pages who hasn't opened, every one once, and ignores a forged cursor", async () => {
    const first = await notOpened(t.db, owner, "bat_holiday", { size: 2 });
    expect(first.rows.map((r) => r.id)).toEqual(["gft_a1", "gft_a2"]);
    const second = await notOpened(t.db, owner, "bat_holiday", { size: 2, after: first.next! });
    expect(second.rows.map((r) => r.id)).toEqual(["gft_a3"]);
    expect(second.next).toBeNull();
    const forged = await notOpened(t.db, owner, "bat_holiday", { after: '\'; DROP TABLE "Gift"; --' });
    expect(forged.rows).toHaveLength(3);
  });
});

describe("in the sandbox", () => {
  it("shows each person their own sandbox batches only, nothing charged, and none of the live ones", async () => {
    const cat = await catalogue(t.db);
    await t.db.giftBatch.createMany({
      data: [
        { id: "bat_sbx_mine", teamId: "sandbox", senderId: owner.user.id, livemode: false, name: "Mine", size: 1 },
        { id: "bat_sbx_theirs", teamId: "sandbox", senderId: member.user.id, livemode: false, name: "Theirs", size: 1 },
      ],
    });
    await t.db.gift.createMany({
      data: [
        giftRow(cat, {
          teamId: "sandbox",
          senderId: owner.user.id,
          livemode: false,
          batchId: "bat_sbx_mine",
          stage: "sent",
          chargeId: null,
        }),
      ],
    });
    const sandbox = await onTeam(t.db, inSandbox(person(owner.user)), undefined);
    expect((await listCampaigns(t.db, sandbox)).rows.map((r) => [r.id, r.gifts, r.spendCents])).toEqual([
      ["bat_sbx_mine", 1, 0],
    ]);
    expect((await campaign(t.db, sandbox, "bat_sbx_mine")).notOpened).toBe(1);
    await expect(campaign(t.db, sandbox, "bat_sbx_theirs")).rejects.toMatchObject({ status: 404 });
    await expect(campaign(t.db, sandbox, "bat_holiday")).rejects.toMatchObject({ status: 404 });
    await expect(campaign(t.db, owner, "bat_sbx_mine")).rejects.toMatchObject({ status: 404 });
  });
});

describe("senders", () => {
  it("shows owners who sent what, how much, and how it was received", async () => {
    const rows = await teamSenders(t.db, owner, {});
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    const ownerRow = byEmail.get(owner.user.email)!;
    const memberRow = byEmail.get(member.user.email)!;
    // The owner: 9 of the batch (a2 is the member's); 8 reached sent, 4 opened, 3 redeemed; 7 charged and kept.
    expect(ownerRow).toMatchObject({ gifts: 9, sent: 6, opened: 4, redeemed: 3, spendCents: 7 * 2500 });
    // The member: a2 (sent, charged) and the older batch's redeemed gift (not charged in this fixture).
    expect(memberRow).toMatchObject({ gifts: 2, sent: 2, opened: 1, redeemed: 1, spendCents: 2500 });
    expect(rows.reduce((n, r) => n + r.gifts, 0)).toBe(11);
  });

  it("follows the board's days", async () => {
    const march = await teamSenders(t.db, owner, { from: "2099-01-01" });
    expect(march).toEqual([]);
  });

  it("is for owners only", async () => {
    await expect(teamSenders(t.db, member, {})).rejects.toMatchObject({ status: 403 });
    await expect(teamSenders(t.db, viewer, {})).rejects.toMatchObject({ status: 403 });
  });
});

describe("reminding those who haven't opened", () => {
  const key = () => `form-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  const reminders = (batchId: string) => t.db.campaignReminder.findMany({ where: { batchId }, orderBy: { id: "asc" } });
  const resends = async (batchId: string) => {
    const events = await t.db.giftEvent.findMany({
      where: { action: "resent", gift: { batchId } },
      select: { giftId: true },
    });
    const perGift = new Map<string, number>();
    for (const e of events) perGift.set(e.giftId, (perGift.get(e.giftId) ?? 0) + 1);
    return perGift;
  };
  /** Runs the job until the batch's reminder is finished (each call is one step: one chunk). */
  const drain = async (chunk: number) => {
    for (let steps = 0; steps < 50; steps++) {
      const open = await t.db.campaignReminder.count({ where: { finishedAt: null } });
      if (open === 0) return steps;
      // Two workers at once, every step (two instances sweeping, or Inngest and a sweeper).
      await Promise.all([sendCampaignReminders(t.db, { chunk }), sendCampaignReminders(t.db, { chunk })]);
    }
    throw new Error("the reminder never finished");
  };

  /** A batch of `n` gifts sent and not opened, by email, the owner's. */
  async function bigBatch(id: string, n: number) {
    const cat = await catalogue(t.db);
    await t.db.giftBatch.create({
      data: { id, teamId: owner.team.id, senderId: owner.user.id, livemode: true, name: id, size: n },
    });
    await t.db.gift.createMany({
      data: Array.from({ length: n }, (_, i) =>
        giftRow(cat, {
          teamId: owner.team.id,
          senderId: owner.user.id,
          batchId: id,
          id: `gft_${id}_${String(i).padStart(3, "0")}`,
          stage: "sent",
          sentAt,
          email: `r${i}@example.test`,
          chargeId: null,
        }),
      ),
    });
  }

  it("refuses viewers and strangers, and queues nothing when nobody can be reminded", async () => {
    await expect(
      queueCampaignReminders(t.db, viewer, { batchId: "bat_holiday", formKey: key() }),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      queueCampaignReminders(t.db, stranger, { batchId: "bat_holiday", formKey: key() }),
    ).rejects.toMatchObject({ status: 404 });
    const none = await queueCampaignReminders(t.db, owner, { batchId: "bat_older", formKey: key() });
    expect(none).toMatchObject({ queued: 0, joined: false });
    expect(await reminders("bat_older")).toEqual([]);
  });

  it("queues one reminder per click however often the form is posted, and a second click while it runs joins it", async () => {
    const formKey = key();
    const posts = await Promise.all([
      queueCampaignReminders(t.db, owner, { batchId: "bat_holiday", formKey }),
      queueCampaignReminders(t.db, owner, { batchId: "bat_holiday", formKey }),
    ]);
    const again = await queueCampaignReminders(t.db, owner, { batchId: "bat_holiday", formKey });
    // a1 (the owner's) and a2 (the member's): the link gift a3 has no email.
    for (const post of [...posts, again]) expect(post.queued).toBe(2);
    expect(again.repeated).toBe(true);
    expect(await reminders("bat_holiday")).toHaveLength(1);
    // Another tab, another key, the member this time: the running reminder is joined, nothing new queued.
    const other = await queueCampaignReminders(t.db, member, { batchId: "bat_holiday", formKey: key() });
    expect(other).toMatchObject({ queued: 2, joined: true });
    expect(await reminders("bat_holiday")).toHaveLength(1);
    // The click queued work only: nobody is reminded until the job runs.
    expect((await resends("bat_holiday")).size).toBe(0);
    expect(await campaignReminders(t.db, viewer, "bat_holiday")).toMatchObject({
      queued: 2,
      reminded: 0,
      finishedAt: null,
    });

    await drain(10);
    expect([...(await resends("bat_holiday")).entries()].sort()).toEqual([
      ["gft_a1", 1],
      ["gft_a2", 1],
    ]);
    expect(await t.db.emailOutbox.count({ where: { giftId: { in: ["gft_a1", "gft_a2"] } } })).toBe(2);
    const done = await campaignReminders(t.db, owner, "bat_holiday");
    expect(done).toMatchObject({ queued: 2, reminded: 2, skipped: 0, stopReason: null });
    expect(done!.finishedAt).not.toBeNull();
    // Within the resend limit's gap: nothing left to remind, a new click queues nothing.
    expect((await campaign(t.db, owner, "bat_holiday")).remindable).toBe(0);
    expect(await queueCampaignReminders(t.db, owner, { batchId: "bat_holiday", formKey: key() })).toMatchObject({
      queued: 0,
    });
    expect(
      (await notOpened(t.db, owner, "bat_holiday")).rows.find((r) => r.id === "gft_a1")?.lastRemindedAt,
    ).not.toBeNull();
  });

  it("reminds a whole campaign in chunks, each gift once with two workers at every step, and skips one resent just before", async () => {
    await bigBatch("bat_big", 25);
    // Resent through the API a moment before the click: the limit leaves it alone, and it is counted as skipped.
    await resendGift(t.db, owner, "gft_bat_big_007");
    const click = await queueCampaignReminders(t.db, owner, { batchId: "bat_big", formKey: key() });
    expect(click).toMatchObject({ queued: 24, joined: false });

    // One step is one chunk: 10 gifts, no more, however many wait.
    const first = await sendCampaignReminders(t.db, { chunk: 10 });
    expect(first.reminded + first.skipped).toBe(10);
    expect(await campaignReminders(t.db, owner, "bat_big")).toMatchObject({
      reminded: 9,
      skipped: 1,
      finishedAt: null,
    });

    const steps = await drain(10);
    expect(steps).toBeGreaterThanOrEqual(2);
    const perGift = await resends("bat_big");
    expect(perGift.size).toBe(25);
    expect([...perGift.values()].every((n) => n === 1)).toBe(true);
    const emails = await t.db.emailOutbox.count({ where: { gift: { batchId: "bat_big" } } });
    expect(emails).toBe(25); // 24 reminders and the API's one resend
    expect(await campaignReminders(t.db, owner, "bat_big")).toMatchObject({ queued: 24, reminded: 24, skipped: 1 });
  });

  it("still reminds each gift once when a second worker takes over a chunk whose lease looks expired", async () => {
    await bigBatch("bat_overlap", 12);
    await queueCampaignReminders(t.db, owner, { batchId: "bat_overlap", formKey: key() });
    const now = new Date();
    const a = sendCampaignReminders(t.db, { chunk: 12, now });
    // Once the first worker holds the reminder, a second one whose clock is past the lease takes the same chunk.
    for (let i = 0; i < 200; i++) {
      const row = await t.db.campaignReminder.findFirst({ where: { batchId: "bat_overlap" } });
      if (row?.leaseUntil) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const b = sendCampaignReminders(t.db, { chunk: 12, now: new Date(now.getTime() + 6 * 60_000) });
    const [ra, rb] = await Promise.all([a, b]);
    // Both really worked the chunk: the second found gifts the first had just reminded (skipped) or reminded them first.
    expect(ra.reminded + ra.skipped).toBeGreaterThan(0);
    expect(rb.reminded + rb.skipped).toBeGreaterThan(0);
    expect(ra.reminded + rb.reminded).toBe(12);
    const perGift = await resends("bat_overlap");
    expect(perGift.size).toBe(12);
    expect([...perGift.values()].every((n) => n === 1)).toBe(true);
    expect(await t.db.emailOutbox.count({ where: { gift: { batchId: "bat_overlap" } } })).toBe(12);
  });

  it("reminds a sandbox campaign as its sender in their own sandbox", async () => {
    const sandbox = await onTeam(t.db, inSandbox(person(owner.user)), undefined);
    expect(await queueCampaignReminders(t.db, sandbox, { batchId: "bat_sbx_mine", formKey: key() })).toMatchObject({
      queued: 1,
    });
    // The live actor can't see it (404), so nothing else can queue for it.
    await expect(
      queueCampaignReminders(t.db, owner, { batchId: "bat_sbx_mine", formKey: key() }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await drain(10);
    expect((await resends("bat_sbx_mine")).size).toBe(1);
    expect(await campaignReminders(t.db, sandbox, "bat_sbx_mine")).toMatchObject({ reminded: 1, skipped: 0 });
  });

  it("acts as the person who clicked as they are now: a member reminds only their own, one made a viewer stops", async () => {
    const cat = await catalogue(t.db);
    await t.db.giftBatch.create({
      data: {
        id: "bat_mixed",
        teamId: owner.team.id,
        senderId: member.user.id,
        livemode: true,
        name: "Mixed",
        size: 3,
      },
    });
    const gift = (id: string, senderId: string) =>
      giftRow(cat, {
        teamId: owner.team.id,
        senderId,
        batchId: "bat_mixed",
        id,
        stage: "sent",
        sentAt,
        chargeId: null,
      });
    await t.db.gift.createMany({
      data: [gift("gft_mx1", member.user.id), gift("gft_mx2", owner.user.id), gift("gft_mx3", member.user.id)],
    });
    expect(await queueCampaignReminders(t.db, member, { batchId: "bat_mixed", formKey: key() })).toMatchObject({
      queued: 2,
    });
    await drain(10);
    expect([...(await resends("bat_mixed")).keys()].sort()).toEqual(["gft_mx1", "gft_mx3"]);

    // Queued by the member, who is then made a viewer before the job runs: stopped, nobody reminded.
    await t.db.giftEvent.deleteMany({ where: { giftId: { in: ["gft_mx1", "gft_mx3"] }, action: "resent" } });
    await queueCampaignReminders(t.db, member, { batchId: "bat_mixed", formKey: key() });
    await t.db.membership.updateMany({
      where: { teamId: owner.team.id, userId: member.user.id },
      data: { role: "viewer" },
    });
    try {
      await drain(10);
      const last = await campaignReminders(t.db, owner, "bat_mixed");
      expect(last).toMatchObject({ reminded: 0, skipped: 0 });
      expect(last!.stopReason).toMatch(/no longer remind/);
      expect((await resends("bat_mixed")).size).toBe(0);
    } finally {
      await t.db.membership.updateMany({
        where: { teamId: owner.team.id, userId: member.user.id },
        data: { role: "member" },
      });
    }
  });
});
