import { beforeAll, describe, expect, it, vi } from "vitest";
import { onTeam } from "@/lib/actor";
import { config } from "@/lib/config";
import { readDashboardQuery } from "@/lib/dashboard";
import { sqlTransaction } from "@/lib/database/sql";
import { deliverAllDue } from "@/lib/delivery";
import { outboxTransport, sendQueuedEmails } from "@/lib/outbox";
import { APPROVAL_WINDOW_DAYS, createBatch, expireUnapprovedGifts } from "@/lib/gifts";
import { queueApprovalEmails } from "@/lib/gifts/approval-email";
import type { RecipientDraft } from "@/lib/gifts/schema";
import { longDate } from "@/lib/format/locale";
import { displayMoney, formatMoney } from "@/lib/money";
import { addMember } from "@/lib/teams";
import { apiAs, callApi } from "@/lib/testing/api-client";
import { fakeTransport } from "@/lib/testing/fake-transport";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { createPerson } from "@/lib/testing/teams";
import { bulkBody, expectError, expectValidation, giftBody, openDatabaseForFile } from "./helpers";

// Approvals (issue "Spend controls", docs/api.md "Approvals"): gifts above a price or batches
// above a size wait in `pending_approval`, uncharged and unsent, until an owner approves or
// rejects them; unapproved ones expire.
const t = openDatabaseForFile();
let price: number;

beforeAll(async () => {
  await catalogue(t.db);
  price = (await t.db.collection.findFirstOrThrow({ where: { name: "Coffee Lovers", global: true } })).priceCents;
});

const charged = async (teamId: string) =>
  (await t.db.charge.aggregate({ where: { teamId }, _sum: { amountCents: true } }))._sum.amountCents ?? 0;

/** A team whose gifts above `price - 1` need approval, with a second owner, a member and a viewer. */
async function teamNeedingApproval(budget: Record<string, unknown> = { approval_above_price: formatMoney(price - 1) }) {
  const owner = await createAccount(t.db);
  const [second, member, viewer] = [await createPerson(t.db), await createPerson(t.db), await createPerson(t.db)];
  await addMember(t.db, owner.team.id, second.user.id, "owner");
  await addMember(t.db, owner.team.id, member.user.id, "member");
  await addMember(t.db, owner.team.id, viewer.user.id, "viewer");
  const set = await apiAs(owner.tokens.live).patch(`/teams/${owner.team.id}/budget`, { budget });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const as = (p: { tokens: { live: string } }) => apiAs(p.tokens.live);
  const path = (id?: string, action?: string) =>
    `/teams/${owner.team.id}/gifts${id ? `/${id}` : ""}${action ? `/${action}` : ""}`;
  return { owner, second, member, viewer, as, path, teamId: owner.team.id };
}

