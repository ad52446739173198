import { beforeAll, describe, expect, it } from "vitest";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { JSON_API, openDatabaseForFile } from "./helpers";

const t = openDatabaseForFile();

let a: Awaited<ReturnType<typeof createAccount>>;
let b: Awaited<ReturnType<typeof createAccount>>;
let globals: { collections: number; designs: number; logos: number };

beforeAll(async () => {
  a = await createAccount(t.db);
  b = await createAccount(t.db);
  globals = {
    collections: await t.db.collection.count({ where: { global: true } }),
    designs: await t.db.design.count({ where: { global: true } }),
    logos: await t.db.logo.count({ where: { global: true } }),
  };
  // Team A's own catalogue items: visible to A only.
  await t.db.collection.create({
    data: {
      slug: "a-swag",
      name: "Team A Swag",
      description: "A's own",
      global: false,
      teamId: a.team.id,
      priceCents: 1234,
      imageUrl: "/a.png",
    },
  });
  await t.db.design.create({
    data: {
      id: "a-design",
      name: "A Design",
      global: false,
      teamId: a.team.id,
      hasLogo: true,
      imageUrl: "https://cdn.example/a.png",
      thumbnailUrl: "/a-thumb.png",
    },
  });
  await t.db.logo.create({
    data: { slug: "a-logo", name: "A Logo", global: false, teamId: a.team.id, imageUrl: "/a-logo.svg" },
  });
});

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((x) => x.id);

describe("GET /teams", () => {
  it("lists the live user's teams and only `sandbox` for a sandbox token", async () => {
    const live = await apiAs(a.tokens.live).get("/teams");
    expect(live.status).toBe(200);
    expect(live.headers.get("content-type")).toBe(JSON_API);
    expect(live.body).toEqual({ data: [{ type: "teams", id: a.team.id, attributes: { name: a.team.name } }] });
    const sbox = await apiAs(a.tokens.sandbox).get("/teams");
    expect(sbox.body).toEqual({ data: [{ type: "teams", id: "sandbox", attributes: { name: "Sandbox" } }] });
  });
});

describe("GET /collections", () => {
  it("returns collections with name, global and a two-decimal price, with or without the team prefix", async () => {
    const res = await apiAs(a.tokens.live).get(`/teams/${a.team.id}/collections`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(JSON_API);
    expect(res.body.data).toHaveLength(globals.collections + 1);
    for (const c of res.body.data) {
      expect(c.type).toBe("collections");
      expect(c.id).toMatch(/^\d+$/);
      expect(typeof c.attributes.name).toBe("string");
      expect(typeof c.attributes.global).toBe("boolean");
      expect(c.attributes.price).toMatch(/^\d+\.\d{2}$/);
    }
    const coffee = res.body.data.find((c: { attributes: { name: string } }) => c.attributes.name === "Coffee Lovers");
    expect(coffee.attributes).toMatchObject({ global: true, price: "48.00" });
    const own = res.body.data.find((c: { attributes: { name: string } }) => c.attributes.name === "Team A Swag");
    expect(own.attributes).toMatchObject({ global: false, price: "12.34" });
    expect(own.attributes["image-url"]).toBe("http://localhost:3000/a.png");
    const short = await apiAs(a.tokens.live).get("/collections");
    expect(short.body).toEqual(res.body);
  });

  it("doesn't show a team's own collections to another team or to the sandbox", async () => {
    const other = await apiAs(b.tokens.live).get("/collections");
    expect(other.body.data).toHaveLength(globals.collections);
    expect(other.body.data.every((c: { attributes: { global: boolean } }) => c.attributes.global)).toBe(true);
    const sbox = await apiAs(a.tokens.sandbox).get("/collections");
    expect(sbox.body.data).toHaveLength(globals.collections);
    expect(ids(sbox)).toEqual(ids(other));
  });
});

describe("GET /designs", () => {
  it("returns designs with slug ids, has-logo and absolute image URLs", async () => {
    const res = await apiAs(a.tokens.live).get(`/teams/${a.team.id}/designs`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(globals.designs + 1);
    for (const d of res.body.data) {
      expect(d.type).toBe("designs");
      expect(d.id).toMatch(/^[a-z0-9-]+$/);
      expect(typeof d.attributes["has-logo"]).toBe("boolean");
      expect(typeof d.attributes.global).toBe("boolean");
      expect(() => new URL(d.attributes["image-url"])).not.toThrow();
      expect(() => new URL(d.attributes["thumbnail-url"])).not.toThrow();
    }
    const own = res.body.data.find((d: { id: string }) => d.id === "a-design");
    expect(own.attributes).toEqual({
      name: "A Design",
      global: false,
      "has-logo": true,
      "image-url": "https://cdn.example/a.png",
      "thumbnail-url": "http://localhost:3000/a-thumb.png",
    });
    expect(ids(await apiAs(b.tokens.live).get("/designs"))).not.toContain("a-design");
    expect(ids(await apiAs(a.tokens.sandbox).get("/designs"))).not.toContain("a-design");
  });
});

describe("GET /logos", () => {
  it("returns logos (the default one first) with absolute image URLs", async () => {
    const res = await apiAs(a.tokens.live).get(`/teams/${a.team.id}/logos`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(globals.logos + 1);
    expect(res.body.data[0]).toEqual({
      type: "logos",
      id: String(t.cat.logo.id),
      attributes: { name: "Ribbon", global: true, "image-url": "http://localhost:3000/catalogue/logos/ribbon.svg" },
    });
    for (const l of res.body.data) {
      expect(l.id).toMatch(/^\d+$/);
      expect(l.attributes["image-url"]).toMatch(/^https?:\/\//);
    }
    const names = (await apiAs(b.tokens.live).get("/logos")).body.data.map(
      (l: { attributes: { name: string } }) => l.attributes.name,
    );
    expect(names).not.toContain("A Logo");
    expect(names).toHaveLength(globals.logos);
  });
});

describe("GET /charities", () => {
  it("lists the seeded charities in the untie page's order, the same for every team and for the sandbox", async () => {
    const res = await apiAs(a.tokens.live).get("/charities");
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { id: string }) => c.id)).toEqual([
      "clean-water-fund",
      "school-meals",
      "open-meadows",
      "night-shelter",
      "first-books",
    ]);
    expect(res.body.data[0]).toMatchObject({
      type: "charities",
      attributes: {
        name: expect.any(String),
        sentence: expect.any(String),
        "logo-url": expect.stringMatching(/^https?:\/\//),
      },
    });
    expect((await apiAs(a.tokens.sandbox).get("/charities")).body).toEqual(res.body);
    expect((await apiAs(null).get("/charities")).status).toBe(401);
    expect((await apiAs(a.tokens.live).post("/charities", {})).status).toBe(405);
  });
});

describe("catalogue lists are not paginated", () => {
  it("ignores no items even with page[size]=1 (small lists)", async () => {
    const res = await apiAs(a.tokens.live).get("/collections?page[size]=1");
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(globals.collections + 1);
  });
});
