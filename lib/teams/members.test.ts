import { describe, expect, it } from "vitest";
import { HttpError, ValidationError } from "@/lib/errors";
import { createAccount } from "@/lib/testing/fixtures";
import { createPerson, processDatabaseForFile } from "@/lib/testing/teams";
import { addMember, createTeam } from "./create-team";
import { changeRole, leaveTeam, listMembers, removeMember } from "./members";
import { teamOverview } from "@/lib/dashboard/team-overview";
import { createTeamForUser, listMyTeams, MAX_TEAMS_PER_USER } from "./overview";
import { requireOwner } from "./roles";
import { slugify } from "./slug";

const t = processDatabaseForFile();

/** The HttpError a promise rejects with. */
async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

/** A team with an owner and a member. */
async function teamOfTwo() {
  const owner = await createAccount(t.db);
  const member = await createPerson(t.db);
  await addMember(t.db, owner.team.id, member.user.id, "member");
  return { team: owner.team, owner: owner.user, member: member.user };
}

const roles = async (teamId: string) =>
  Object.fromEntries((await t.db.membership.findMany({ where: { teamId } })).map((m) => [m.userId, m.role]));

describe("creating a team", () => {
  it("makes the creator its owner, with the slug of its name as id (suffixed when taken)", async () => {
    const person = await createPerson(t.db);
    const first = await createTeamForUser(t.db, person.user.id, "  Ünïcode Rockets!  ");
    expect(first).toMatchObject({ id: "unicode-rockets", name: "Ünïcode Rockets!" });
    const second = await createTeamForUser(t.db, person.user.id, "Unicode rockets");
    expect(second.id).toBe("unicode-rockets-2");
    expect(await listMyTeams(t.db, person.user.id)).toEqual([
      { id: "unicode-rockets", name: "Ünïcode Rockets!", role: "owner" },
      { id: "unicode-rockets-2", name: "Unicode rockets", role: "owner" },
    ]);
    expect((await createTeamForUser(t.db, person.user.id, "Sandbox")).id).toBe("sandbox-2"); // never the shared sandbox
    expect(slugify("!!!")).toBe("team");
    expect(slugify(`${"a".repeat(39)}-b`)).toBe("a".repeat(39)); // no dash left at the cut
  });

  it("refuses blank, huge, control-character and non-string names", async () => {
    const person = await createPerson(t.db);
    for (const name of ["", "   ", "x".repeat(81), 42, null, ["a"]]) {
      expect((await refusal(createTeamForUser(t.db, person.user.id, name))).status).toBe(400);
    }
    // Characters not allowed in free text shown to others: a field error on the name (lib/format/text.ts).
    for (const name of ["Evil\r\nBcc: x@example.com", "Tab\tteam", "Team \u202e"]) {
      const error = await createTeamForUser(t.db, person.user.id, name).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).problems[0]).toMatchObject({ pointer: "/name", code: "invalid_characters" });
    }
    expect(await listMyTeams(t.db, person.user.id)).toEqual([]);
  });

  it("two concurrent creates of one name make two teams with different slugs", async () => {
    const person = await createPerson(t.db);
    const [a, b] = await Promise.all([
      createTeamForUser(t.db, person.user.id, "Twin Peaks"),
      createTeamForUser(t.db, person.user.id, "Twin Peaks"),
    ]);
    expect([a.id, b.id].sort()).toEqual(["twin-peaks", "twin-peaks-2"]);
    expect(await t.db.membership.count({ where: { userId: person.user.id, role: "owner" } })).toBe(2);
  });

  it(`stops at ${MAX_TEAMS_PER_USER} teams per person`, async () => {
    const person = await createPerson(t.db);
    for (let i = 0; i < MAX_TEAMS_PER_USER; i++) await createTeam(t.db, { name: `Many ${i}`, ownerId: person.user.id });
    expect((await refusal(createTeamForUser(t.db, person.user.id, "One too many"))).message).toMatch(
      /most one person can/,
    );
  });
});