describe("gifts that need approval", () => {
  it("are created pending: nothing charged or sent, the dry run says so, the budget shows the thresholds", async () => {
    const team = await teamNeedingApproval();
    const dry = await team.as(team.member).post(`${team.path()}?dry_run=true`, giftBody());
    expect(dry.body.meta.price).toMatchObject({ "requires-approval": true, charge: formatMoney(price) });
    expect(dry.body.meta.price["approval-reason"]).toContain("approval threshold");

    const created = await team.as(team.member).post(team.path(), giftBody());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.attributes).toMatchObject({ stage: "pending_approval" });
    expect(created.body.data.attributes.events.map((e: { type: string }) => e.type)).toEqual(["gift.pending_approval"]);
    expect(await charged(team.teamId)).toBe(0);
    await t.db.gift.update({ where: { id: created.body.data.id }, data: { scheduledAt: new Date(Date.now() - 1000) } });
    await deliverAllDue(t.db, { transport: outboxTransport });
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: created.body.data.id } })).stage).toBe("pending_approval");

    const budget = await team.as(team.viewer).get(`/teams/${team.teamId}/budget`);
    expect(budget.body.data.attributes).toMatchObject({
      "approval-above-price": formatMoney(price - 1),
      "approval-above-batch-size": null,
    });
  });

  it("an owner approves: charged once (the approver in the ledger), scheduled, sent; members and viewers can't; a second approval is 409", async () => {
    const team = await teamNeedingApproval();
    const id = (await team.as(team.member).post(team.path(), giftBody())).body.data.id;
    for (const who of [team.member, team.viewer]) {
      const refused = expectError(await team.as(who).post(team.path(id, "approve"), undefined), 403, "Forbidden");
      expect(refused.code).toBe("owner_required");
    }
    const approved = await team.as(team.owner).post(team.path(id, "approve"), undefined);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.attributes.stage).toBe("scheduled");
    expect(approved.body.data.attributes.events.map((e: { type: string }) => e.type)).toEqual([
      "gift.pending_approval",
      "gift.approved",
    ]);
    const charges = await t.db.charge.findMany({ where: { teamId: team.teamId } });
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amountCents: price, actorUserId: team.owner.user.id, actorVia: "token" });
    const again = expectError(await team.as(team.second).post(team.path(id, "approve"), undefined), 409, "Conflict");
    expect(again.code).toBe("not_pending_approval");

    await t.db.gift.update({ where: { id }, data: { scheduledAt: new Date(Date.now() - 1000) } });
    await deliverAllDue(t.db, { transport: outboxTransport });
    expect((await t.db.gift.findUniqueOrThrow({ where: { id } })).stage).toBe("sent");
    // Cancelling it now refunds the approval's charge.
    expect((await team.as(team.owner).delete(team.path(id))).status).toBe(200);
    expect(await charged(team.teamId)).toBe(0);
  });

  it("an owner rejects, with a reason: nothing charged, and nothing more can happen to it", async () => {
    const team = await teamNeedingApproval();
    const id = (await team.as(team.member).post(team.path(), giftBody())).body.data.id;
    for (const [body, pointer] of [
      [{ reason: "x".repeat(501) }, "/reason"],
      [{ reason: 42 }, "/reason"],
      [{ reason: "ok", approve: true }, "/approve"],
    ] as const)
      expect(
        expectValidation(await team.as(team.owner).post(team.path(id, "reject"), body)).map((e) => e.pointer),
      ).toEqual([pointer]);
    expectError(await team.as(team.owner).post(team.path(id, "reject"), ["no"]), 400, "BadRequest");
    expect(
      expectError(await team.as(team.member).post(team.path(id, "reject"), undefined), 403, "Forbidden").code,
    ).toBe("owner_required");
    const rejected = await team.as(team.owner).post(team.path(id, "reject"), { reason: "Over the quarter's plan" });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data.attributes.stage).toBe("rejected");
    expect(rejected.body.data.attributes.events.at(-1)).toMatchObject({
      type: "gift.rejected",
      message: expect.stringContaining("Over the quarter's plan"),
    });
    expect(expectError(await team.as(team.owner).post(team.path(id, "approve"), undefined), 409, "Conflict").code).toBe(
      "not_pending_approval",
    );
    expectError(await team.as(team.owner).delete(team.path(id)), 409, "Conflict");
    expect(await charged(team.teamId)).toBe(0);
  });

  it("two owners acting at once: one wins, the gift is charged at most once", async () => {
    const team = await teamNeedingApproval();
    for (const [first, second] of [
      ["approve", "approve"],
      ["approve", "reject"],
      ["reject", "reject"],
    ]) {
      const id = (await team.as(team.member).post(team.path(), giftBody())).body.data.id;
      const before = await charged(team.teamId);
      const results = await Promise.all([
        team.as(team.owner).post(team.path(id, first), undefined),
        team.as(team.second).post(team.path(id, second), undefined),
      ]);
      expect(results.map((r) => r.status).sort(), `${first} vs ${second}`).toEqual([200, 409]);
      const stage = (await t.db.gift.findUniqueOrThrow({ where: { id } })).stage;
      expect(await charged(team.teamId)).toBe(before + (stage === "scheduled" ? price : 0));
      expect(await t.db.giftEvent.count({ where: { giftId: id } })).toBe(2);
    }
  });

  it("a batch over the size threshold waits whole; the approval charges within the budget", async () => {
    const team = await teamNeedingApproval({ approval_above_batch_size: 2 });
    const small = await team.as(team.member).post(`/teams/${team.teamId}/bulk/gifts`, bulkBody(2));
    expect(small.body.data.map((g: { attributes: { stage: string } }) => g.attributes.stage)).toEqual([
      "scheduled",
      "scheduled",
    ]);
    expect(await charged(team.teamId)).toBe(price * 2);
    const big = await team.as(team.member).post(`/teams/${team.teamId}/bulk/gifts`, bulkBody(3));
    expect(big.body.data.map((g: { attributes: { stage: string } }) => g.attributes.stage)).toEqual([
      "pending_approval",
      "pending_approval",
      "pending_approval",
    ]);
    expect(await charged(team.teamId)).toBe(price * 2);

    await team.as(team.owner).patch(`/teams/${team.teamId}/budget`, {
      budget: { monthly_limit: formatMoney(price * 3) },
    });
    const [a, b] = big.body.data.map((g: { id: string }) => g.id);
    expect((await team.as(team.owner).post(team.path(a, "approve"), undefined)).status).toBe(200);
    const over = expectError(
      await team.as(team.owner).post(team.path(b, "approve"), undefined),
      402,
      "Payment Required",
    );
    expect(over.code).toBe("budget_exceeded");
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: b } })).stage).toBe("pending_approval");
    expect(await charged(team.teamId)).toBe(price * 3);
  });

  it("expire after the approval window, not before; thresholds refuse bad values", async () => {
    const team = await teamNeedingApproval();
    const id = (await team.as(team.member).post(team.path(), giftBody())).body.data.id;
    const day = 24 * 60 * 60 * 1000;
    expect(await expireUnapprovedGifts(t.db, new Date(Date.now() + (APPROVAL_WINDOW_DAYS - 1) * day))).not.toContain(
      id,
    );
    expect(await expireUnapprovedGifts(t.db, new Date(Date.now() + (APPROVAL_WINDOW_DAYS + 1) * day))).toContain(id);
    const gift = await team.as(team.owner).get(team.path(id));
    expect(gift.body.data.attributes.stage).toBe("expired");
    expect(gift.body.data.attributes.events.at(-1).message).toBe(`Not approved within ${APPROVAL_WINDOW_DAYS} days`);

    for (const value of [0, -1, 10_001, 2.5, "many", { n: 1 }]) {
      const res = await team.as(team.owner).patch("/budget", { budget: { approval_above_batch_size: value } });
      expect(
        expectValidation(res).map((e) => e.pointer),
        JSON.stringify(value),
      ).toEqual(["/budget/approval_above_batch_size"]);
    }
    const res = await team.as(team.owner).patch("/budget", { budget: { approval_above_price: "-3" } });
    expect(expectValidation(res).map((e) => e.pointer)).toEqual(["/budget/approval_above_price"]);
  });
});

