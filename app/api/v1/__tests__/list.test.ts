import { beforeAll, describe, expect, it } from "vitest";
import { addMember } from "@/lib/teams";
import { apiAs, callApi } from "@/lib/testing/api-client";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { bulkBody, expectError, giftBody, ISO_MS, nextPath, openDatabaseForFile } from "./helpers";

const t = openDatabaseForFile();
let a: Awaited<ReturnType<typeof createAccount>>;
let all: string[]; // every gift id of team A, newest first
const TOTAL = 3 + 60 + 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Item = { id: string; attributes: Record<string, string> };

beforeAll(async () => {
  a = await createAccount(t.db);
  const old: string[] = [];
  for (let i = 1; i <= 5; i++) {
    const createdAt = new Date(Date.now() - i * 3_600_000);
    old.push(
      (await insertGift(t.db, { teamId: a.team.id, senderId: a.user.id, createdAt, email: `old${i}@example.com` })).id,
    );
  }
  const bulk = await apiAs(a.tokens.live).post("/bulk/gifts", bulkBody(60));
  expect(bulk.status).toBe(200);
  const singles: string[] = [];
  for (let i = 0; i < 3; i++) {
    await sleep(3);
    singles.push(
      (await apiAs(a.tokens.live).post("/gifts", giftBody({ email: `single${i}@example.com` }))).body.data.id,
    );
  }
  // The 60 bulk gifts share one creation time; among them the order is by id, descending.
  const bulkIds = (bulk.body.data as Item[]).map((g) => g.id);
  const bulkOrder = (
    await t.db.gift.findMany({ where: { id: { in: bulkIds } }, orderBy: { id: "desc" }, select: { id: true } })
  ).map((g) => g.id);
  all = [...singles.reverse(), ...bulkOrder, ...old];
  expect(all).toHaveLength(TOTAL);
});

