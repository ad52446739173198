// The account and team pages' one-statement reads (account-overview.ts, team-overview.ts) give
// what the per-domain reads they replaced give, in the same order, and refuse the same people.
import { describe, expect, it } from "vitest";
import { HttpError } from "@/lib/errors";
import { catalogue, createAccount, insertGift } from "@/lib/testing/fixtures";
import { createPerson, processDatabaseForFile } from "@/lib/testing/teams";
import { addMember, listMyTeams } from "@/lib/teams";
import { membersOf, removeMember } from "@/lib/teams/members";
import { pendingInvitationsOf } from "@/lib/teams/invitations";
import { cardOf, chargesOf } from "@/lib/billing/card";
import { readBudget } from "@/lib/billing/budget";
import { readReminderSettings } from "@/lib/reminders";
import { readSwapCollections } from "@/lib/catalogue/swap";
import { collectionsForPerson, teamCollectionChoices } from "@/lib/catalogue";
import { listActiveTokens } from "@/lib/tokens";
import { listAuthorizedApps } from "@/lib/oauth";
import { listEndpointsForUser } from "@/lib/webhooks";
import { emailPreferences } from "@/lib/users/preferences";
import { SANDBOX_TEAM_ID } from "@/lib/teams/constants";
import { accountOverview } from "./account-overview";
import { teamOverview } from "./team-overview";

const t = processDatabaseForFile();

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

/** A team with an owner, a member and a viewer, a card, 205 invitations, 12 charges, a budget and swap collections. */
async function busyTeam() {
  const { collection } = await catalogue(t.db);
  const { user: owner, team } = await createAccount(t.db);
  const member = (await createPerson(t.db)).user;
  const viewer = (await createPerson(t.db)).user;
  await addMember(t.db, team.id, member.id, "member");
  await addMember(t.db, team.id, viewer.id, "viewer");
  await t.db.user.update({ where: { id: viewer.id }, data: { name: "Vera Viewer" } });
  const base = Date.UTC(2026, 0, 1);
  await t.db.teamInvitation.createMany({
    data: Array.from({ length: 205 }, (_, i) => ({
      teamId: team.id,
      email: `invitee${i}@example.test`,
      role: i % 3 === 0 ? "owner" : "member",
      tokenHash: `hash-${team.id}-${i}`,
      invitedById: i % 2 ? owner.id : member.id,
      createdAt: new Date(base + (i % 50) * 60_000), // ties on createdAt: the id decides
      expiresAt: new Date(i % 4 === 0 ? Date.now() - 1000 : Date.now() + 86_400_000),
    })),
  });
  await t.db.charge.createMany({
    data: Array.from({ length: 12 }, (_, i) => ({
      teamId: team.id,
      kind: i % 5 === 0 ? "refund" : "charge",
      amountCents: i % 5 === 0 ? -500 : 1000 + i,
      description: `Charge ${i}`,
      cardLast4: "4242",
      createdAt: i < 3 ? new Date(base) : new Date(),
    })),
  });
  await t.db.team.update({
    where: { id: team.id },
    data: {
      monthlyBudgetCents: 50_000,
      approvalAboveBatchSize: 20,
      reminderCadence: ["P2D"],
      swapCollectionIds: [collection.id],
    },
  });
  await t.db.collection.create({
    data: {
      slug: `own-${team.id}`,
      name: "A team's own",
      description: "",
      global: false,
      teamId: team.id,
      priceCents: 4200,
      imageUrl: "/x.png",
    },
  });
  return { owner, member, viewer, team };
}

/** What the page read before, one domain read each. */
async function previousTeamOverview(userId: string, teamId: string, owner: boolean) {
  const team = await t.db.team.findUniqueOrThrow({ where: { id: teamId }, select: { id: true, name: true } });
  return {
    team,
    members: await membersOf(t.db, teamId),
    card: await cardOf(t.db, teamId),
    invitations: owner ? await pendingInvitationsOf(t.db, teamId) : [],
    charges: owner ? await chargesOf(t.db, teamId) : [],
    budget: await readBudget(t.db, teamId),
    reminders: await readReminderSettings(t.db, teamId),
    swap: {
      chosen: (await readSwapCollections(t.db, teamId)).collectionIds,
      collections: await teamCollectionChoices(t.db, teamId),
    },
  };
}

