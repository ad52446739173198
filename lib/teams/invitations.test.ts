import { afterEach, describe, expect, it, vi } from "vitest";
import { sendQueuedEmails } from "@/lib/outbox";
import { HttpError } from "@/lib/errors";
import { apiAs } from "@/lib/testing/api-client";
import { fakeTransport } from "@/lib/testing/fake-transport";
import { createAccount } from "@/lib/testing/fixtures";
import { createPerson, processDatabaseForFile } from "@/lib/testing/teams";
import { acceptInvitation, viewInvitation } from "./accept-invitation";
import { addMember } from "./create-team";
import { invitationTokenHash, INVITATION_LIFETIME_MS } from "./invitation-token";
import { inviteMember, listPendingInvitations, revokeInvitation, RESEND_AFTER_MS } from "./invitations";

const t = processDatabaseForFile();
afterEach(() => vi.unstubAllEnvs());

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

/** The invitation emails in the outbox for an address. */
const emailsTo = (to: string) =>
  t.db.emailOutbox.findMany({ where: { kind: "team-invitation", to }, orderBy: { id: "asc" } });

/** The secret in an invitation email's link. */
function tokenIn(text: string): string {
  const match = /http:\/\/localhost:3000\/invitations\/([1-9A-HJ-NP-Za-km-z]+)/.exec(text);
  expect(match, text).toBeTruthy();
  return match![1];
}

/** An owner's team and a person with no team; the owner invites them (by an upper-case address). */
async function invited(role: "owner" | "member" = "member") {
  const owner = await createAccount(t.db, { teamName: "Invite Co" });
  const invitee = await createPerson(t.db);
  const result = await inviteMember(t.db, {
    actorId: owner.user.id,
    teamId: owner.team.id,
    email: `  ${invitee.user.email.toUpperCase()} `,
    role,
  });
  const [email] = await emailsTo(invitee.user.email);
  return { owner, invitee, result, email, token: tokenIn(email.text) };
}