describe("a batch's waiting gifts, decided at once", () => {
  /** A team whose bulk creates of more than 2 gifts wait, and a waiting batch of `n`. */
  async function waitingBatch(n = 3) {
    const team = await teamNeedingApproval({ approval_above_batch_size: 2 });
    const created = await team.as(team.member).post(`/teams/${team.teamId}/bulk/gifts`, bulkBody(n));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const ids: string[] = created.body.data.map((g: { id: string }) => g.id);
    const batchId: string = created.body.data[0].attributes.batch.id;
    const batchPath = (action?: string) => `/teams/${team.teamId}/batches/${batchId}${action ? `/${action}` : ""}`;
    return { ...team, ids, batchId, batchPath };
  }
  const stages = async (ids: string[]) =>
    (await t.db.gift.findMany({ where: { id: { in: ids } }, select: { stage: true } })).map((g) => g.stage).sort();

  it("approves every gift still waiting with one charge, leaving the ones decided alone; owners only", async () => {
    const team = await waitingBatch(3);
    const got = await team.as(team.viewer).get(team.batchPath());
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({
      type: "batches",
      id: team.batchId,
      attributes: {
        size: 3,
        stages: { pending_approval: 3 },
        "pending-approval-total": formatMoney(price * 3),
        currency: "USD",
      },
    });
    for (const who of [team.member, team.viewer]) {
      expect(expectError(await team.as(who).post(team.batchPath("approve"), undefined), 403, "Forbidden").code).toBe(
        "owner_required",
      );
    }
    // One gift decided on its own first: the batch approval leaves it (rejected) alone.
    expect((await team.as(team.second).post(team.path(team.ids[0], "reject"), undefined)).status).toBe(200);
    const approved = await team.as(team.owner).post(team.batchPath("approve"), undefined);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.meta).toEqual({ approved: 2, charged: formatMoney(price * 2) });
    expect(approved.body.data.attributes.stages).toEqual({ rejected: 1, scheduled: 2 });
    const charges = await t.db.charge.findMany({ where: { teamId: team.teamId } });
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amountCents: price * 2, actorUserId: team.owner.user.id });
    for (const id of team.ids.slice(1)) {
      const gift = await team.as(team.owner).get(team.path(id));
      expect(gift.body.data.attributes.events.map((e: { type: string }) => e.type)).toEqual([
        "gift.pending_approval",
        "gift.approved",
      ]);
    }
    // The ledger itemises the one charge per gift, as for any batch.
    const ledger = await team.as(team.owner).get(`/teams/${team.teamId}/charges?filter[batch]=${team.batchId}`);
    expect(ledger.body.data.map((c: { attributes: { amount: string } }) => c.attributes.amount)).toEqual([
      formatMoney(price),
      formatMoney(price),
    ]);
    const again = expectError(await team.as(team.second).post(team.batchPath("approve"), undefined), 409, "Conflict");
    expect(again.code).toBe("not_pending_approval");
    expect(await charged(team.teamId)).toBe(price * 2);
  });

  it("a budget that refuses the whole leaves every gift waiting and nothing charged", async () => {
    const team = await waitingBatch(3);
    await team
      .as(team.owner)
      .patch(`/teams/${team.teamId}/budget`, { budget: { monthly_limit: formatMoney(price * 2) } });
    const over = expectError(
      await team.as(team.owner).post(team.batchPath("approve"), undefined),
      402,
      "Payment Required",
    );
    expect(over.code).toBe("budget_exceeded");
    expect(await stages(team.ids)).toEqual(["pending_approval", "pending_approval", "pending_approval"]);
    expect(await charged(team.teamId)).toBe(0);
  });

  it("rejects every gift still waiting, with the reason; a hostile reason or body changes nothing", async () => {
    const team = await waitingBatch(2 + 1);
    for (const body of [{ reason: "x".repeat(501) }, { reason: 7 }, { reason: "a\u0000b" }, { why: "no" }, [1]]) {
      const res = await team.as(team.owner).post(team.batchPath("reject"), body);
      expect([400, 422], JSON.stringify(res.body)).toContain(res.status);
    }
    expect(await stages(team.ids)).toEqual(["pending_approval", "pending_approval", "pending_approval"]);
    const rejected = await team.as(team.owner).post(team.batchPath("reject"), { reason: "Over the quarter's plan" });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.meta).toEqual({ rejected: 3, charged: "0.00" });
    const gift = await team.as(team.owner).get(team.path(team.ids[2]));
    expect(gift.body.data.attributes.events.at(-1)).toMatchObject({
      type: "gift.rejected",
      message: expect.stringContaining("Over the quarter's plan"),
    });
    expect(await charged(team.teamId)).toBe(0);
  });

  it("is a 404 to another team, to the sandbox and for a forged id", async () => {
    const team = await waitingBatch(3);
    const stranger = await createAccount(t.db);
    expectError(
      await apiAs(stranger.tokens.live).post(`/teams/${stranger.team.id}/batches/${team.batchId}/approve`, undefined),
      404,
      "NotFound",
    );
    expectError(await apiAs(team.owner.tokens.sandbox).get(`/batches/${team.batchId}`), 404, "NotFound");
    for (const id of ["bat_nope", "bat_%00", "x".repeat(5000), "' OR 1=1 --"]) {
      const res = await team
        .as(team.owner)
        .post(`/teams/${team.teamId}/batches/${encodeURIComponent(id)}/approve`, undefined);
      expect(res.status, id).toBe(404);
    }
    expect(await stages(team.ids)).toEqual(["pending_approval", "pending_approval", "pending_approval"]);
  });

  it("two owners deciding at once (batch against batch, or against one of its gifts): each gift decided once, charged once", async () => {
    for (const [first, second] of [
      ["approve", "approve"],
      ["approve", "reject"],
      ["approve", "gift-approve"],
      ["reject", "gift-approve"],
    ]) {
      const team = await waitingBatch(3);
      const call = (who: { tokens: { live: string } }, action: string) =>
        action === "gift-approve"
          ? team.as(who).post(team.path(team.ids[1], "approve"), undefined)
          : team.as(who).post(team.batchPath(action), undefined);
      const results = await Promise.all([call(team.owner, first), call(team.second, second)]);
      const label = `${first} vs ${second}`;
      if (!second.startsWith("gift")) expect(results.map((r) => r.status).sort(), label).toEqual([200, 409]);
      else expect(results[0].status, label).toBe(200); // the batch always has gifts left to decide
      const rows = await t.db.gift.findMany({ where: { id: { in: team.ids } }, include: { events: true } });
      for (const row of rows) {
        expect(
          row.events.filter((e) => e.stage !== "pending_approval"),
          label,
        ).toHaveLength(1);
        expect(["scheduled", "rejected"]).toContain(row.stage);
      }
      const scheduled = rows.filter((r) => r.stage === "scheduled").length;
      expect(await charged(team.teamId), label).toBe(price * scheduled);
    }
  });
});