describe("the team page's read (teamOverview)", () => {
  it("gives an owner what the domain reads give, in their order, bounded as they are", async () => {
    const { owner, team } = await busyTeam();
    const view = await teamOverview(t.db, owner.id, team.id);
    expect(view.role).toBe("owner");
    expect(view).toMatchObject(await previousTeamOverview(owner.id, team.id, true));
    expect(view.invitations).toHaveLength(200);
    expect(view.charges).toHaveLength(10);
    expect(view.members.map((m) => m.role)).toEqual(["owner", "member", "viewer"]);
    // This month's: charges 3, 4, 6, 7, 8, 9 and 11, refunds 5 and 10 (0–2 are in January).
    expect(view.budget.spentCents).toBe(7 * 1000 + 3 + 4 + 6 + 7 + 8 + 9 + 11 - 2 * 500);
  });

  it("gives a member or a viewer no invitations and no charges", async () => {
    const { member, viewer, team } = await busyTeam();
    for (const who of [member, viewer]) {
      const view = await teamOverview(t.db, who.id, team.id);
      expect(view).toMatchObject({ invitations: [], charges: [] });
      expect(view).toMatchObject(await previousTeamOverview(who.id, team.id, false));
    }
  });

  it("refuses a non-member, a removed member, a team that does not exist and the sandbox alike (404)", async () => {
    const { owner, member, team } = await busyTeam();
    const stranger = (await createPerson(t.db)).user;
    await removeMember(t.db, { actorId: owner.id, teamId: team.id, userId: member.id });
    const refusals = [
      await refusal(teamOverview(t.db, stranger.id, team.id)),
      await refusal(teamOverview(t.db, member.id, team.id)),
      await refusal(teamOverview(t.db, owner.id, "no-such-team")),
      await refusal(teamOverview(t.db, owner.id, SANDBOX_TEAM_ID)),
      await refusal(teamOverview(t.db, owner.id, "x\u0000y")),
      await refusal(teamOverview(t.db, owner.id, "x".repeat(201))),
      await refusal(teamOverview(t.db, owner.id, "' OR 1=1 --")),
    ];
    expect(refusals.map((e) => e.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(refusals[0].message).toBe(`No team "${team.id}".`);
    expect(refusals[2].message).toBe(`No team "no-such-team".`);
  });
});

describe("the account page's read (accountOverview)", () => {
  async function previousAccount(userId: string, now: Date) {
    return {
      tokens: await listActiveTokens(t.db, userId, now),
      apps: await listAuthorizedApps(t.db, userId, now),
      endpoints: await listEndpointsForUser(t.db, userId),
      teams: await listMyTeams(t.db, userId),
      collections: await collectionsForPerson(t.db, userId),
      preferences: await emailPreferences(t.db, userId),
    };
  }

  it("gives what the domain reads give, in their order: many tokens, endpoints and attempts (five each)", async () => {
    const { owner, team } = await busyTeam();
    const other = await createAccount(t.db); // a team owner is not a member of: none of its rows show
    const now = new Date();
    // Besides the current pair: previous ones in a grace period, expired or revoked, some with caps.
    await t.db.apiToken.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({
        userId: owner.id,
        mode: i % 2 ? "live" : "sandbox",
        tokenHash: `tok-${owner.id}-${i}`,
        start: `rbn_${i}`,
        revokedAt: i % 7 === 0 ? now : null,
        expiresAt: new Date(now.getTime() + (i % 3 ? 1 : -1) * 3_600_000 * ((i % 4) + 1)), // ties on expiresAt
        lastUsedAt: i % 4 === 0 ? new Date(now.getTime() - i * 1000) : null,
        caps: i % 5 === 0 ? { perGiftCents: 1000, collectionIds: [1, 2] } : undefined,
      })),
    });
    await t.db.user.update({ where: { id: owner.id }, data: { emailOnGiftOutcome: false } });
    // Endpoints on the owner's team, the other team and the sandbox (the owner's own and someone else's).
    const gift = await insertGift(t.db, { teamId: team.id, senderId: owner.id });
    const event = await t.db.giftEvent.findFirstOrThrow({ where: { giftId: gift.id } });
    const endpoint = (teamId: string, ownerId: string, i: number) => ({
      id: `whe_${teamId}_${ownerId}_${i}`.slice(0, 60),
      teamId,
      ownerId,
      url: `https://example.test/hook/${i}`,
      description: i % 2 ? `Hook ${i}` : null,
      eventTypes: [],
      enabled: i % 3 !== 0,
      disabledReason: i % 3 === 0 ? "failing" : null,
      secretCiphertext: "x",
      createdAt: new Date(now.getTime() - (200 - i) * 1000),
    });
    const endpoints = [
      ...Array.from({ length: 6 }, (_, i) => endpoint(team.id, owner.id, i)),
      endpoint(other.team.id, other.user.id, 100),
      endpoint(SANDBOX_TEAM_ID, owner.id, 101),
      endpoint(SANDBOX_TEAM_ID, other.user.id, 102),
    ];
    await t.db.webhookEndpoint.createMany({ data: endpoints });
    for (const [n, e] of [endpoints[0], endpoints[1], endpoints[7]].entries()) {
      const delivery = await t.db.webhookDelivery.create({
        data: { eventId: event.id, endpointId: e.id, eventType: `gift.test${n}`, payload: "{}", nextAttemptAt: now },
      });
      await t.db.webhookAttempt.createMany({
        data: Array.from({ length: 8 }, (_, i) => ({
          deliveryId: delivery.id,
          endpointId: e.id,
          attempt: i + 1,
          responseStatus: i % 2 ? 500 : null,
          durationMs: 10 * i,
          error: i % 2 ? null : "timeout",
          succeeded: i === 7,
        })),
      });
    }
    const view = await accountOverview(t.db, owner.id, now);
    expect(view).toEqual(await previousAccount(owner.id, now));
    expect(view.tokens.length).toBeGreaterThan(10);
    expect(view.endpoints.map((e) => e.id)).toEqual([endpoints[7], ...endpoints.slice(0, 6)].map((e) => e.id)); // by team, then age
    expect(view.endpoints.find((e) => e.id === endpoints[0].id)!.attempts).toHaveLength(5);
    expect(view.collections.some((c) => c.name === "A team's own")).toBe(true);
    expect(view.preferences).toEqual({ giftOutcome: false });
  });

  it("a person with nothing: empty lists, and no one else's rows", async () => {
    await busyTeam();
    const nobody = (await createPerson(t.db)).user;
    const now = new Date();
    const view = await accountOverview(t.db, nobody.id, now);
    expect(view).toEqual(await previousAccount(nobody.id, now));
    expect(view).toMatchObject({ apps: [], endpoints: [], teams: [], preferences: { giftOutcome: true } });
    expect(view.collections.every((c) => !c.name.startsWith("A team's own"))).toBe(true);
  });

  it("a removed member no longer sees the team, its endpoints or its collections", async () => {
    const { owner, member, team } = await busyTeam();
    await removeMember(t.db, { actorId: owner.id, teamId: team.id, userId: member.id });
    const now = new Date();
    const view = await accountOverview(t.db, member.id, now);
    expect(view).toEqual(await previousAccount(member.id, now));
    expect(view.teams).toEqual([]);
  });

  it("an unknown user is an error, not an empty page", async () => {
    await expect(accountOverview(t.db, "no-such-user", new Date())).rejects.toThrow(/No user/);
  });
});