describe("GET /teams/:team_id/gifts", () => {
  it("lists newest first, 50 per page by default, with links.next", async () => {
    const res = await apiAs(a.tokens.live).get(`/teams/${a.team.id}/gifts`);
    expect(res.status).toBe(200);
    const ids = (res.body.data as Item[]).map((g) => g.id);
    expect(ids).toEqual(all.slice(0, 50));
    expect(res.body.links.next).toMatch(/^http:\/\/localhost:3000\/api\/v1\/teams\/[^/]+\/gifts\?/);
    const times = (res.body.data as Item[]).map((g) => new Date(g.attributes["created-at"]).getTime());
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    // included: each related resource once
    const included = res.body.included.map((r: { type: string; id: string }) => `${r.type}:${r.id}`);
    expect(new Set(included).size).toBe(included.length);
    const second = await apiAs(a.tokens.live).get(nextPath(res.body.links.next));
    expect((second.body.data as Item[]).map((g) => g.id)).toEqual(all.slice(50));
    expect(second.body.links.next).toBeNull();
  });

  it("page[size] up to 200 returns everything with no next link", async () => {
    const res = await apiAs(a.tokens.live).get("/gifts?page[size]=200");
    expect((res.body.data as Item[]).map((g) => g.id)).toEqual(all);
    const self = "http://localhost:3000/api/v1/gifts?page%5Bsize%5D=200";
    expect(res.body.links).toEqual({ self, first: self, next: null });
  });

  it("walking links.next with a small page visits every gift once, in order (ties inside a bulk included)", async () => {
    for (const size of [1, 7, 60]) {
      const seen: string[] = [];
      let path: string | null = `/gifts?page[size]=${size}`;
      let pages = 0;
      while (path) {
        const res = await apiAs(a.tokens.live).get(path);
        expect(res.status).toBe(200);
        expect(res.body.data.length).toBeLessThanOrEqual(size);
        seen.push(...(res.body.data as Item[]).map((g) => g.id));
        path = res.body.links.next ? nextPath(res.body.links.next) : null;
        expect(++pages).toBeLessThanOrEqual(TOTAL + 1);
      }
      expect(seen).toEqual(all);
      expect(pages).toBe(Math.ceil(TOTAL / size)); // no empty last page, even when TOTAL % size === 0
    }
  });

  it("rejects bad page[size] and page[after] with 400", async () => {
    for (const q of [
      "page[size]=0",
      "page[size]=201",
      "page[size]=-1",
      "page[size]=abc",
      "page[size]=1.5",
      "page[size]=",
      "page[after]=not-a-cursor",
      "page[after]=%25%25%25",
    ]) {
      const e = expectError(await apiAs(a.tokens.live).get(`/gifts?${q}`), 400, "BadRequest");
      expect(e.detail).toMatch(/page\[(size|after)\]/);
    }
  });

  it("filter[email] is an exact address: % and _ are no wildcards, unknown filters are a 400", async () => {
    const live = apiAs(a.tokens.live);
    for (const pattern of [
      "%",
      "%@example.com",
      "recipient_@example.com",
      "RECIPIENT7@EXAMPLE.CO_",
      "recipient7@example.com%",
      "\\%",
    ]) {
      expect((await live.get(`/gifts?filter[email]=${encodeURIComponent(pattern)}`)).body.data, pattern).toEqual([]);
    }
    expect((await live.get("/gifts?filter[email]=Recipient7%40EXAMPLE.com")).body.data).toHaveLength(1);
    const e = expectError(await live.get("/gifts?filter[colour]=red"), 400, "BadRequest");
    expect(e).toMatchObject({ code: "bad_request", source: { parameter: "filter[colour]" } });
    expect(expectError(await live.get("/collections?filter[stage]=sent"), 400, "BadRequest").source).toEqual({
      parameter: "filter[stage]",
    });
  });

  it("filter[stage] and filter[email] (case-insensitive), kept in links.next", async () => {
    const [c1, c2] = [all[10], all[20]];
    for (const id of [c1, c2]) expect((await apiAs(a.tokens.live).delete(`/gifts/${id}`)).status).toBe(200);
    const cancelled = await apiAs(a.tokens.live).get("/gifts?filter[stage]=cancelled");
    expect((cancelled.body.data as Item[]).map((g) => g.id)).toEqual([c1, c2]);
    expect(cancelled.body.data.every((g: Item) => g.attributes.stage === "cancelled")).toBe(true);

    const byEmail = await apiAs(a.tokens.live).get("/gifts?filter[email]=RECIPIENT7@Example.com");
    expect(byEmail.body.data).toHaveLength(1);
    expect(byEmail.body.data[0].attributes.email).toBe("recipient7@example.com");
    expect((await apiAs(a.tokens.live).get("/gifts?filter[email]=nobody@example.com")).body.data).toEqual([]);

    const scheduled = await apiAs(a.tokens.live).get("/gifts?filter[stage]=scheduled&page[size]=30");
    const next = new URL(scheduled.body.links.next);
    expect(next.searchParams.get("filter[stage]")).toBe("scheduled");
    expect(next.searchParams.get("page[size]")).toBe("30");
    const rest: Item[] = [];
    let path: string | null = nextPath(scheduled.body.links.next);
    while (path) {
      const page = await apiAs(a.tokens.live).get(path);
      rest.push(...page.body.data);
      path = page.body.links.next ? nextPath(page.body.links.next) : null;
    }
    expect(scheduled.body.data.length + rest.length).toBe(TOTAL - 2);
    expect(rest.every((g) => g.attributes.stage === "scheduled")).toBe(true);

    const e = expectError(await apiAs(a.tokens.live).get("/gifts?filter[stage]=lost"), 400, "BadRequest");
    expect(e.detail).toContain("filter[stage]");
  });

  it("never echoes ?access_token= into links.next", async () => {
    const res = await callApi("GET", `/gifts?page[size]=5&access_token=${a.tokens.live}`);
    expect(res.status).toBe(200);
    expect(res.body.links.next).not.toContain(a.tokens.live);
    expect(res.body.links.next).not.toContain("access_token");
    expectError(await callApi("GET", nextPath(res.body.links.next)), 401, "Unauthorized");
  });

  it("sandbox lists show only the caller's own sandbox gifts", async () => {
    const b = await createAccount(t.db);
    const mine = await apiAs(a.tokens.sandbox).post("/bulk/gifts", bulkBody(2));
    await apiAs(b.tokens.sandbox).post("/gifts", giftBody());
    const list = await apiAs(a.tokens.sandbox).get("/gifts");
    expect((list.body.data as Item[]).map((g) => g.id).sort()).toEqual(
      (mine.body.data as Item[]).map((g) => g.id).sort(),
    );
    expect((await apiAs(b.tokens.sandbox).get("/gifts")).body.data).toHaveLength(1);
  });
});

