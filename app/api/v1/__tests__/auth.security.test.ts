import { describe, expect, it } from "vitest";
import { randomSecret, sha256 } from "@/lib/crypto";
import { apiAs, callApi } from "@/lib/testing/api-client";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { setCard } from "@/lib/billing";
import { addMember, createTeam } from "@/lib/teams";
import { createDeveloperTokens, ROLL_GRACE_MS } from "@/lib/tokens";
import * as catchAll from "@/app/api/v1/[...path]/route";
import { counts, expectError, giftBody, JSON_API, openDatabaseForFile } from "./helpers";

const t = openDatabaseForFile();

/** Every endpoint, with and without the team prefix. */
function endpoints(teamId: string, giftId: string) {
  return [
    ["GET", "/teams"],
    ["GET", `/teams/${teamId}/collections`],
    ["GET", "/collections"],
    ["GET", `/teams/${teamId}/designs`],
    ["GET", `/teams/${teamId}/logos`],
    ["GET", `/teams/${teamId}/messages`],
    ["GET", `/teams/${teamId}/gifts`],
    ["GET", "/gifts"],
    ["GET", `/teams/${teamId}/gifts/${giftId}`],
    ["POST", `/teams/${teamId}/gifts`],
    ["POST", "/gifts"],
    ["POST", `/teams/${teamId}/bulk/gifts`],
    ["POST", "/bulk/gifts"],
    ["DELETE", `/teams/${teamId}/gifts/${giftId}`],
    ["DELETE", `/gifts/${giftId}`],
  ] as const;
}

describe("401 for missing, malformed, unknown and revoked tokens", () => {
  it("answers 401 with WWW-Authenticate on every endpoint and changes nothing", async () => {
    const owner = await createAccount(t.db);
    const gift = await insertGift(t.db, { teamId: owner.team.id, senderId: owner.user.id });
    const revoked = await createAccount(t.db);
    await createDeveloperTokens(t.db, revoked.user.id); // rolls the tokens: the old ones are revoked

    const wellFormedUnknown = `rbn_live_${randomSecret(24)}`;
    const cases: [string, Record<string, string>, string][] = [
      ["no token", {}, ""],
      ["empty bearer", { authorization: "Bearer " }, ""],
      ["Basic scheme", { authorization: `Basic ${Buffer.from("a:b").toString("base64")}` }, ""],
      ["bearer without scheme", { authorization: owner.tokens.live }, ""],
      ["malformed", { authorization: "Bearer not-a-token" }, ""],
      ["wrong prefix", { authorization: `Bearer sk_live_${randomSecret(24)}` }, ""],
      ["truncated", { authorization: `Bearer ${owner.tokens.live.slice(0, 12)}` }, ""],
      ["unknown", { authorization: `Bearer ${wellFormedUnknown}` }, ""],
      ["revoked live", { authorization: `Bearer ${revoked.tokens.live}` }, ""],
      ["revoked sandbox", { authorization: `Bearer ${revoked.tokens.sandbox}` }, ""],
      ["unknown query token", {}, `access_token=${wellFormedUnknown}`],
      ["revoked query token", {}, `access_token=${revoked.tokens.live}`],
      ["empty query token", {}, "access_token="],
    ];
    const before = await counts(t.db);
    for (const [label, headers, query] of cases) {
      for (const [method, path] of endpoints(owner.team.id, gift.id)) {
        const full = query ? `${path}?${query}` : path;
        const res = await callApi(method, full, { headers, ...(method === "POST" ? { body: giftBody() } : {}) });
        const e = expectError(res, 401, "Unauthorized");
        expect(res.headers.get("www-authenticate"), `${label} ${method} ${path}`).toBe('Bearer realm="ribbon"');
        expect(e.detail).not.toContain(owner.tokens.live);
      }
    }
    expect(await counts(t.db)).toEqual(before);
    expect((await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } })).stage).toBe("scheduled");
  });

  it("tells revoked from unknown tokens, and the new tokens work", async () => {
    const account = await createAccount(t.db);
    const fresh = await createDeveloperTokens(t.db, account.user.id);
    const old = expectError(await apiAs(account.tokens.live).get("/teams"), 401, "Unauthorized");
    expect(old.detail).toMatch(/revoked/i);
    const unknown = expectError(await apiAs(`rbn_live_${randomSecret(24)}`).get("/teams"), 401, "Unauthorized");
    expect(unknown.detail).not.toMatch(/revoked/i);
    expect((await apiAs(fresh.live).get("/teams")).status).toBe(200);
    expect((await apiAs(fresh.sandbox).get("/teams")).status).toBe(200);
  });

  it("accepts a rolled token during its grace period and answers 401 'expired' after it", async () => {
    const kept = await createAccount(t.db);
    await t.db.$transaction((tx) => createDeveloperTokens(tx, kept.user.id, { keepOld: true }));
    expect((await apiAs(kept.tokens.live).get("/teams")).status).toBe(200);

    const lapsed = await createAccount(t.db);
    const dayAndASecondAgo = new Date(Date.now() - ROLL_GRACE_MS - 1000);
    const fresh = await t.db.$transaction((tx) =>
      createDeveloperTokens(tx, lapsed.user.id, { keepOld: true, now: dayAndASecondAgo }),
    );
    const expired = expectError(await apiAs(lapsed.tokens.sandbox).get("/teams"), 401, "Unauthorized");
    expect(expired.detail).toMatch(/expired/i);
    expect((await apiAs(fresh.sandbox).get("/teams")).status).toBe(200);
  });
});

