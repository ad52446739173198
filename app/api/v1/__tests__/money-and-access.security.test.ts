import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { onTeam } from "@/lib/actor";
import { dashboardGift } from "@/lib/dashboard";
import { queryRows, sqlTransaction } from "@/lib/database/sql";
import { deliverAllDue, expireGifts } from "@/lib/delivery";
import { outboxTransport } from "@/lib/outbox";
import { APPROVAL_WINDOW_DAYS, expireUnapprovedGifts } from "@/lib/gifts";
import { insertGifts } from "@/lib/gifts/insert-gifts";
import { moveGift, PAID_STAGES } from "@/lib/gifts/stages";
import { formatMoney } from "@/lib/money";
import { addMember } from "@/lib/teams";
import { createDeveloperTokens } from "@/lib/tokens/create-developer-tokens";
import { setLiveTokenCaps } from "@/lib/tokens/token-caps";
import { apiAs } from "@/lib/testing/api-client";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { createPerson } from "@/lib/testing/teams";
import { bulkBody, expectError, expectValidation, giftBody, openDatabaseForFile } from "./helpers";

// The second outside review (issue "Money and access"): each finding replayed the way the
// attacker did it, through the API's route handlers on a real database, from the role that
// must be refused.
const t = openDatabaseForFile();

const DAY = 24 * 60 * 60 * 1000;
const ymd = (offsetDays: number, from = Date.now()) => new Date(from + offsetDays * DAY).toISOString().slice(0, 10);

/**
 * The money invariant, over the whole database: a live gift in a stage that can be (or was)
 * sent has a charge that exists. Checked after every path below.
 */
async function unpaidSendableGifts(): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    t.db,
    Prisma.sql`SELECT g."id" FROM "Gift" g LEFT JOIN "Charge" c ON c."id" = g."chargeId" AND c."kind" = 'charge'
               WHERE g."livemode" AND g."stage" = ANY(${PAID_STAGES}::text[]) AND c."id" IS NULL`,
  );
  return rows.map((r) => r.id);
}