describe("roles", () => {
  it("lists members with their roles for any member; a non-member gets a 404 that doesn't reveal the team", async () => {
    const { team, owner, member } = await teamOfTwo();
    const list = await listMembers(t.db, member.id, team.id);
    expect(list.map((m) => [m.userId, m.role])).toEqual([
      [owner.id, "owner"],
      [member.id, "member"],
    ]);
    const stranger = await createPerson(t.db);
    const inside = await refusal(listMembers(t.db, stranger.user.id, team.id));
    const missing = await refusal(listMembers(t.db, stranger.user.id, "no-such-team"));
    expect([inside.status, missing.status]).toEqual([404, 404]);
    expect(inside.message).toBe(`No team "${team.id}".`);
    expect((await refusal(teamOverview(t.db, stranger.user.id, team.id))).status).toBe(404);
    expect((await refusal(listMembers(t.db, owner.id, "sandbox"))).status).toBe(404);
    expect((await refusal(listMembers(t.db, owner.id, "x\u0000y"))).status).toBe(404);
  });

  it("a member can't change roles or remove anyone (403 owner_required) and nothing changes", async () => {
    const { team, owner, member } = await teamOfTwo();
    const before = await roles(team.id);
    const attempts = [
      () => changeRole(t.db, { actorId: member.id, teamId: team.id, userId: member.id, role: "owner" }),
      () => changeRole(t.db, { actorId: member.id, teamId: team.id, userId: owner.id, role: "member" }),
      () => removeMember(t.db, { actorId: member.id, teamId: team.id, userId: owner.id }),
      () => requireOwner(t.db, member.id, team.id),
    ];
    for (const attempt of attempts) {
      const error = await refusal(attempt());
      expect([error.status, error.code]).toEqual([403, "owner_required"]);
      expect(error.message).toMatch(/Only the team's owners can/);
    }
    expect(await roles(team.id)).toEqual(before);
    const view = await teamOverview(t.db, member.id, team.id);
    expect(view).toMatchObject({ role: "member", invitations: [], charges: [] });
  });

  it("an owner promotes, demotes and removes; unknown people and roles are refused", async () => {
    const { team, owner, member } = await teamOfTwo();
    await changeRole(t.db, { actorId: owner.id, teamId: team.id, userId: member.id, role: "owner" });
    expect((await roles(team.id))[member.id]).toBe("owner");
    await changeRole(t.db, { actorId: member.id, teamId: team.id, userId: owner.id, role: "member" }); // the new owner demotes the old one
    expect(await roles(team.id)).toEqual({ [owner.id]: "member", [member.id]: "owner" });
    expect(
      (await refusal(changeRole(t.db, { actorId: member.id, teamId: team.id, userId: owner.id, role: "admin" })))
        .status,
    ).toBe(400);
    expect(
      (await refusal(changeRole(t.db, { actorId: member.id, teamId: team.id, userId: "nobody", role: "owner" })))
        .status,
    ).toBe(404);
    await removeMember(t.db, { actorId: member.id, teamId: team.id, userId: owner.id });
    expect(await roles(team.id)).toEqual({ [member.id]: "owner" });
    expect((await refusal(removeMember(t.db, { actorId: member.id, teamId: team.id, userId: owner.id }))).status).toBe(
      404,
    );
  });
});

describe("the last owner", () => {
  it("can't leave, be removed or be demoted: make someone else owner first", async () => {
    const { team, owner, member } = await teamOfTwo();
    for (const attempt of [
      () => leaveTeam(t.db, { userId: owner.id, teamId: team.id }),
      () => changeRole(t.db, { actorId: owner.id, teamId: team.id, userId: owner.id, role: "member" }),
      () => removeMember(t.db, { actorId: owner.id, teamId: team.id, userId: owner.id }),
    ]) {
      const error = await refusal(attempt());
      expect(error.status).toBe(409);
      expect(error.message).toBe("A team needs an owner: make someone else owner first.");
    }
    await leaveTeam(t.db, { userId: member.id, teamId: team.id }); // a member leaves freely
    expect(await roles(team.id)).toEqual({ [owner.id]: "owner" });
    expect((await refusal(leaveTeam(t.db, { userId: member.id, teamId: team.id }))).status).toBe(404);
  });

  it("two owners demoting each other at the same time leave one owner", async () => {
    const { team, owner, member } = await teamOfTwo();
    await changeRole(t.db, { actorId: owner.id, teamId: team.id, userId: member.id, role: "owner" });
    const results = await Promise.allSettled([
      changeRole(t.db, { actorId: owner.id, teamId: team.id, userId: member.id, role: "member" }),
      changeRole(t.db, { actorId: member.id, teamId: team.id, userId: owner.id, role: "member" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(Object.values(await roles(team.id)).sort()).toEqual(["member", "owner"]);
  });

  it("two owners leaving at the same time: one stays", async () => {
    const { team, owner, member } = await teamOfTwo();
    await changeRole(t.db, { actorId: owner.id, teamId: team.id, userId: member.id, role: "owner" });
    const results = await Promise.allSettled([
      leaveTeam(t.db, { userId: owner.id, teamId: team.id }),
      leaveTeam(t.db, { userId: member.id, teamId: team.id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(Object.values(await roles(team.id))).toEqual(["owner"]);
  });
});