describe("token transport", () => {
  it("accepts ?access_token= as well as the Authorization header (any case of 'Bearer')", async () => {
    const a = await createAccount(t.db);
    const viaQuery = await callApi("GET", `/teams?access_token=${a.tokens.live}`);
    expect(viaQuery.status).toBe(200);
    expect(viaQuery.body.data).toEqual([{ type: "teams", id: a.team.id, attributes: { name: a.team.name } }]);
    const lower = await callApi("GET", "/teams", { headers: { authorization: `bearer ${a.tokens.live}` } });
    expect(lower.status).toBe(200);
    const created = await callApi("POST", `/gifts?access_token=${a.tokens.sandbox}`, { body: giftBody() });
    expect(created.status).toBe(200);
    expect(created.body.data.attributes.team).toBe("sandbox");
  });

  it("records when a token was last used (shown on the account page)", async () => {
    const a = await createAccount(t.db);
    const before = new Date();
    expect((await callApi("GET", "/teams", { token: a.tokens.sandbox })).status).toBe(200);
    const tokens = await t.db.apiToken.findMany({
      where: { userId: a.user.id, revokedAt: null },
      orderBy: { mode: "asc" },
    });
    expect(tokens.map((row) => row.mode)).toEqual(["live", "sandbox"]);
    expect(tokens[0].lastUsedAt).toBeNull();
    expect(tokens[1].lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it("uses the header when both are present (a bad header is not rescued by a good query token)", async () => {
    const a = await createAccount(t.db);
    expectError(
      await callApi("GET", `/teams?access_token=${a.tokens.live}`, { headers: { authorization: "Bearer nope" } }),
      401,
      "Unauthorized",
    );
    const sandboxHeader = await callApi("GET", `/teams?access_token=${a.tokens.live}`, { token: a.tokens.sandbox });
    expect(sandboxHeader.body.data.map((x: { id: string }) => x.id)).toEqual(["sandbox"]);
  });

  it("accepts an OAuth access token as a live credential, and rejects it once revoked", async () => {
    const a = await createAccount(t.db);
    const client = await t.db.oAuthClient.create({
      data: {
        clientId: `client_${randomSecret(8)}`,
        clientSecretHash: sha256("s"),
        name: "Partner",
        redirectUris: ["https://partner.example/cb"],
      },
    });
    const token = `rbn_oat_${randomSecret(24)}`;
    const row = await t.db.oAuthToken.create({
      data: { tokenHash: sha256(token), clientId: client.id, userId: a.user.id },
    });
    const teams = await apiAs(token).get("/teams");
    expect(teams.status).toBe(200);
    expect(teams.body.data.map((x: { id: string }) => x.id)).toEqual([a.team.id]);
    const created = await apiAs(token).post("/gifts", giftBody());
    expect(created.status).toBe(200);
    expect(created.body.data.attributes.livemode).toBe(true);
    expect(await t.db.charge.count({ where: { teamId: a.team.id } })).toBe(1);
    expect((await t.db.oAuthToken.findUniqueOrThrow({ where: { id: row.id } })).lastUsedAt).not.toBeNull();
    await t.db.oAuthToken.update({ where: { id: row.id }, data: { revokedAt: new Date() } });
    expectError(await apiAs(token).get("/teams"), 401, "Unauthorized");
  });
});

describe("sandbox / live / cross-team matrix", () => {
  it("sandbox credentials see only team sandbox; naming another team is 403 (existing or not)", async () => {
    const a = await createAccount(t.db);
    const sbox = apiAs(a.tokens.sandbox);
    const teams = await sbox.get("/teams");
    expect(teams.status).toBe(200);
    expect(teams.body.data).toEqual([{ type: "teams", id: "sandbox", attributes: { name: "Sandbox" } }]);
    expect((await sbox.get("/teams/sandbox/collections")).status).toBe(200);
    const before = await counts(t.db);
    for (const teamId of [a.team.id, "no-such-team"]) {
      expectError(await sbox.get(`/teams/${teamId}/collections`), 403, "Forbidden");
      expectError(await sbox.get(`/teams/${teamId}/gifts`), 403, "Forbidden");
      expectError(await sbox.post(`/teams/${teamId}/gifts`, giftBody()), 403, "Forbidden");
      expectError(await sbox.post(`/teams/${teamId}/bulk/gifts`, { gift: {} }), 403, "Forbidden");
    }
    expect(await counts(t.db)).toEqual(before);
  });

  it("live credentials: own team 200, `sandbox` 403, another user's team and unknown teams 404 with the same answer", async () => {
    const a = await createAccount(t.db);
    const b = await createAccount(t.db);
    const live = apiAs(a.tokens.live);
    expect((await live.get(`/teams/${a.team.id}/gifts`)).status).toBe(200);
    expectError(await live.get("/teams/sandbox/gifts"), 403, "Forbidden");
    expectError(await live.post("/teams/sandbox/gifts", giftBody()), 403, "Forbidden");
    const before = await counts(t.db);
    for (const [method, path] of endpoints(b.team.id, "gft_x").filter(([, p]) => p.includes(b.team.id))) {
      const other = await callApi(method, path, {
        token: a.tokens.live,
        ...(method === "POST" ? { body: giftBody() } : {}),
      });
      expectError(other, 404, "NotFound");
      const unknown = await callApi(method, path.replace(b.team.id, "zz-no-such-team"), {
        token: a.tokens.live,
        ...(method === "POST" ? { body: giftBody() } : {}),
      });
      expectError(unknown, 404, "NotFound");
      // Same wording for "exists but not yours" and "doesn't exist": no existence oracle.
      expect(other.body.errors[0].detail.replace(b.team.id, "X")).toBe(
        unknown.body.errors[0].detail.replace("zz-no-such-team", "X"),
      );
    }
    expect(await counts(t.db)).toEqual(before);
  });

  it("a gift of another team is 404 through the caller's own team, and stays untouched", async () => {
    const a = await createAccount(t.db);
    const b = await createAccount(t.db);
    const theirs = await apiAs(b.tokens.live).post("/gifts", giftBody());
    expect(theirs.status).toBe(200);
    const id = theirs.body.data.id;
    const live = apiAs(a.tokens.live);
    expectError(await live.get(`/teams/${a.team.id}/gifts/${id}`), 404, "NotFound");
    expectError(await live.get(`/gifts/${id}`), 404, "NotFound");
    expectError(await live.delete(`/teams/${a.team.id}/gifts/${id}`), 404, "NotFound");
    expectError(await live.delete(`/gifts/${id}`), 404, "NotFound");
    expect((await live.get("/gifts")).body.data).toEqual([]);
    expect((await live.get(`/gifts?filter[email]=robin@example.com`)).body.data).toEqual([]);
    const row = await t.db.gift.findUniqueOrThrow({ where: { id } });
    expect(row.stage).toBe("scheduled");
    expect(await t.db.charge.count({ where: { kind: "refund", giftId: id } })).toBe(0);
    // The sandbox token of a stranger can't reach it either.
    expectError(await apiAs(a.tokens.sandbox).get(`/gifts/${id}`), 404, "NotFound");
  });

  it("live teammates share the team's gifts", async () => {
    const a = await createAccount(t.db);
    const mate = await createAccount(t.db);
    await addMember(t.db, a.team.id, mate.user.id);
    const created = await apiAs(a.tokens.live).post(`/teams/${a.team.id}/gifts`, giftBody());
    const got = await apiAs(mate.tokens.live).get(`/teams/${a.team.id}/gifts/${created.body.data.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data.id).toBe(created.body.data.id);
    const list = await apiAs(mate.tokens.live).get(`/teams/${a.team.id}/gifts`);
    expect(list.body.data.map((g: { id: string }) => g.id)).toEqual([created.body.data.id]);
  });

  it("in the sandbox a caller sees and cancels only the gifts it created", async () => {
    const a = await createAccount(t.db);
    const b = await createAccount(t.db);
    const mine = await apiAs(a.tokens.sandbox).post("/gifts", giftBody({ email: "only-a@example.com" }));
    expect(mine.status).toBe(200);
    const id = mine.body.data.id;
    const sboxB = apiAs(b.tokens.sandbox);
    expectError(await sboxB.get(`/gifts/${id}`), 404, "NotFound");
    expectError(await sboxB.get(`/teams/sandbox/gifts/${id}`), 404, "NotFound");
    expectError(await sboxB.delete(`/teams/sandbox/gifts/${id}`), 404, "NotFound");
    const list = await sboxB.get("/gifts?filter[email]=only-a@example.com");
    expect(list.body.data).toEqual([]);
    expect((await t.db.gift.findUniqueOrThrow({ where: { id } })).stage).toBe("scheduled");
    // The live token of the same user doesn't see sandbox gifts either.
    expectError(await apiAs(a.tokens.live).get(`/gifts/${id}`), 404, "NotFound");
    // Its owner does.
    expect((await apiAs(a.tokens.sandbox).get(`/gifts/${id}`)).status).toBe(200);
  });
});

describe("default team (no /teams/:team_id in the path)", () => {
  it("sandbox tokens use `sandbox`; live tokens the user's only team", async () => {
    const a = await createAccount(t.db);
    const sbox = await apiAs(a.tokens.sandbox).post("/gifts", giftBody());
    expect(sbox.body.data.attributes.team).toBe("sandbox");
    const live = await apiAs(a.tokens.live).post("/gifts", giftBody());
    expect(live.body.data.attributes.team).toBe(a.team.id);
    const bulk = await apiAs(a.tokens.live).post("/bulk/gifts", {
      gift: {
        collection: "Tea Time",
        message: "Hi",
        from: "Me",
        recipients_attributes: [{ name: "R", email: "r@example.com" }],
      },
    });
    expect(bulk.body.data[0].attributes.team).toBe(a.team.id);
  });

  it("a live user with two teams gets a 400 naming the teams to choose from, and nothing is created", async () => {
    const a = await createAccount(t.db, { teamName: "Alpha Corp" });
    const second = await createTeam(t.db, { name: "Beta Corp", ownerId: a.user.id });
    const live = apiAs(a.tokens.live);
    const before = await counts(t.db);
    for (const res of [
      await live.get("/gifts"),
      await live.post("/gifts", giftBody()),
      await live.get("/collections"),
      await live.get("/messages"),
    ]) {
      const e = expectError(res, 400, "BadRequest");
      expect(e.detail).toContain(a.team.id);
      expect(e.detail).toContain(second.id);
      expect(e.meta).toEqual({ teams: [a.team.id, second.id] });
    }
    expect(await counts(t.db)).toEqual(before);
    const teams = await live.get("/teams");
    expect(teams.body.data.map((x: { id: string }) => x.id).sort()).toEqual([a.team.id, second.id].sort());
    await setCard(t.db, { teamId: second.id, number: "4242424242424242" });
    const chosen = await live.post(`/teams/${second.id}/gifts`, giftBody());
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.attributes.team).toBe(second.id);
  });

  it("a live user with no team gets a 400", async () => {
    const user = await t.db.user.create({ data: { email: `lonely-${randomSecret(4)}@example.test`, name: "Lonely" } });
    const tokens = await createDeveloperTokens(t.db, user.id);
    expect((await apiAs(tokens.live).get("/teams")).body.data).toEqual([]);
    expectError(await apiAs(tokens.live).get("/gifts"), 400, "BadRequest");
    expect((await apiAs(tokens.sandbox).get("/gifts")).status).toBe(200);
  });
});

describe("unknown API paths", () => {
  it("answer 404 with a JSON:API error document", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
      const response = await catchAll[method](new Request(`http://localhost:3000/api/v1/nope/${method}`, { method }));
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe(JSON_API);
      const body = await response.json();
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0]).toMatchObject({ title: "NotFound", status: 404 });
    }
  });
});

describe("methods an endpoint does not serve", () => {
  it("answer 405 with Allow and a JSON:API error document, with or without the team prefix", async () => {
    const a = await createAccount(t.db);
    const cases: [Parameters<typeof callApi>[0], string, string][] = [
      ["PUT", "/gifts", "GET, POST, OPTIONS"],
      ["PUT", `/teams/${a.team.id}/gifts/gft_x`, "GET, PATCH, DELETE, OPTIONS"],
      ["GET", "/bulk/gifts", "POST, OPTIONS"],
      ["DELETE", "/collections", "GET, OPTIONS"],
      ["POST", "/teams", "GET, OPTIONS"],
    ];
    for (const [method, path, allow] of cases) {
      const response = await callApi(method, path, { token: a.tokens.live });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe(allow);
      expect(response.headers.get("content-type")).toBe(JSON_API);
      expect(response.body.errors[0]).toMatchObject({ title: "MethodNotAllowed", status: 405 });
    }
  });
});