describe("inviting", () => {
  it("emails a link through the mail transport; only the link's hash is stored; the owner sees it pending", async () => {
    const { owner, invitee, result, email, token } = await invited();
    expect(result).toMatchObject({ emailed: true, invitation: { email: invitee.user.email, role: "member" } });
    expect(email).toMatchObject({ status: "stored", transport: "outbox", invitationId: result.invitation.id });
    expect(email.subject).toBe(`${owner.user.name} (${owner.user.email}) invited you to join Invite Co on Ribbon`);
    expect(email.html).toContain(`http://localhost:3000/invitations/${token}`);
    const row = await t.db.teamInvitation.findUniqueOrThrow({ where: { id: result.invitation.id } });
    expect(row).toMatchObject({
      tokenHash: invitationTokenHash(token),
      email: invitee.user.email,
      invitedById: owner.user.id,
    });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(INVITATION_LIFETIME_MS);
    expect((await listPendingInvitations(t.db, owner.user.id, owner.team.id)).map((i) => i.email)).toEqual([
      invitee.user.email,
    ]);
  });

  it("names an inviter who never set a name by the team, never by their email address", async () => {
    const owner = await createAccount(t.db, { teamName: "Nameless Co" });
    await t.db.user.update({ where: { id: owner.user.id }, data: { name: null } });
    const invitee = await createPerson(t.db);
    await inviteMember(t.db, {
      actorId: owner.user.id,
      teamId: owner.team.id,
      email: invitee.user.email,
      role: "member",
    });
    const [email] = await emailsTo(invitee.user.email);
    expect(email.subject).toBe("Nameless Co invited you to join Nameless Co on Ribbon");
    expect(email.text).not.toContain(owner.user.email);
    expect(email.html).not.toContain(owner.user.email);
    expect(await viewInvitation(t.db, { token: tokenIn(email.text), userId: invitee.user.id })).toMatchObject({
      status: "pending",
      invitedBy: "Nameless Co",
    });
    expect((await listPendingInvitations(t.db, owner.user.id, owner.team.id)).map((i) => i.invitedBy)).toEqual([
      "Nameless Co",
    ]);
  });

  it("refuses members as inviters, existing members as invitees, bad addresses and roles", async () => {
    const owner = await createAccount(t.db);
    const member = await createPerson(t.db);
    await addMember(t.db, owner.team.id, member.user.id);
    const asMember = await refusal(
      inviteMember(t.db, { actorId: member.user.id, teamId: owner.team.id, email: "new@example.test", role: "member" }),
    );
    expect([asMember.status, asMember.code]).toEqual([403, "owner_required"]);
    expect((await refusal(listPendingInvitations(t.db, member.user.id, owner.team.id))).code).toBe("owner_required");
    const stranger = await createPerson(t.db);
    expect(
      (
        await refusal(
          inviteMember(t.db, {
            actorId: stranger.user.id,
            teamId: owner.team.id,
            email: "new@example.test",
            role: "member",
          }),
        )
      ).status,
    ).toBe(404);
    const again = await refusal(
      inviteMember(t.db, {
        actorId: owner.user.id,
        teamId: owner.team.id,
        email: member.user.email.toUpperCase(),
        role: "owner",
      }),
    );
    expect([again.status, again.message]).toEqual([409, `${member.user.email} is already a member of this team.`]);
    for (const email of [
      "",
      "no-at-sign",
      "a@b",
      "two@@example.test",
      "sp ace@example.test",
      "x\r\nbcc@example.test",
      `${"a".repeat(250)}@example.test`,
      7,
      null,
    ]) {
      expect(
        (await refusal(inviteMember(t.db, { actorId: owner.user.id, teamId: owner.team.id, email, role: "member" })))
          .status,
      ).toBe(400);
    }
    expect(
      (
        await refusal(
          inviteMember(t.db, {
            actorId: owner.user.id,
            teamId: owner.team.id,
            email: "ok@example.test",
            role: "admin",
          }),
        )
      ).status,
    ).toBe(400);
    expect(await t.db.teamInvitation.count({ where: { teamId: owner.team.id } })).toBe(0);
    expect(
      await t.db.emailOutbox.count({
        where: { kind: "team-invitation", to: { in: ["new@example.test", "ok@example.test"] } },
      }),
    ).toBe(0);
  });

  it("re-inviting replaces the pending invitation: the old link stops working and its email leaves the outbox", async () => {
    const { owner, invitee, token } = await invited("member");
    const second = await inviteMember(t.db, {
      actorId: owner.user.id,
      teamId: owner.team.id,
      email: invitee.user.email,
      role: "owner",
    });
    expect(second.emailed).toBe(true);
    const emails = await emailsTo(invitee.user.email);
    expect(emails).toHaveLength(1);
    const newToken = tokenIn(emails[0].text);
    expect(await viewInvitation(t.db, { token, userId: invitee.user.id })).toEqual({ status: "withdrawn" });
    expect(await viewInvitation(t.db, { token: newToken, userId: invitee.user.id })).toMatchObject({
      status: "pending",
      role: "owner",
    });
    expect(await listPendingInvitations(t.db, owner.user.id, owner.team.id)).toHaveLength(1);
  });

  it("the same invitation twice within a minute (a double submit, or two at once) sends one email", async () => {
    const owner = await createAccount(t.db);
    const email = "double@example.test";
    const both = await Promise.all(
      [0, 1].map(() => inviteMember(t.db, { actorId: owner.user.id, teamId: owner.team.id, email, role: "member" })),
    );
    expect(both.map((r) => r.emailed).sort()).toEqual([false, true]);
    expect(both[0].invitation.id).toBe(both[1].invitation.id);
    expect(await emailsTo(email)).toHaveLength(1);
    // A minute later it is a resend: a new link, the old one withdrawn.
    const later = new Date(Date.now() + RESEND_AFTER_MS + 1000);
    expect(
      (
        await inviteMember(
          t.db,
          { actorId: owner.user.id, teamId: owner.team.id, email, role: "member" },
          { now: later },
        )
      ).emailed,
    ).toBe(true);
    expect(await t.db.teamInvitation.count({ where: { teamId: owner.team.id, email, revokedAt: { not: null } } })).toBe(
      1,
    );
  });

  it("is rate limited per inviter (RIBBON_RATE_LIMIT_INVITATIONS_PER_USER_PER_HOUR) with a 429 and Retry-After", async () => {
    vi.stubEnv("RIBBON_RATE_LIMIT_INVITATIONS_PER_USER_PER_HOUR", "2");
    const owner = await createAccount(t.db);
    const other = await createAccount(t.db);
    for (const n of [1, 2])
      await inviteMember(t.db, {
        actorId: owner.user.id,
        teamId: owner.team.id,
        email: `limited${n}@example.test`,
        role: "member",
      });
    const error = await refusal(
      inviteMember(t.db, {
        actorId: owner.user.id,
        teamId: owner.team.id,
        email: "limited3@example.test",
        role: "member",
      }),
    );
    expect([error.status, error.code]).toEqual([429, "rate_limited"]);
    expect(Number(error.headers["Retry-After"])).toBeGreaterThan(0);
    expect(await emailsTo("limited3@example.test")).toHaveLength(0);
    // Another inviter has their own allowance.
    expect(
      (
        await inviteMember(t.db, {
          actorId: other.user.id,
          teamId: other.team.id,
          email: "limited3@example.test",
          role: "member",
        })
      ).emailed,
    ).toBe(true);
  });

  it("when the transport refuses the email, the invitation stands and the send-emails job delivers its email once", async () => {
    const owner = await createAccount(t.db);
    const refusing = fakeTransport({ failTimes: Infinity });
    const result = await inviteMember(
      t.db,
      { actorId: owner.user.id, teamId: owner.team.id, email: "bounce@example.test", role: "member" },
      { transport: refusing },
    );
    expect(result.emailed).toBe(true);
    const [queued] = await t.db.emailOutbox.findMany({ where: { invitationId: result.invitation.id } });
    expect(queued).toMatchObject({ status: "pending", attempts: 1, lastError: "451 mailbox temporarily unavailable" });
    expect(queued.sealedLink).toMatch(/^v1:/); // the link waits sealed, never in plain text
    expect(JSON.stringify(queued)).not.toContain("/invitations/");
    const transport = fakeTransport();
    const later = new Date(Date.now() + 60_000);
    // Other tests' emails may be due too: only this invitation's is counted.
    await sendQueuedEmails(t.db, { transport, now: later, limit: 500 });
    await sendQueuedEmails(t.db, { transport, now: later, limit: 500 });
    const mine = transport.sent.filter((m) => m.to === "bounce@example.test");
    expect(mine).toHaveLength(1);
    expect(mine[0].html).toContain("/invitations/");
    const sent = await t.db.emailOutbox.findUniqueOrThrow({ where: { id: queued.id } });
    expect(sent).toMatchObject({ status: "sent", sealedLink: null });
    expect((await listPendingInvitations(t.db, owner.user.id, owner.team.id)).map((i) => i.email)).toEqual([
      "bounce@example.test",
    ]);
  });

  it("an owner withdraws a pending invitation (its email goes); a member can't", async () => {
    const { owner, invitee, result, token } = await invited();
    const member = await createPerson(t.db);
    await addMember(t.db, owner.team.id, member.user.id);
    expect(
      (
        await refusal(
          revokeInvitation(t.db, {
            actorId: member.user.id,
            teamId: owner.team.id,
            invitationId: result.invitation.id,
          }),
        )
      ).code,
    ).toBe("owner_required");
    expect(await viewInvitation(t.db, { token, userId: invitee.user.id })).toMatchObject({ status: "pending" });
    await revokeInvitation(t.db, { actorId: owner.user.id, teamId: owner.team.id, invitationId: result.invitation.id });
    expect(await viewInvitation(t.db, { token, userId: invitee.user.id })).toEqual({ status: "withdrawn" });
    expect(await emailsTo(invitee.user.email)).toHaveLength(0);
    expect((await refusal(acceptInvitation(t.db, { token, userId: invitee.user.id }))).message).toMatch(/withdrawn/);
    expect(
      (
        await refusal(
          revokeInvitation(t.db, { actorId: owner.user.id, teamId: owner.team.id, invitationId: result.invitation.id }),
        )
      ).status,
    ).toBe(404);
    expect(
      (await refusal(revokeInvitation(t.db, { actorId: owner.user.id, teamId: owner.team.id, invitationId: NaN })))
        .status,
    ).toBe(404);
    // Another team's owner can't withdraw it either.
    const { owner: otherOwner, result: otherResult } = await invited();
    expect(
      (
        await refusal(
          revokeInvitation(t.db, {
            actorId: owner.user.id,
            teamId: owner.team.id,
            invitationId: otherResult.invitation.id,
          }),
        )
      ).status,
    ).toBe(404);
    expect(await listPendingInvitations(t.db, otherOwner.user.id, otherOwner.team.id)).toHaveLength(1);
  });
});

