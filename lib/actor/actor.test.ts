import { describe, expect, it } from "vitest";
import { HttpError } from "@/lib/errors";
import { createAccount } from "@/lib/testing/fixtures";
import { createPerson, processDatabaseForFile } from "@/lib/testing/teams";
import { addMember, createTeam, SANDBOX_TEAM_ID } from "@/lib/teams";
import { onTeam, whoIsAsking } from "./index";

const t = processDatabaseForFile();

const request = (token?: string) =>
  new Request(
    "http://127.0.0.1/api/v1/gifts",
    token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } },
  );

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe("whoIsAsking: an API request", () => {
  it("is the token's person, in the token's mode", async () => {
    const { user, tokens } = await createAccount(t.db);
    expect(await whoIsAsking(t.db, request(tokens.live))).toMatchObject({
      user: { id: user.id, email: user.email },
      mode: "live",
      via: "token",
    });
    expect((await whoIsAsking(t.db, request(tokens.sandbox))).mode).toBe("sandbox");
  });

  it("is refused with 401 and the reason for a missing, malformed or unknown token", async () => {
    expect((await refusal(whoIsAsking(t.db, request()))).status).toBe(401);
    expect((await refusal(whoIsAsking(t.db, request("not a token")))).status).toBe(401);
    const { tokens } = await createAccount(t.db);
    const forged = tokens.live.slice(0, -4) + "AAAA";
    expect((await refusal(whoIsAsking(t.db, request(forged)))).status).toBe(401);
  });

  it("never reads the site's session cookie", async () => {
    const cookie = new Request("http://127.0.0.1/api/v1/gifts", { headers: { cookie: "authjs.session-token=x" } });
    expect((await refusal(whoIsAsking(t.db, cookie))).status).toBe(401);
  });
});

describe("onTeam: the team and the actor's role in it", () => {
  it("gives an owner and a member their roles, on a named team and on their only team", async () => {
    const owner = await createAccount(t.db);
    const member = await createPerson(t.db);
    await addMember(t.db, owner.team.id, member.user.id, "member");
    const asOwner = await onTeam(t.db, await whoIsAsking(t.db, request(owner.tokens.live)), owner.team.id);
    expect(asOwner).toMatchObject({ team: { id: owner.team.id, name: owner.team.name }, role: "owner" });
    const asMember = await onTeam(t.db, await whoIsAsking(t.db, request(member.tokens.live)), undefined);
    expect(asMember).toMatchObject({ team: { id: owner.team.id }, role: "member", user: { id: member.user.id } });
  });

  it("puts a sandbox credential on the sandbox team, which its holder owns", async () => {
    const { tokens } = await createAccount(t.db);
    const actor = await onTeam(t.db, await whoIsAsking(t.db, request(tokens.sandbox)), undefined);
    expect(actor).toMatchObject({ team: { id: SANDBOX_TEAM_ID }, role: "owner", mode: "sandbox" });
  });

  it("answers 404 for a team the actor is not on (whether it exists or not) and 403 across modes", async () => {
    const stranger = await createAccount(t.db);
    const other = await createAccount(t.db);
    const actor = await whoIsAsking(t.db, request(stranger.tokens.live));
    expect((await refusal(onTeam(t.db, actor, other.team.id))).status).toBe(404);
    expect((await refusal(onTeam(t.db, actor, "no-such-team"))).status).toBe(404);
    expect((await refusal(onTeam(t.db, actor, "nul\u0000team"))).status).toBe(404);
    expect((await refusal(onTeam(t.db, actor, SANDBOX_TEAM_ID))).status).toBe(403);
    const sandbox = await whoIsAsking(t.db, request(stranger.tokens.sandbox));
    expect((await refusal(onTeam(t.db, sandbox, stranger.team.id))).status).toBe(403);
  });

  it("asks a person on two teams to name one", async () => {
    const person = await createAccount(t.db);
    await createTeam(t.db, { name: "Second team", ownerId: person.user.id });
    const actor = await whoIsAsking(t.db, request(person.tokens.live));
    const error = await refusal(onTeam(t.db, actor, undefined));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/2 teams/);
  });
});