/** A team (owner with a card), a second owner, a member and a viewer; gifts above `above` need approval. */
async function team(above: string | null = null) {
  const owner = await createAccount(t.db);
  const [second, member, viewer] = [await createPerson(t.db), await createPerson(t.db), await createPerson(t.db)];
  await addMember(t.db, owner.team.id, second.user.id, "owner");
  await addMember(t.db, owner.team.id, member.user.id, "member");
  await addMember(t.db, owner.team.id, viewer.user.id, "viewer");
  if (above !== null) {
    const set = await apiAs(owner.tokens.live).patch(`/teams/${owner.team.id}/budget`, {
      budget: { approval_above_price: above },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
  }
  const path = (id?: string, action?: string) =>
    `/teams/${owner.team.id}/gifts${id ? `/${id}` : ""}${action ? `/${action}` : ""}`;
  return { owner, second, member, viewer, path, teamId: owner.team.id };
}

describe("a gift is sent only once it is paid for", () => {
  it("the review's reproduction: a create whose expiry has passed is refused (422 in_the_past), nothing is written", async () => {
    const tm = await team("0.00");
    const before = await t.db.gift.count({ where: { teamId: tm.teamId } });
    const created = await apiAs(tm.member.tokens.live).post(
      tm.path(),
      giftBody({ scheduled_at: new Date(Date.now() - 10 * DAY).toISOString(), expires_on: ymd(-5) }),
    );
    expect(expectValidation(created)).toEqual([
      { pointer: "/gift/expires_on", detail: expect.stringContaining("in the past"), code: "in_the_past" },
    ]);
    expect(await t.db.gift.count({ where: { teamId: tm.teamId } })).toBe(before);
    expect(await t.db.emailOutbox.count({ where: { to: "robin@example.com", kind: "gift" } })).toBe(0);
  });

  it("an unapproved gift that expired can't be reopened by a PATCH of expires_on (409 never_approved): it stays unsent and uncharged", async () => {
    // Threshold 0.00: every gift waits for approval (the owner's way to the same hole).
    const tm = await team("0.00");
    const created = await apiAs(tm.member.tokens.live).post(tm.path(), giftBody({ expires_on: ymd(1) }));
    expect(created.body.data.attributes.stage).toBe("pending_approval");
    const id = created.body.data.id as string;
    // The expiry job, three days on: expired.
    expect(await expireGifts(t.db, new Date(Date.now() + 3 * DAY))).toContain(id);
    for (const who of [tm.member, tm.owner]) {
      const reopened = await apiAs(who.tokens.live).patch(tm.path(id), { gift: { expires_on: ymd(20) } });
      expect(expectError(reopened, 409, "Conflict").code).toBe("never_approved");
    }
    await t.db.gift.update({ where: { id }, data: { scheduledAt: new Date(Date.now() - 1000) } });
    await deliverAllDue(t.db, { transport: outboxTransport });
    const row = await t.db.gift.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ stage: "expired", chargeId: null, sentAt: null });
    expect(await unpaidSendableGifts()).toEqual([]);
  });

  it("a gift expired by the approval window can't be reopened either", async () => {
    const tm = await team(formatMoney(1));
    const id = (await apiAs(tm.member.tokens.live).post(tm.path(), giftBody({ expires_on: ymd(60) }))).body.data
      .id as string;
    expect(await expireUnapprovedGifts(t.db, new Date(Date.now() + (APPROVAL_WINDOW_DAYS + 1) * DAY))).toContain(id);
    const reopened = await apiAs(tm.member.tokens.live).patch(tm.path(id), { gift: { expires_on: ymd(90) } });
    expect(expectError(reopened, 409, "Conflict").code).toBe("never_approved");
    expect(await unpaidSendableGifts()).toEqual([]);
  });

  it("a paid gift that expired is reopened to where it was, still with its one charge", async () => {
    const tm = await team();
    const created = await apiAs(tm.member.tokens.live).post(tm.path(), giftBody({ expires_on: ymd(1) }));
    const id = created.body.data.id as string;
    expect(created.body.data.attributes.stage).toBe("scheduled");
    expect(await expireGifts(t.db, new Date(Date.now() + 3 * DAY))).toContain(id);
    const reopened = await apiAs(tm.member.tokens.live).patch(tm.path(id), { gift: { expires_on: ymd(20) } });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body.data.attributes.stage).toBe("scheduled");
    expect(await t.db.charge.count({ where: { teamId: tm.teamId, kind: "charge" } })).toBe(1);
    expect(await unpaidSendableGifts()).toEqual([]);
  });

  it("an approved gift that expired is reopened to scheduled (its approval counts as the stage it expired from)", async () => {
    const tm = await team(formatMoney(1));
    const id = (await apiAs(tm.member.tokens.live).post(tm.path(), giftBody({ expires_on: ymd(2) }))).body.data
      .id as string;
    expect((await apiAs(tm.owner.tokens.live).post(tm.path(id, "approve"), undefined)).status).toBe(200);
    expect(await expireGifts(t.db, new Date(Date.now() + 4 * DAY))).toContain(id);
    const reopened = await apiAs(tm.member.tokens.live).patch(tm.path(id), { gift: { expires_on: ymd(20) } });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body.data.attributes.stage).toBe("scheduled");
    expect(await unpaidSendableGifts()).toEqual([]);
  });

  it("the stage machine itself refuses to make an unpaid live gift sendable, and nothing writes one", async () => {
    const tm = await team("0.00");
    const id = (await apiAs(tm.member.tokens.live).post(tm.path(), giftBody())).body.data.id as string;
    for (const to of ["scheduled", "sent", "opened"] as const)
      expect(await t.db.$transaction((tx) => moveGift(tx, id, to))).toBe(false);
    const cat = await catalogue(t.db);
    const write = sqlTransaction(t.db, (tx) =>
      insertGifts(tx, {
        shared: {
          teamId: tm.teamId,
          senderId: tm.member.user.id,
          livemode: true,
          message: "m",
          subject: "s",
          from: "f",
          stage: "scheduled",
          at: new Date(),
          chargeId: null,
          batch: null,
        },
        gifts: [],
        refs: { collection: String(cat.collection.id) },
      }),
    );
    await expect(write).rejects.toThrow(/without a charge/);
    expect(await unpaidSendableGifts()).toEqual([]);
  });

  it("over every path into a sendable stage (create, bulk, approve, approve a batch, reopen, PATCH, resend, delivery), every live gift has a charge", async () => {
    const tm = await team();
    const member = apiAs(tm.member.tokens.live);
    const owner = apiAs(tm.second.tokens.live);
    const one = (await member.post(tm.path(), giftBody({ expires_on: ymd(1) }))).body.data.id as string;
    await member.post(`/teams/${tm.teamId}/bulk/gifts`, bulkBody(3));
    // Now approvals: above $1 and batches above 2.
    await apiAs(tm.owner.tokens.live).patch(`/teams/${tm.teamId}/budget`, {
      budget: { approval_above_price: "1.00", approval_above_batch_size: 2 },
    });
    const waiting = (await member.post(tm.path(), giftBody())).body.data.id as string;
    expect((await owner.post(tm.path(waiting, "approve"), undefined)).status).toBe(200);
    const batch = await member.post(`/teams/${tm.teamId}/bulk/gifts`, bulkBody(3));
    const batchId = batch.body.data[0].attributes.batch.id as string;
    expect((await owner.post(`/teams/${tm.teamId}/batches/${batchId}/approve`, undefined)).status).toBe(200);
    const unapproved = (await member.post(tm.path(), giftBody({ expires_on: ymd(1) }))).body.data.id as string;
    await t.db.gift.updateMany({ where: { teamId: tm.teamId }, data: { scheduledAt: new Date(Date.now() - 1000) } });
    await deliverAllDue(t.db, { transport: outboxTransport });
    expect(await unpaidSendableGifts()).toEqual([]);
    await expireGifts(t.db, new Date(Date.now() + 3 * DAY));
    await member.patch(tm.path(one), { gift: { expires_on: ymd(20) } });
    await member.patch(tm.path(unapproved), { gift: { expires_on: ymd(20) } });
    const sent = await t.db.gift.findFirstOrThrow({ where: { teamId: tm.teamId, stage: "sent" } });
    await member.post(tm.path(sent.id, "resend"), undefined);
    await member.patch(tm.path(sent.id), { gift: { email: "corrected@example.com" } });
    await deliverAllDue(t.db, { transport: outboxTransport });
    const stages = await t.db.gift.groupBy({ by: ["stage"], where: { teamId: tm.teamId }, _count: true });
    expect(stages.map((s) => s.stage).sort()).toEqual(["expired", "sent"]);
    expect(await unpaidSendableGifts()).toEqual([]);
  });
});