describe("GET /teams/:team_id/messages", () => {
  it("lists the caller's distinct messages in the team, newest first; re-sending moves one to the top", async () => {
    const u = await createAccount(t.db);
    const mate = await createAccount(t.db);
    await addMember(t.db, u.team.id, mate.user.id);
    const live = apiAs(u.tokens.live);
    for (const message of ["First", "Second", "Third"]) {
      await sleep(3);
      expect((await live.post("/gifts", giftBody({ message }))).status).toBe(200);
    }
    await sleep(3);
    await live.post("/bulk/gifts", bulkBody(2, { message: "First" })); // sent again
    await apiAs(mate.tokens.live).post(`/teams/${u.team.id}/gifts`, giftBody({ message: "Teammate's" }));
    await apiAs(u.tokens.sandbox).post("/gifts", giftBody({ message: "Sandbox only" }));
    // A failed create remembers nothing.
    await live.post("/gifts", giftBody({ message: "Never sent", from: "" }));

    const res = await live.get(`/teams/${u.team.id}/messages`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { attributes: { message: string } }) => m.attributes.message)).toEqual([
      "First",
      "Third",
      "Second",
    ]);
    for (const m of res.body.data) {
      expect(m.type).toBe("messages");
      expect(m.id).toMatch(/^\d+$/);
      expect(m.attributes["created-at"]).toMatch(ISO_MS);
    }
    const self = `http://localhost:3000/api/v1/teams/${u.team.id}/messages`;
    expect(res.body.links).toEqual({ self, first: self, next: null });
    expect((await live.get("/messages")).body.data).toEqual(res.body.data);
    expect(
      (await apiAs(mate.tokens.live).get(`/teams/${u.team.id}/messages`)).body.data.map(
        (m: { attributes: { message: string } }) => m.attributes.message,
      ),
    ).toEqual(["Teammate's"]);
    expect(
      (await apiAs(u.tokens.sandbox).get("/messages")).body.data.map(
        (m: { attributes: { message: string } }) => m.attributes.message,
      ),
    ).toEqual(["Sandbox only"]);
    expect(await t.db.giftMessage.count({ where: { userId: u.user.id } })).toBe(4);
  });

  it("is paginated like gifts", async () => {
    const u = await createAccount(t.db);
    for (let i = 0; i < 5; i++) {
      await sleep(2);
      await apiAs(u.tokens.sandbox).post("/gifts", giftBody({ message: `Message ${i}` }));
    }
    const seen: string[] = [];
    let path: string | null = "/messages?page[size]=2";
    while (path) {
      const res = await apiAs(u.tokens.sandbox).get(path);
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((m: { attributes: { message: string } }) => m.attributes.message));
      path = res.body.links.next ? nextPath(res.body.links.next) : null;
    }
    expect(seen).toEqual(["Message 4", "Message 3", "Message 2", "Message 1", "Message 0"]);
    expectError(await apiAs(u.tokens.sandbox).get("/messages?page[size]=500"), 400, "BadRequest");
    expectError(await apiAs(u.tokens.sandbox).get("/messages?page[after]=nope"), 400, "BadRequest");
  });

  it("rejects a gift-list cursor (non-numeric id) with 400, not 500", async () => {
    const page = await apiAs(a.tokens.live).get("/gifts?page[size]=1");
    const after = new URL(page.body.links.next).searchParams.get("page[after]")!;
    expectError(await apiAs(a.tokens.live).get(`/messages?page[after]=${after}`), 400, "BadRequest");
    const huge = Buffer.from(`${new Date().toISOString()}|99999999999999999999`).toString("base64url");
    expectError(await apiAs(a.tokens.live).get(`/messages?page[after]=${huge}`), 400, "BadRequest");
  });
});