describe("the owners' email when gifts wait for approval", () => {
  /** The approval emails queued to these people, oldest first. */
  const approvalEmails = (...people: { user: { email: string } }[]) =>
    t.db.emailOutbox.findMany({
      where: { kind: "gift-approval", to: { in: people.map((p) => p.user.email) } },
      orderBy: { id: "asc" },
    });
  /** Sends what is queued and returns what reached these people's inboxes. */
  async function inboxes(...people: { user: { email: string } }[]) {
    const transport = fakeTransport();
    await sendQueuedEmails(t.db, { transport });
    return transport.sent.filter((m) => people.some((p) => p.user.email === m.to));
  }
  const everyone = (team: Awaited<ReturnType<typeof teamNeedingApproval>>) =>
    [team.owner, team.second, team.member, team.viewer] as const;

  it("one waiting gift: each owner gets one email (members and viewers none) with who, price, reason, expiry and the gift's page", async () => {
    const team = await teamNeedingApproval();
    await t.db.user.update({ where: { id: team.member.user.id }, data: { name: "Morgan Member" } });
    const created = await team.as(team.member).post(team.path(), giftBody());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;

    const queued = await approvalEmails(...everyone(team));
    expect(queued.map((e) => e.to).sort()).toEqual([team.owner.user.email, team.second.user.email].sort());
    // It needs no gift to render, so it names none (docs/api.md "Approvals").
    expect(queued.map((e) => e.giftId)).toEqual([null, null]);
    expect(queued[0].payload).toMatchObject({ count: 1, batchName: null, total: displayMoney(price) });

    const sent = await inboxes(...everyone(team));
    expect(sent.map((m) => m.to).sort()).toEqual([team.owner.user.email, team.second.user.email].sort());
    const [mail] = sent;
    expect(mail.subject).toBe(`1 gift is waiting for your approval (${team.owner.team.name})`);
    const link = `${config.appUrl}/dashboard/${team.teamId}/gifts/${id}`;
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(`Morgan Member (${team.member.user.email}) created 1 gift for ${team.owner.team.name}`);
    expect(mail.text).toContain(`${displayMoney(price)} in all`);
    expect(mail.text).toContain(`above the team's approval threshold of ${formatMoney(price - 1)}`);
    // It expires APPROVAL_WINDOW_DAYS after its creation (expireUnapprovedGifts).
    const { createdAt } = await t.db.gift.findUniqueOrThrow({ where: { id } });
    const expiry = new Date(createdAt.getTime() + APPROVAL_WINDOW_DAYS * 24 * 60 * 60 * 1000);
    expect(mail.text).toContain(
      `by ${longDate(expiry, "en")}, ${expiry.toISOString().slice(11, 16)} UTC; a gift nobody approves within ${APPROVAL_WINDOW_DAYS} days expires`,
    );
  });

  it("a bulk create of many waiting gifts: exactly one email per owner, linking to the waiting gifts of its batch", async () => {
    const team = await teamNeedingApproval({ approval_above_batch_size: 2 });
    const big = await team
      .as(team.member)
      .post(`/teams/${team.teamId}/bulk/gifts`, bulkBody(60, { batch_name: "Q4 thanks" }));
    expect(big.status, JSON.stringify(big.body)).toBe(200);
    expect(new Set(big.body.data.map((g: { attributes: { stage: string } }) => g.attributes.stage))).toEqual(
      new Set(["pending_approval"]),
    );
    const batchId = (await t.db.gift.findUniqueOrThrow({ where: { id: big.body.data[0].id } })).batchId!;
    const queued = await approvalEmails(...everyone(team));
    expect(queued.map((e) => e.to).sort()).toEqual([team.owner.user.email, team.second.user.email].sort());

    const sent = await inboxes(...everyone(team));
    expect(sent).toHaveLength(2);
    for (const mail of sent) {
      expect(mail.subject).toBe(`60 gifts are waiting for your approval (${team.owner.team.name})`);
      expect(mail.text).toContain(`created 60 gifts for ${team.owner.team.name} in the batch “Q4 thanks”`);
      expect(mail.text).toContain(`${displayMoney(price * 60)} in all`);
      expect(mail.text).toContain("60 gifts at once, more than the team's approval threshold of 2.");
      const link = `${config.appUrl}/dashboard/${team.teamId}?stage=pending_approval&batch=${batchId}`;
      expect(mail.text).toContain(link);
      // The dashboard reads the link back as the waiting gifts of this batch.
      const { query, problems } = readDashboardQuery(Object.fromEntries(new URL(link).searchParams));
      expect({ query, problems }).toEqual({
        query: { mode: "live", order: "newest", stage: "pending_approval", batch: batchId },
        problems: [],
      });
    }

    // Without a batch name a bulk create still makes a batch, under its default name.
    await team.as(team.member).post(`/teams/${team.teamId}/bulk/gifts`, bulkBody(3));
    const [plain] = await inboxes(team.owner);
    expect(plain.text).toContain("in the batch “Bulk send of 3 gifts”");
    expect(plain.text).toMatch(new RegExp(`/dashboard/${team.teamId}\\?stage=pending_approval&batch=bat_`));
  });

  it("a CSV upload's batch (createBatch) waiting: one email per owner", async () => {
    const team = await teamNeedingApproval({ approval_above_batch_size: 2 });
    const actor = await onTeam(
      t.db,
      { user: team.member.user, mode: "live" as const, via: "session" as const, credentialId: null },
      team.teamId,
    );
    const recipients = Array.from({ length: 25 }, (_, i): RecipientDraft => ({
      pointer: `/row/${i}`,
      name: `P${i}`,
      deliveryMethod: "email",
      email: `p${i}@example.test`,
      ccEmail: null,
      from: undefined,
      scheduledAt: null,
      expiresOn: null,
      locale: null,
      reminders: null,
      timeZone: null,
    }));
    const batch = await createBatch(t.db, {
      actor,
      groups: [
        { collection: "Coffee Lovers", message: "Thanks", from: "Acme", recipients: recipients.slice(0, 10) },
        { collection: "Coffee Lovers", message: "Thank you", from: "Acme", recipients: recipients.slice(10) },
      ],
      batchName: "Upload of 25",
      now: new Date(),
    });
    expect(batch.pendingApproval).toBe(true);
    const sent = await inboxes(...everyone(team));
    expect(sent.map((m) => m.to).sort()).toEqual([team.owner.user.email, team.second.user.email].sort());
    expect(sent[0].text).toContain(`created 25 gifts for ${team.owner.team.name} in the batch “Upload of 25”`);
    expect(sent[0].text).toContain(`?stage=pending_approval&batch=${batch.id}`);
  });

  it("a refused create queues nothing: over budget, no card, an unknown collection, a viewer; a transaction rolled back after queueing leaves nothing", async () => {
    const team = await teamNeedingApproval();
    await team
      .as(team.owner)
      .patch(`/teams/${team.teamId}/budget`, { budget: { monthly_limit: formatMoney(price - 1) } });
    expect(expectError(await team.as(team.member).post(team.path(), giftBody()), 402, "Payment Required").code).toBe(
      "budget_exceeded",
    );
    await team.as(team.owner).patch(`/teams/${team.teamId}/budget`, { budget: { monthly_limit: null } });
    expectValidation(await team.as(team.member).post(team.path(), giftBody({ collection: "No Such Collection" })));
    expectValidation(
      await team.as(team.member).post(`/teams/${team.teamId}/bulk/gifts`, bulkBody(5, { collection: "Nope" })),
    );
    expectError(await team.as(team.viewer).post(team.path(), giftBody()), 403, "Forbidden");
    await t.db.paymentMethod.deleteMany({ where: { teamId: team.teamId } });
    expect(expectError(await team.as(team.member).post(team.path(), giftBody()), 400, "BillingError").code).toBe(
      "no_card_on_file",
    );
    expect(await t.db.gift.count({ where: { teamId: team.teamId } })).toBe(0);
    expect(await approvalEmails(...everyone(team))).toEqual([]);

    // The email is written by the create's own (driver) transaction: rolled back, it is gone.
    const actor = await onTeam(
      t.db,
      { user: team.member.user, mode: "live" as const, via: "session" as const, credentialId: null },
      team.teamId,
    );
    const rolledBack = new Error("rolled back after queueing");
    await expect(
      sqlTransaction(t.db, async (tx) => {
        expect(
          await queueApprovalEmails(tx, {
            actor,
            giftIds: ["gft_x"],
            batch: null,
            totalCents: price,
            reason: "test",
            now: new Date(),
          }),
        ).toBe(2);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await approvalEmails(...everyone(team))).toEqual([]);
  });

  it("a gift under the thresholds, and a sandbox gift, queue no approval email", async () => {
    const team = await teamNeedingApproval({ approval_above_price: formatMoney(price), approval_above_batch_size: 5 });
    const live = await team.as(team.member).post(team.path(), giftBody());
    expect(live.body.data.attributes.stage).toBe("scheduled");
    const bulk = await team
      .as(team.member)
      .post(`/teams/${team.teamId}/bulk/gifts`, bulkBody(5, { batch_name: "Five" }));
    expect(bulk.body.data.map((g: { attributes: { stage: string } }) => g.attributes.stage)).toEqual(
      Array(5).fill("scheduled"),
    );
    const sandbox = await apiAs(team.member.tokens.sandbox).post("/bulk/gifts", bulkBody(8));
    expect(sandbox.status, JSON.stringify(sandbox.body)).toBe(200);
    expect(await approvalEmails(...everyone(team))).toEqual([]);
  });

  it("hostile: HTML and formulas in the batch name and the creator's name are text in the email; the link is APP_URL's, never the request's host", async () => {
    vi.stubEnv("APP_URL", "https://gifts.example.test");
    try {
      const team = await teamNeedingApproval({ approval_above_batch_size: 1 });
      const creator = `<img src=x onerror=alert(1)> =HYPERLINK("https://evil.test","x")`;
      await t.db.user.update({ where: { id: team.member.user.id }, data: { name: `${creator}\r\nBcc: x@evil.test` } });
      const batchName = `<script>alert("b")</script><a href="https://evil.test">=1+2</a>`;
      const created = await callApi("POST", `/teams/${team.teamId}/bulk/gifts`, {
        token: team.member.tokens.live,
        body: bulkBody(2, { batch_name: batchName }),
        headers: { host: "evil.test", "x-forwarded-host": "evil.test", "x-forwarded-proto": "http" },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const sent = await inboxes(team.owner);
      expect(sent).toHaveLength(1);
      const [mail] = sent;
      for (const raw of ["<script", "<img", 'href="https://evil.test"', "onerror=alert(1)>"])
        expect(mail.html).not.toContain(raw);
      expect(mail.html).toContain("&lt;script&gt;");
      expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
      // Text in an email, shown as written: no spreadsheet evaluates it.
      expect(mail.text).toContain(`in the batch “${batchName}”`);
      expect(mail.text).toContain(`${creator} Bcc: x@evil.test (${team.member.user.email}) created 2 gifts`);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.html).not.toContain("evil.test/dashboard");
      const link = `https://gifts.example.test/dashboard/${team.teamId}?stage=pending_approval&batch=`;
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link.replace("&", "&amp;")}`);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