describe("correcting a sent gift's email counts against the resend limit", () => {
  it("resend, then alternating corrections: the first that goes over is 429 with Retry-After, and no more emails go out", async () => {
    const tm = await team();
    const member = apiAs(tm.member.tokens.live);
    const id = (await member.post(tm.path(), giftBody({ scheduled_at: new Date(Date.now() - 1000).toISOString() })))
      .body.data.id as string;
    await deliverAllDue(t.db, { transport: outboxTransport });
    expect((await member.post(tm.path(id, "resend"), undefined)).status).toBe(200);
    expect((await member.post(tm.path(id, "resend"), undefined)).status).toBe(429);
    const emails = () => t.db.emailOutbox.count({ where: { giftId: id, kind: "gift" } });
    const before = await emails();
    for (let i = 0; i < 12; i++) {
      const corrected = await member.patch(tm.path(id), { gift: { email: i % 2 ? "a@example.com" : "b@example.com" } });
      expect(corrected.status, JSON.stringify(corrected.body)).toBe(429);
      expect(corrected.body.errors[0].code).toBe("rate_limited");
      expect(Number(corrected.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(await emails()).toBe(before);
    expect((await t.db.gift.findUniqueOrThrow({ where: { id } })).email).toBe("robin@example.com");
  });

  it("a correction first: the resend after it waits its turn (one limit for both)", async () => {
    const tm = await team();
    const member = apiAs(tm.member.tokens.live);
    const id = (await member.post(tm.path(), giftBody({ scheduled_at: new Date(Date.now() - 1000).toISOString() })))
      .body.data.id as string;
    await deliverAllDue(t.db, { transport: outboxTransport });
    expect((await member.patch(tm.path(id), { gift: { email: "a@example.com" } })).status).toBe(200);
    const resent = await member.post(tm.path(id, "resend"), undefined);
    expect(resent.status).toBe(429);
    // Two corrections at once: one is applied, the other counted after it.
    const tm2 = await team();
    const member2 = apiAs(tm2.member.tokens.live);
    const id2 = (await member2.post(tm2.path(), giftBody({ scheduled_at: new Date(Date.now() - 1000).toISOString() })))
      .body.data.id as string;
    await deliverAllDue(t.db, { transport: outboxTransport });
    const both = await Promise.all([
      member2.patch(tm2.path(id2), { gift: { email: "x@example.com" } }),
      member2.patch(tm2.path(id2), { gift: { email: "y@example.com" } }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
  });
});

describe("the untie link is shown only to those who may act on the gift", () => {
  it("a viewer and another member read the owner's gift without its untie-url; the owner and the sender get it", async () => {
    const tm = await team();
    const created = await apiAs(tm.owner.tokens.live).post(tm.path(), giftBody());
    const id = created.body.data.id as string;
    expect(created.body.data.attributes["untie-url"]).toMatch(/\/untie\//);
    for (const who of [tm.viewer, tm.member]) {
      const one = await apiAs(who.tokens.live).get(tm.path(id));
      expect(one.status).toBe(200);
      expect(one.body.data.attributes["untie-url"]).toBeNull();
      const list = await apiAs(who.tokens.live).get(tm.path());
      expect(list.body.data.map((g: { attributes: Record<string, unknown> }) => g.attributes["untie-url"])).toEqual(
        list.body.data.map(() => null),
      );
      // The member's DELETE is refused, and they hold no link to decline it with instead.
      if (who === tm.member) expect((await apiAs(who.tokens.live).delete(tm.path(id))).status).toBe(403);
    }
    for (const who of [tm.owner, tm.second]) {
      expect((await apiAs(who.tokens.live).get(tm.path(id))).body.data.attributes["untie-url"]).toMatch(/\/untie\//);
    }
    const own = (await apiAs(tm.member.tokens.live).post(tm.path(), giftBody())).body.data.id as string;
    expect((await apiAs(tm.member.tokens.live).get(tm.path(own))).body.data.attributes["untie-url"]).toMatch(
      /\/untie\//,
    );
    expect((await apiAs(tm.viewer.tokens.live).get(tm.path(own))).body.data.attributes["untie-url"]).toBeNull();
  });

  it("the dashboard's gift page shows the link to the owner and the sender only", async () => {
    const tm = await team();
    const id = (await apiAs(tm.owner.tokens.live).post(tm.path(), giftBody())).body.data.id as string;
    const page = async (who: { user: { id: string; name: string | null; email: string } }) =>
      dashboardGift(
        t.db,
        await onTeam(t.db, { user: who.user, mode: "live", via: "session", credentialId: null }, tm.teamId),
        id,
      );
    expect((await page(tm.owner)).untieUrl).toMatch(/\/untie\//);
    expect((await page(tm.second)).untieUrl).toMatch(/\/untie\//);
    expect((await page(tm.member)).untieUrl).toBeNull();
    expect((await page(tm.viewer)).untieUrl).toBeNull();
  });
});

describe("approval is a second pair of eyes", () => {
  it("the credential that created a gift can't approve it; with another owner on the team, neither can its sender", async () => {
    const tm = await team(formatMoney(1));
    const id = (await apiAs(tm.owner.tokens.live).post(tm.path(), giftBody())).body.data.id as string;
    const own = await apiAs(tm.owner.tokens.live).post(tm.path(id, "approve"), undefined);
    expect(expectError(own, 403, "Forbidden").code).toBe("second_approver_required");
    expect(await t.db.charge.count({ where: { teamId: tm.teamId } })).toBe(0);
    expect((await apiAs(tm.second.tokens.live).post(tm.path(id, "approve"), undefined)).status).toBe(200);

    // A batch the owner sent: the same rule for approving it whole.
    const batch = await apiAs(tm.owner.tokens.live).post(`/teams/${tm.teamId}/bulk/gifts`, bulkBody(2));
    const batchId = batch.body.data[0].attributes.batch.id as string;
    const refused = await apiAs(tm.owner.tokens.live).post(`/teams/${tm.teamId}/batches/${batchId}/approve`, undefined);
    expect(expectError(refused, 403, "Forbidden").code).toBe("second_approver_required");
  });

  it("a team's only owner can't approve their own gift with the token (or grant) that created it", async () => {
    const solo = await createAccount(t.db);
    await apiAs(solo.tokens.live).patch(`/teams/${solo.team.id}/budget`, { budget: { approval_above_price: "1.00" } });
    const id = (await apiAs(solo.tokens.live).post(`/teams/${solo.team.id}/gifts`, giftBody())).body.data.id as string;
    const own = await apiAs(solo.tokens.live).post(`/teams/${solo.team.id}/gifts/${id}/approve`, undefined);
    expect(expectError(own, 403, "Forbidden").detail).toContain("on the dashboard");
    expect((await t.db.gift.findUniqueOrThrow({ where: { id } })).stage).toBe("pending_approval");
  });
});

describe("caps bind every live secret of a token", () => {
  it("caps saved during a roll's 24-hour grace reach the old token too, and the two share one daily spend", async () => {
    const acct = await createAccount(t.db);
    const old = acct.tokens.live;
    const fresh = await t.db.$transaction((tx) => createDeveloperTokens(tx, acct.user.id, { keepOld: true }));
    expect(await setLiveTokenCaps(t.db, acct.user.id, { perGift: "10.00" })).toBe(true);
    for (const token of [old, fresh.live]) {
      const refused = await apiAs(token).post(`/teams/${acct.team.id}/gifts`, giftBody());
      expect(expectError(refused, 402, "Payment Required").code).toBe("cap_per_gift_exceeded");
    }
    expect(await t.db.charge.count({ where: { teamId: acct.team.id } })).toBe(0);

    const price = (await catalogue(t.db)).collection.priceCents;
    expect(await setLiveTokenCaps(t.db, acct.user.id, { daily: formatMoney(price * 2) })).toBe(true);
    const body = giftBody({ collection: (await catalogue(t.db)).collection.name });
    expect((await apiAs(old).post(`/teams/${acct.team.id}/gifts`, body)).status).toBe(200);
    expect((await apiAs(fresh.live).post(`/teams/${acct.team.id}/gifts`, body)).status).toBe(200);
    const third = await apiAs(old).post(`/teams/${acct.team.id}/gifts`, body);
    expect(expectError(third, 402, "Payment Required").code).toBe("cap_daily_exceeded");
  });
});