describe("accepting", () => {
  it("viewing never accepts; accepting joins with the invited role, and the new member's live token lists the team in GET /teams at once", async () => {
    const { owner, invitee, token } = await invited("member");
    const view = await viewInvitation(t.db, { token, userId: invitee.user.id });
    expect(view).toMatchObject({
      status: "pending",
      teamId: owner.team.id,
      teamName: "Invite Co",
      role: "member",
      email: invitee.user.email,
    });
    expect(await t.db.membership.count({ where: { userId: invitee.user.id } })).toBe(0);
    expect((await apiAs(invitee.tokens.live).get("/teams")).body.data).toEqual([]);

    expect(await acceptInvitation(t.db, { token, userId: invitee.user.id })).toEqual({
      teamId: owner.team.id,
      joined: true,
    });
    expect(
      await t.db.membership.findUnique({
        where: { userId_teamId: { userId: invitee.user.id, teamId: owner.team.id } },
      }),
    ).toMatchObject({ role: "member" });
    const teams = await apiAs(invitee.tokens.live).get("/teams");
    expect(teams.status).toBe(200);
    expect(teams.body.data).toEqual([{ type: "teams", id: owner.team.id, attributes: { name: "Invite Co" } }]);
    // The email is spent: it leaves the outbox. The link now says so.
    expect(await emailsTo(invitee.user.email)).toHaveLength(0);
    expect(await viewInvitation(t.db, { token, userId: invitee.user.id })).toEqual({ status: "used" });
  });

  it("a replayed accept by the same person answers as the first; anyone else is told it was used", async () => {
    const { invitee, token, owner } = await invited();
    await acceptInvitation(t.db, { token, userId: invitee.user.id });
    expect(await acceptInvitation(t.db, { token, userId: invitee.user.id })).toEqual({
      teamId: owner.team.id,
      joined: false,
    });
    const other = await createPerson(t.db, invitee.user.email.replace("@", "+x@"));
    expect((await refusal(acceptInvitation(t.db, { token, userId: other.user.id }))).status).toBe(403);
  });

  it("two concurrent accepts make one membership and mark the invitation accepted once", async () => {
    const { owner, invitee, result, token } = await invited("owner");
    const outcomes = await Promise.all([0, 1, 2].map(() => acceptInvitation(t.db, { token, userId: invitee.user.id })));
    expect(outcomes.map((o) => o.joined).sort()).toEqual([false, false, true]);
    expect(await t.db.membership.findMany({ where: { userId: invitee.user.id } })).toEqual([
      expect.objectContaining({ teamId: owner.team.id, role: "owner" }),
    ]);
    const row = await t.db.teamInvitation.findUniqueOrThrow({ where: { id: result.invitation.id } });
    expect(row.acceptedById).toBe(invitee.user.id);
  });

  it("needs the invited address: another signed-in person is told which address it is for, and nothing changes", async () => {
    const { invitee, token, result } = await invited();
    const other = await createPerson(t.db);
    expect(await viewInvitation(t.db, { token, userId: other.user.id })).toMatchObject({
      status: "wrong_email",
      email: invitee.user.email,
    });
    const error = await refusal(acceptInvitation(t.db, { token, userId: other.user.id }));
    expect(error.status).toBe(403);
    expect(error.message).toBe(
      `This invitation is for ${invitee.user.email}, and you are signed in as ${other.user.email}. Sign in as ${invitee.user.email} to accept it.`,
    );
    expect(await t.db.membership.count({ where: { userId: other.user.id } })).toBe(0);
    expect(
      (await t.db.teamInvitation.findUniqueOrThrow({ where: { id: result.invitation.id } })).acceptedAt,
    ).toBeNull();
    // The invited person, whose stored address differs only in case, still can.
    await t.db.user.update({ where: { id: invitee.user.id }, data: { email: invitee.user.email.toUpperCase() } });
    expect((await acceptInvitation(t.db, { token, userId: invitee.user.id })).joined).toBe(true);
  });

  it("forged, malformed, huge and tampered tokens are 'invalid' and say nothing about any team", async () => {
    const { invitee, token } = await invited();
    const tampered = token.slice(0, -1) + (token.endsWith("2") ? "3" : "2");
    for (const forged of [
      tampered,
      "1111111111111111111111",
      "",
      "../../etc/passwd",
      "x".repeat(100_000),
      "%00",
      "a\u0000b",
      invitationTokenHash(token),
    ]) {
      expect(await viewInvitation(t.db, { token: forged, userId: invitee.user.id })).toEqual({ status: "invalid" });
      const error = await refusal(acceptInvitation(t.db, { token: forged, userId: invitee.user.id }));
      expect([error.status, error.message]).toEqual([404, "This invitation link isn't valid."]);
    }
    expect(await t.db.membership.count({ where: { userId: invitee.user.id } })).toBe(0);
  });

  it("an expired invitation can't be accepted", async () => {
    const { invitee, token } = await invited();
    const later = new Date(Date.now() + INVITATION_LIFETIME_MS + 1000);
    expect(await viewInvitation(t.db, { token, userId: invitee.user.id }, later)).toEqual({ status: "expired" });
    expect((await refusal(acceptInvitation(t.db, { token, userId: invitee.user.id }, later))).message).toMatch(
      /expired/,
    );
    expect(await t.db.membership.count({ where: { userId: invitee.user.id } })).toBe(0);
  });

  it("someone added another way since keeps their role; the invitation is spent", async () => {
    const { owner, invitee, token } = await invited("owner");
    await addMember(t.db, owner.team.id, invitee.user.id, "member");
    expect(await viewInvitation(t.db, { token, userId: invitee.user.id })).toMatchObject({ status: "already_member" });
    expect(await acceptInvitation(t.db, { token, userId: invitee.user.id })).toEqual({
      teamId: owner.team.id,
      joined: false,
    });
    expect(
      (
        await t.db.membership.findUniqueOrThrow({
          where: { userId_teamId: { userId: invitee.user.id, teamId: owner.team.id } },
        })
      ).role,
    ).toBe("member");
  });
});
