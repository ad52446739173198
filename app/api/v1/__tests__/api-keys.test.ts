import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/errors";
import { addMember, createTeam } from "@/lib/teams";
import { apiAs, callApi } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { createPerson } from "@/lib/testing/teams";
import {
  createDeveloperTokens,
  createNamedKey,
  listNamedKeys,
  MAX_NAMED_KEYS,
  parseNamedKey,
  revokeDeveloperTokens,
  revokeNamedKey,
  verifyToken,
} from "@/lib/tokens";
import { routeEntries } from "@/tests/server/inventory";
import { giftBody, openDatabaseForFile } from "./helpers";

// Named API keys (docs/api.md, "API keys"): read-only keys refused on every writing route (the
// routes read from app/, so a new one is covered the day it lands), team-kept keys see one team.
const t = openDatabaseForFile();

const key = (userId: string, over: Record<string, unknown> = {}) =>
  createNamedKey(t.db, userId, parseNamedKey({ name: "CI", mode: "live", access: "full", ...over }));

const problemsOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).problems.map((p) => `${p.pointer} ${p.code}`);
};

/** The writing API routes, from the app/ tree: every method but GET, with its path filled in. */
function writingRoutes(teamId: string) {
  return routeEntries()
    .map((e) => e.id.split(" "))
    .filter(([, method, path]) => method !== "GET" && path.startsWith("/api/v1/") && !path.includes("[..."))
    .map(([, method, path]) => ({
      method: method as "POST" | "PUT" | "PATCH" | "DELETE",
      path: path
        .slice("/api/v1".length)
        .replace("[team_id]", teamId)
        .replace("[email]", "robin%40example.com")
        .replace(/\[[a-z_]+\]/g, "gft_0000000000000000"),
    }));
}

