import { beforeAll, describe, expect, it } from "vitest";
import { apiAs } from "@/lib/testing/api-client";
import { catalogue, createAccount, giftRow } from "@/lib/testing/fixtures";
import { expectError, nextPath, openDatabaseForFile } from "./helpers";

const t = openDatabaseForFile();
let a: Awaited<ReturnType<typeof createAccount>>;
let other: Awaited<ReturnType<typeof createAccount>>;
let newestFirst: string[];
type Item = { id: string; attributes: Record<string, string> };

// 3 groups of 7 gifts sharing one creation time each (to the millisecond), ids in random order:
// every page size below ends pages inside a group, where only the id orders the rows.
beforeAll(async () => {
  a = await createAccount(t.db);
  other = await createAccount(t.db);
  const cat = await catalogue(t.db);
  const base = Date.parse("2026-03-01T10:00:00.123Z");
  const rows = [0, 1, 2].flatMap((group) =>
    Array.from({ length: 7 }, (_, i) =>
      giftRow(cat, {
        teamId: a.team.id,
        senderId: a.user.id,
        createdAt: new Date(base + group * 1000),
        email: `g${group}-${i}@Example.com`,
      }),
    ),
  );
  rows.push(giftRow(cat, { teamId: a.team.id, senderId: a.user.id, email: "Percent%Under_score@example.com" }));
  rows.push(giftRow(cat, { teamId: other.team.id, senderId: other.user.id, email: "g0-0@example.com" }));
  await t.db.gift.createMany({ data: rows });
  await t.db.giftEvent.createMany({
    data: rows.map((r) => ({ giftId: r.id, stage: "scheduled", createdAt: r.createdAt })),
  });
  newestFirst = (
    await t.db.gift.findMany({
      where: { teamId: a.team.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    })
  ).map((g) => g.id);
  expect(newestFirst).toHaveLength(22);
});

async function walk(token: string, first: string): Promise<string[]> {
  const ids: string[] = [];
  let path: string | null = first;
  while (path) {
    const page = await apiAs(token).get(path);
    expect(page.status).toBe(200);
    ids.push(...(page.body.data as Item[]).map((g) => g.id));
    path = page.body.links.next ? nextPath(page.body.links.next) : null;
  }
  return ids;
}

describe("gift list cursor (row value: createdAt, id)", () => {
  it("walks every page size through groups of equal timestamps with no gift missed or repeated", async () => {
    for (const size of [1, 2, 3, 5, 6, 7, 8, 21, 22]) {
      expect(await walk(a.tokens.live, `/teams/${a.team.id}/gifts?page[size]=${size}`), `page[size]=${size}`).toEqual(
        newestFirst,
      );
    }
  });

  it("a cursor on the last gift of a group continues with the next group", async () => {
    const page = await apiAs(a.tokens.live).get(`/teams/${a.team.id}/gifts?page[size]=8`); // the new gift + group 2
    const next = await apiAs(a.tokens.live).get(nextPath(page.body.links.next));
    expect((next.body.data as Item[]).map((g) => g.id)).toEqual(newestFirst.slice(8, 16));
  });

  it("the list includes the related resources and the events", async () => {
    const page = await apiAs(a.tokens.live).get(`/teams/${a.team.id}/gifts?page[size]=2`);
    const gift = page.body.data[0] as Item & { relationships: Record<string, { data: { id: string } }> };
    expect(gift.attributes.events).toEqual([expect.objectContaining({ stage: "scheduled" })]);
    const included = (page.body.included as { type: string; id: string }[]).map((r) => `${r.type}:${r.id}`).sort();
    expect(included).toEqual(
      [
        `users:${a.user.id}`,
        `collections:${gift.relationships.collection.data.id}`,
        `logos:${gift.relationships.logo.data.id}`,
        `designs:${gift.relationships.design.data.id}`,
      ].sort(),
    );
    expect(page.body.included.find((r: { type: string }) => r.type === "collections").attributes).toBeDefined();
  });
});

describe("filter[email]", () => {
  const byEmail = async (email: string) =>
    (
      (await apiAs(a.tokens.live).get(`/teams/${a.team.id}/gifts?filter[email]=${encodeURIComponent(email)}`)).body
        .data as Item[]
    ).map((g) => g.attributes.email);

  it("is an exact address match in any case, only in the team", async () => {
    expect(await byEmail("G0-0@EXAMPLE.COM")).toEqual(["g0-0@Example.com"]);
    expect(await byEmail("g1-3@example.com")).toEqual(["g1-3@Example.com"]);
    expect(await byEmail("  g2-6@example.com ")).toEqual(["g2-6@Example.com"]);
  });

  it("treats % and _ as plain characters, not patterns", async () => {
    expect(await byEmail("%")).toEqual([]);
    expect(await byEmail("g0-_@example.com")).toEqual([]);
    expect(await byEmail("%@example.com")).toEqual([]);
    expect(await byEmail("g0-0@example.co")).toEqual([]);
    expect(await byEmail("percent%under_score@EXAMPLE.com")).toEqual(["Percent%Under_score@example.com"]);
  });
});

describe("unknown filters", () => {
  for (const query of [
    "filter[name]=Robin",
    "filter[EMAIL]=g0-0@example.com",
    "filter=scheduled",
    "filter[stage][x]=sent",
    "filters[stage]=sent",
  ]) {
    it(`${query} is a 400 naming the parameter`, async () => {
      const e = expectError(await apiAs(a.tokens.live).get(`/teams/${a.team.id}/gifts?${query}`), 400, "BadRequest");
      const parameter = decodeURIComponent(query.split("=")[0]);
      expect(e.detail).toContain(parameter);
      expect((e as { source?: { parameter?: string } }).source).toEqual({ parameter });
    });
  }
});