describe("named API keys", () => {
  it("are made, listed and revoked by their person alone, each one secret shown once", async () => {
    const owner = await createAccount(t.db);
    const made = await key(owner.user.id, { name: "  Zapier reporting ", access: "read" });
    expect(made.secret).toMatch(/^rbn_live_/);
    expect(made.key).toMatchObject({ name: "Zapier reporting", mode: "live", access: "read", team: null });
    expect(made.key.start).toBe(made.secret.slice(0, 14));
    const check = await verifyToken(t.db, made.secret);
    expect(check.status === "valid" && check.caller.key).toEqual({
      name: "Zapier reporting",
      readOnly: true,
      teamId: null,
    });
    const sandbox = await key(owner.user.id, { name: "Tests", mode: "sandbox" });
    expect(sandbox.secret).toMatch(/^rbn_sbox_/);
    const kept = await key(owner.user.id, { name: "Team reports", team: owner.team.id });
    expect(kept.key.team).toEqual({ id: owner.team.id, name: owner.team.name });
    // The list shows each key as its creation did (the team it is kept to, its dates as Dates),
    // with the last use the check above wrote.
    expect(await listNamedKeys(t.db, owner.user.id)).toEqual([
      kept.key,
      sandbox.key,
      { ...made.key, lastUsedAt: expect.any(Date) },
    ]);

    const stranger = await createAccount(t.db);
    expect(await revokeNamedKey(t.db, stranger.user.id, made.key.id)).toBe(false);
    expect(await revokeNamedKey(t.db, owner.user.id, made.key.id)).toBe(true);
    expect(await revokeNamedKey(t.db, owner.user.id, made.key.id)).toBe(false);
    expect((await verifyToken(t.db, made.secret)).status).toBe("revoked");
    // The pair is not a named key: nothing revokes it here.
    const pairRow = await t.db.apiToken.findFirstOrThrow({ where: { userId: owner.user.id, name: null } });
    expect(await revokeNamedKey(t.db, owner.user.id, pairRow.id)).toBe(false);
  });

  it("refuse bad requests with every problem at once: blank, long, control characters, modes, foreign teams, duplicates, too many", async () => {
    const owner = await createAccount(t.db);
    const other = await createAccount(t.db);
    expect(() => parseNamedKey({ name: " ", mode: "prod", access: "write" })).toThrow(ValidationError);
    expect(
      await problemsOf(Promise.resolve().then(() => parseNamedKey({ name: "x".repeat(61), mode: "live" }))),
    ).toEqual(["/name too_long"]);
    expect(
      await problemsOf(
        Promise.resolve().then(() => parseNamedKey({ name: "a\u202eb", mode: "live", access: ["full"] })),
      ),
    ).toEqual(["/name invalid_characters", "/access invalid"]);
    expect(
      await problemsOf(
        Promise.resolve().then(() => parseNamedKey({ name: "S", mode: "sandbox", team: owner.team.id })),
      ),
    ).toEqual(["/team invalid"]);
    expect(await problemsOf(key(owner.user.id, { team: other.team.id }))).toEqual(["/team invalid"]);
    await key(owner.user.id, { name: "Deploys" });
    expect(await problemsOf(key(owner.user.id, { name: "deploys" }))).toEqual(["/name duplicate_name"]);

    // The limit holds against concurrent creates: the person's row is locked.
    const results = await Promise.allSettled(
      Array.from({ length: MAX_NAMED_KEYS + 5 }, (_, i) => key(owner.user.id, { name: `key ${i}` })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_NAMED_KEYS - 1);
    expect(await listNamedKeys(t.db, owner.user.id)).toHaveLength(MAX_NAMED_KEYS);
  });

  it("leave the pair alone: a roll keeps them, turning developer access off revokes them", async () => {
    const owner = await createAccount(t.db);
    const made = await key(owner.user.id);
    await t.db.$transaction((tx) => createDeveloperTokens(tx, owner.user.id));
    expect((await verifyToken(t.db, made.secret)).status).toBe("valid");
    await revokeDeveloperTokens(t.db, owner.user.id);
    expect((await verifyToken(t.db, made.secret)).status).toBe("revoked");
  });

  it("a read-only key may GET, and every other method of every API route is 403 key_read_only, changing nothing", async () => {
    const owner = await createAccount(t.db);
    const readOnly = await key(owner.user.id, { access: "read" });
    expect((await apiAs(readOnly.secret).get("/teams")).status).toBe(200);
    expect((await apiAs(readOnly.secret).get(`/teams/${owner.team.id}/gifts`)).status).toBe(200);
    const routes = writingRoutes(owner.team.id);
    expect(routes.length).toBeGreaterThan(20);
    for (const { method, path } of routes) {
      const res = await callApi(method, path, { token: readOnly.secret, body: giftBody() });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.errors[0].code, `${method} ${path}`).toBe("key_read_only");
    }
    const dryRun = await apiAs(readOnly.secret).post(`/teams/${owner.team.id}/gifts?dry_run=true`, giftBody());
    expect(dryRun.body.errors[0].code).toBe("key_read_only");
    expect(await t.db.gift.count({ where: { teamId: owner.team.id } })).toBe(0);
    // The same person's full key writes.
    const full = await key(owner.user.id, { name: "Full" });
    expect((await apiAs(full.secret).post(`/teams/${owner.team.id}/gifts`, giftBody())).status).toBe(200);
  });

  it("a key kept to a team sees that team alone, by name and by default, whatever else its person is on", async () => {
    const owner = await createAccount(t.db);
    const second = await createTeam(t.db, { name: "Second", ownerId: owner.user.id });
    const kept = await key(owner.user.id, { team: second.id });
    expect(kept.key.team).toEqual({ id: second.id, name: "Second" });
    const as = apiAs(kept.secret);

    const teams = await as.get("/teams");
    expect(teams.body.data.map((d: { id: string }) => d.id)).toEqual([second.id]);
    // The default-team paths use the key's team, though its person is on two.
    expect((await apiAs(owner.tokens.live).get("/gifts")).status).toBe(400);
    expect((await as.get("/gifts")).status).toBe(200);
    const other = await as.get(`/teams/${owner.team.id}/gifts`);
    expect(other.status).toBe(404);
    expect(other.body.errors[0].detail).toBe(`No team "${owner.team.id}".`);
    expect((await as.post(`/teams/${owner.team.id}/gifts`, giftBody())).status).toBe(404);
    expect(await t.db.gift.count({ where: { teamId: owner.team.id } })).toBe(0);

    // Its person leaves the team: the key reaches nothing; the team is deleted: the key is gone.
    const member = await createPerson(t.db);
    await addMember(t.db, second.id, member.user.id, "member");
    const memberKey = await key(member.user.id, { team: second.id });
    await t.db.membership.delete({ where: { userId_teamId: { userId: member.user.id, teamId: second.id } } });
    expect((await apiAs(memberKey.secret).get("/gifts")).status).toBe(404);
    expect((await apiAs(memberKey.secret).get("/teams")).body.data).toEqual([]);
    await t.db.team.delete({ where: { id: second.id } });
    expect((await verifyToken(t.db, kept.secret)).status).toBe("unknown");
  });
});
