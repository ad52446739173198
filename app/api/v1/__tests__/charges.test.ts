import { beforeAll, describe, expect, it } from "vitest";
import * as R from "@/lib/api/openapi/resources";
import { neutralizeCell } from "@/lib/csv/write";
import { randomSecret, sha256 } from "@/lib/crypto";
import { addMember } from "@/lib/teams";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { createPerson } from "@/lib/testing/teams";
import {
  bulkBody,
  csvCellsOfLandedAndConversion,
  expectError,
  giftBody,
  nextPath,
  openDatabaseForFile,
  parseCsv,
  type ChargeAttributes,
} from "./helpers";

// "Spend controls: charges you can reconcile": GET /charges (and .csv) itemise the team's ledger
// per gift, and the lines add up to the Charge rows to the cent, over any range.
const t = openDatabaseForFile();

type Item = {
  type: "charges";
  id: string;
  attributes: {
    kind: "charge" | "refund";
    amount: string;
    currency: string;
    description: string;
    gift: string | null;
    batch: { id: string; name: string } | null;
    charge: string;
    "refund-of": string | null;
    "caused-by": { via: string; credential: string | null; "credential-id": string | null; user: string | null } | null;
    "created-at": string;
  } & ChargeAttributes;
};

const EVIL_BATCH = '=HYPERLINK("http://evil.example/x","Click me")';
const CSV_COLUMNS =
  "id,kind,amount,currency,created_at,gift,batch_id,batch_name,charge,description,actor_via,credential_id,credential," +
  "duties,taxes,conversion_from,conversion_product_maximum,conversion_shipping,conversion_rate,conversion_rate_date,conversion_rate_source,conversion_quote";

let owner: Awaited<ReturnType<typeof createAccount>>;
let member: Awaited<ReturnType<typeof createPerson>>;
let viewer: Awaited<ReturnType<typeof createPerson>>;
let stranger: Awaited<ReturnType<typeof createAccount>>;
let oauthToken: string;
let ids: { ownerToken: number; memberToken: number; oauth: number };
/** Times between the steps below: [before everything, after the first charges, after the refunds, after everything]. */
let marks: Date[];
let gifts: { single: string; bulk: string[]; oauth: string; evil: string[]; members: string };
let evilBatch: string;
let all: Item[];

const pause = () => new Promise((resolve) => setTimeout(resolve, 15));
const mark = async () => {
  await pause();
  const at = new Date();
  await pause();
  return at;
};
/** "-25.00" → -2500, exactly. */
const cents = (amount: string) => {
  const [, sign, whole, fraction] = /^(-?)(\d+)\.(\d{2})$/.exec(amount)!;
  return (sign ? -1 : 1) * (Number(whole) * 100 + Number(fraction));
};
const sum = (items: Item[]) => items.reduce((total, i) => total + cents(i.attributes.amount), 0);

async function created(token: string, path: string, body: unknown): Promise<string[]> {
  const res = await apiAs(token).post(`/teams/${owner.team.id}${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return [res.body.data].flat().map((g: { id: string }) => g.id);
}

async function ledgerSum(where: { gte?: Date; lt?: Date } = {}): Promise<number> {
  const { _sum } = await t.db.charge.aggregate({
    where: { teamId: owner.team.id, createdAt: where },
    _sum: { amountCents: true },
  });
  return _sum.amountCents ?? 0;
}

/** Every item of a list, following links.next. */
async function walk(token: string, first: string): Promise<Item[]> {
  const items: Item[] = [];
  let path: string | null = first;
  while (path) {
    const page = await apiAs(token).get(path);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    items.push(...(page.body.data as Item[]));
    path = page.body.links.next ? nextPath(page.body.links.next) : null;
  }
  return items;
}

beforeAll(async () => {
  owner = await createAccount(t.db);
  stranger = await createAccount(t.db);
  member = await createPerson(t.db);
  viewer = await createPerson(t.db);
  await addMember(t.db, owner.team.id, member.user.id, "member");
  await addMember(t.db, owner.team.id, viewer.user.id, "viewer");
  const client = await t.db.oAuthClient.create({
    data: {
      clientId: `client_${randomSecret(8)}`,
      clientSecretHash: sha256("s"),
      name: "Partner",
      redirectUris: ["https://partner.example/cb"],
    },
  });
  oauthToken = `rbn_oat_${randomSecret(24)}`;
  const oauthRow = await t.db.oAuthToken.create({
    data: { tokenHash: sha256(oauthToken), clientId: client.id, userId: owner.user.id },
  });
  const tokenId = async (token: string) =>
    (await t.db.apiToken.findUniqueOrThrow({ where: { tokenHash: sha256(token) } })).id;
  ids = {
    ownerToken: await tokenId(owner.tokens.live),
    memberToken: await tokenId(member.tokens.live),
    oauth: oauthRow.id,
  };

  // Charges: a single gift, a bulk of 4 in a named batch, one through OAuth, one by a member.
  marks = [await mark()];
  const [single] = await created(owner.tokens.live, "/gifts", giftBody());
  const bulk = await created(owner.tokens.live, "/bulk/gifts", bulkBody(4, { batch_name: "Q4 thanks" }));
  const [viaOauth] = await created(oauthToken, "/gifts", giftBody({ collection: "Tea Time" }));
  const [members] = await created(member.tokens.live, "/gifts", giftBody());
  marks.push(await mark());
  // Refunds: the single gift, and one of the bulk.
  for (const id of [single, bulk[1]])
    expect((await apiAs(owner.tokens.live).delete(`/teams/${owner.team.id}/gifts/${id}`)).status).toBe(200);
  marks.push(await mark());
  // A batch whose name is a spreadsheet formula.
  const evil = await created(owner.tokens.live, "/bulk/gifts", bulkBody(2, { batch_name: EVIL_BATCH }));
  marks.push(await mark());
  gifts = { single, bulk, oauth: viaOauth, evil, members };
  evilBatch = (await t.db.gift.findUniqueOrThrow({ where: { id: evil[0] } })).batchId!;
  // Another team's ledger and the sandbox stay out of it.
  await apiAs(stranger.tokens.live).post("/gifts", giftBody());
  await apiAs(owner.tokens.sandbox).post("/gifts", giftBody());

  const res = await apiAs(owner.tokens.live).get(`/teams/${owner.team.id}/charges?page[size]=200`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // The answer is the OpenAPI document's ChargeList (strict: no undocumented attribute).
  const parsed = R.ChargeList.safeParse(res.body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
  all = res.body.data;
});

describe("reconciliation: the lines add up to the ledger", () => {
  it("one line per gift charged and one per refund; the full range sums to the team's Charge rows to the cent", async () => {
    expect(all).toHaveLength(1 + 4 + 1 + 1 + 2 + 2);
    expect(all.filter((i) => i.attributes.kind === "refund")).toHaveLength(2);
    expect(sum(all)).toBe(await ledgerSum());
    expect(await ledgerSum()).not.toBe(0);
    // Every line is USD and two-decimal money; refunds are negative.
    for (const i of all) {
      expect(i.attributes.currency).toBe("USD");
      expect(cents(i.attributes.amount) < 0).toBe(i.attributes.kind === "refund");
    }
  });

  it("each ledger entry's lines add up to it: a bulk charge is its gifts' prices", async () => {
    const rows = await t.db.charge.findMany({ where: { teamId: owner.team.id } });
    expect(rows).toHaveLength(7); // 5 charges, 2 refunds
    for (const row of rows) {
      const lines = all.filter((i) => i.attributes.charge === String(row.id));
      expect(lines.length, `charge ${row.id}`).toBeGreaterThan(0);
      expect(sum(lines), `charge ${row.id}`).toBe(row.amountCents);
    }
    const bulkLines = all.filter((i) => i.attributes.kind === "charge" && gifts.bulk.includes(i.attributes.gift!));
    expect(bulkLines.map((i) => i.attributes.gift).sort()).toEqual([...gifts.bulk].sort());
    expect(new Set(bulkLines.map((i) => i.attributes.charge)).size).toBe(1);
    const bulkCharge = rows.find((r) => String(r.id) === bulkLines[0].attributes.charge)!;
    expect(sum(bulkLines)).toBe(bulkCharge.amountCents);
    expect(bulkCharge.amountCents).toBe(4 * t.cat.collection.priceCents);
    for (const line of bulkLines) expect(line.id).toBe(`chg_${bulkCharge.id}_${line.attributes.gift}`);
  });

  it("a sub-range sums to the team's charges minus refunds in it; consecutive ranges cover every line once", async () => {
    const ranges: [Date | undefined, Date | undefined][] = [
      [marks[0], marks[1]], // the four charges
      [marks[1], marks[2]], // the two refunds only
      [marks[1], undefined],
      [undefined, marks[2]],
      [marks[2], marks[3]],
    ];
    for (const [after, before] of ranges) {
      const query = [
        after && `filter[created_after]=${encodeURIComponent(after.toISOString())}`,
        before && `filter[created_before]=${encodeURIComponent(before.toISOString())}`,
      ]
        .filter(Boolean)
        .join("&");
      const lines = await walk(owner.tokens.live, `/teams/${owner.team.id}/charges?${query}`);
      expect(sum(lines), query).toBe(await ledgerSum({ gte: after, lt: before }));
      expect(
        lines.every(
          (i) =>
            (!after || i.attributes["created-at"] >= after.toISOString()) &&
            (!before || i.attributes["created-at"] < before.toISOString()),
        ),
      ).toBe(true);
    }
    const refundsOnly = await walk(
      owner.tokens.live,
      `/teams/${owner.team.id}/charges?filter[created_after]=${marks[1].toISOString()}&filter[created_before]=${marks[2].toISOString()}`,
    );
    expect(refundsOnly.map((i) => i.attributes.kind)).toEqual(["refund", "refund"]);
    const pieces = (
      await Promise.all(
        [0, 1, 2].map((k) =>
          walk(
            owner.tokens.live,
            `/teams/${owner.team.id}/charges?filter[created_after]=${marks[k].toISOString()}&filter[created_before]=${marks[k + 1].toISOString()}`,
          ),
        ),
      )
    ).flat();
    expect(pieces.map((i) => i.id).sort()).toEqual(all.map((i) => i.id).sort());
  });

  it("a bare date is midnight UTC: today's lines are everything", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const lines = await walk(owner.tokens.live, `/teams/${owner.team.id}/charges?filter[created_after]=${today}`);
    // (Unless the test ran across midnight UTC: then the ranges' sums still agree.)
    expect(sum(lines)).toBe(await ledgerSum({ gte: new Date(`${today}T00:00:00Z`) }));
    const none = await walk(owner.tokens.live, `/teams/${owner.team.id}/charges?filter[created_before]=2000-01-01`);
    expect(none).toEqual([]);
  });

  it("filter[batch] gives a batch's lines: its gifts' charges and refunds", async () => {
    const q4 = all.find((i) => i.attributes.batch?.name === "Q4 thanks")!.attributes.batch!;
    const lines = await walk(owner.tokens.live, `/teams/${owner.team.id}/charges?filter[batch]=${q4.id}`);
    expect(lines).toHaveLength(5); // 4 charged, 1 refunded
    expect(lines.every((i) => i.attributes.batch?.id === q4.id)).toBe(true);
    expect(sum(lines)).toBe(3 * t.cat.collection.priceCents);
    // Another team's batch, or one that doesn't exist: nothing.
    const strangers = await walk(owner.tokens.live, `/teams/${owner.team.id}/charges?filter[batch]=bat_nosuchbatch`);
    expect(strangers).toEqual([]);
  });
});

describe("each line names its gift, batch, ledger entry and credential", () => {
  const line = (kind: string, gift: string) =>
    all.find((i) => i.attributes.kind === kind && i.attributes.gift === gift)!;

  it("charges through a developer token name that token, its user and (for bulk) the batch", () => {
    expect(line("charge", gifts.single).attributes).toMatchObject({
      batch: null,
      "refund-of": null,
      "caused-by": {
        via: "token",
        credential: `tok_${ids.ownerToken}`,
        "credential-id": String(ids.ownerToken),
        user: owner.user.id,
      },
    });
    for (const g of gifts.bulk)
      expect(line("charge", g).attributes).toMatchObject({
        batch: { id: expect.stringMatching(/^bat_/), name: "Q4 thanks" },
        "caused-by": {
          via: "token",
          credential: `tok_${ids.ownerToken}`,
          "credential-id": String(ids.ownerToken),
          user: owner.user.id,
        },
      });
    expect(line("charge", gifts.members).attributes["caused-by"]).toEqual({
      via: "token",
      credential: `tok_${ids.memberToken}`,
      "credential-id": String(ids.memberToken),
      user: member.user.id,
    });
  });

  it("a charge through an OAuth token names the OAuth token", () => {
    expect(line("charge", gifts.oauth).attributes["caused-by"]).toEqual({
      via: "oauth",
      credential: `oat_${ids.oauth}`,
      "credential-id": String(ids.oauth),
      user: owner.user.id,
    });
  });

  it("a refund is negative, names the charge it gives back part of, its gift's batch and who cancelled", async () => {
    for (const g of [gifts.single, gifts.bulk[1]]) {
      const refund = line("refund", g);
      const charge = line("charge", g);
      expect(refund.attributes.amount).toBe(`-${charge.attributes.amount}`);
      expect(refund.attributes["refund-of"]).toBe(charge.attributes.charge);
      expect(refund.attributes.batch).toEqual(charge.attributes.batch);
      expect(refund.id).toBe(`rfd_${refund.attributes.charge}`);
      expect(refund.attributes["caused-by"]).toEqual({
        via: "token",
        credential: `tok_${ids.ownerToken}`,
        "credential-id": String(ids.ownerToken),
        user: owner.user.id,
      });
    }
    const row = await t.db.charge.findFirstOrThrow({ where: { giftId: gifts.single, kind: "refund" } });
    expect(row).toMatchObject({ actorVia: "token", credentialId: ids.ownerToken, actorUserId: owner.user.id });
  });

  it("entries written before they recorded who (null columns) show caused-by null", async () => {
    const row = await t.db.charge.findFirstOrThrow({ where: { giftId: gifts.single, kind: "refund" } });
    await t.db.charge.update({
      where: { id: row.id },
      data: { actorVia: null, credentialId: null, actorUserId: null },
    });
    try {
      const lines = await walk(owner.tokens.live, `/teams/${owner.team.id}/charges`);
      expect(lines.find((i) => i.id === `rfd_${row.id}`)!.attributes["caused-by"]).toBeNull();
    } finally {
      await t.db.charge.update({
        where: { id: row.id },
        data: { actorVia: "token", credentialId: ids.ownerToken, actorUserId: owner.user.id },
      });
    }
  });
});

describe("who may see them", () => {
  it("members and viewers get 403 owner_required, for the list and the CSV", async () => {
    for (const token of [member.tokens.live, viewer.tokens.live])
      for (const path of ["charges", "charges.csv"]) {
        const e = expectError(await apiAs(token).get(`/teams/${owner.team.id}/${path}`), 403, "Forbidden");
        expect(e.code).toBe("owner_required");
      }
  });

  it("another team's charges are a 404, as if it didn't exist", async () => {
    for (const path of ["charges", "charges.csv"])
      expectError(await apiAs(stranger.tokens.live).get(`/teams/${owner.team.id}/${path}`), 404, "NotFound");
  });

  it("the sandbox is never charged: a sandbox token gets an empty list (and a header-only CSV)", async () => {
    for (const path of ["/teams/sandbox/charges", "/charges"]) {
      const res = await apiAs(owner.tokens.sandbox).get(path);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      expect(res.body.links.next).toBeNull();
    }
    const csv = await apiAs(owner.tokens.sandbox).get("/charges.csv");
    expect(csv.status).toBe(200);
    expect(csv.body).toBe(`${CSV_COLUMNS}\r\n`);
    // A sandbox token naming a live team is refused as everywhere.
    expectError(await apiAs(owner.tokens.sandbox).get(`/teams/${owner.team.id}/charges`), 403, "Forbidden");
  });

  it("the default team is the owner's only team", async () => {
    const res = await apiAs(owner.tokens.live).get("/charges?page[size]=200");
    expect(res.status).toBe(200);
    expect((res.body.data as Item[]).map((i) => i.id)).toEqual(all.map((i) => i.id));
  });
});

describe("pagination", () => {
  it("page[size]=2 walks every line newest first, none missed or repeated (a bulk charge's lines share a time)", async () => {
    const walked = await walk(owner.tokens.live, `/teams/${owner.team.id}/charges?page[size]=2`);
    expect(walked.map((i) => i.id)).toEqual(all.map((i) => i.id));
    expect(new Set(walked.map((i) => i.id)).size).toBe(walked.length);
    const times = walked.map((i) => i.attributes["created-at"]);
    expect([...times].sort().reverse()).toEqual(times);
    for (const size of [1, 3, 4, 5]) {
      const ids = (await walk(owner.tokens.live, `/teams/${owner.team.id}/charges?page[size]=${size}`)).map(
        (i) => i.id,
      );
      expect(ids, `page[size]=${size}`).toEqual(all.map((i) => i.id));
    }
  });

  it("links never carry the access token and keep the filters", async () => {
    const res = await apiAs(null).get(
      `/teams/${owner.team.id}/charges?page[size]=2&filter[batch]=${evilBatch}&access_token=${owner.tokens.live}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.links.next).toBeNull(); // exactly two lines
    expect(res.body.links.self).not.toContain("access_token");
    expect(res.body.links.self).toContain("filter%5Bbatch%5D");
  });
});

describe("hostile filters: a 400 naming the parameter, never a 500", () => {
  const tenKb = "x".repeat(10 * 1024);
  const cases: [string, string][] = [
    ["filter[created_after]=yesterday", "filter[created_after]"],
    ["filter[created_after]=2026-13-01", "filter[created_after]"],
    ["filter[created_after]=2026-02-30", "filter[created_after]"],
    ["filter[created_after]=2026-04-31", "filter[created_after]"],
    ["filter[created_before]=0000-01-01", "filter[created_before]"],
    ["filter[created_before]=2026-02-29T10:00:00Z", "filter[created_before]"],
    ["filter[created_after]=0001-01-01T00:00:00%2B01:00", "filter[created_after]"], // year 0 in UTC
    ["filter[created_before]=2026-11-26T10:00:00", "filter[created_before]"], // no zone
    ["filter[created_before]=2026-11-26T25:00:00Z", "filter[created_before]"],
    ["filter[created_before]=%2B275760-09-13", "filter[created_before]"],
    ["filter[created_after]=9999-12-31T23:59:59-23:59", "filter[created_after]"],
    ["filter[created_after]=2026-11-26%00", "filter[created_after]"],
    [`filter[created_after]=2026-11-26T${tenKb}`, "filter[created_after]"],
    ["filter[created_after]=2026-11-01&filter[created_after]=2026-12-01", "filter[created_after]"],
    ["filter[batch]=%00", "filter[batch]"],
    ["filter[batch]=bat_%00", "filter[batch]"],
    [`filter[batch]=bat_${tenKb}`, "filter[batch]"],
    ["filter[batch]=%27%20OR%201%3D1--", "filter[batch]"],
    ["filter[stage]=sent", "filter[stage]"],
    ["filter[nope]=1", "filter[nope]"],
    ["filter[batch][id]=bat_x", "filter[batch][id]"],
    ["sort=-created_at", "sort"],
    ["page[size]=0", "page[size]"],
    ["page[after]=garbage", "page[after]"],
    [`page[after]=${Buffer.from("2026-11-26T00:00:00.000Z|gft_abc").toString("base64url")}`, "page[after]"],
    [`page[after]=${Buffer.from("2026-11-26T00:00:00.000Z|chg_1\u0000").toString("base64url")}`, "page[after]"],
  ];
  for (const [query, parameter] of cases) {
    it(`${query.slice(0, 70)} → 400 at ${parameter}`, async () => {
      const e = expectError(
        await apiAs(owner.tokens.live).get(`/teams/${owner.team.id}/charges?${query}`),
        400,
        "BadRequest",
      );
      expect((e as { source?: { parameter?: string } }).source).toEqual({ parameter });
    });
  }

  it("the CSV export refuses them alike, and page[…] (it is the whole list)", async () => {
    for (const [query, parameter] of [
      ...cases.filter(([q]) => !q.startsWith("page[")),
      ["page[size]=2", "page[size]"],
      ["page[after]=x", "page[after]"],
    ]) {
      const e = expectError(
        await apiAs(owner.tokens.live).get(`/teams/${owner.team.id}/charges.csv?${query}`),
        400,
        "BadRequest",
      );
      expect((e as { source?: { parameter?: string } }).source, query).toEqual({ parameter });
    }
  });

  it("takes every real day of years 0001–9999, leap days included, as the list and the CSV (issue 29)", async () => {
    for (const query of [
      "filter[created_after]=0001-01-01&filter[created_before]=9999-12-31",
      "filter[created_after]=0001-01-01T00:00:00Z&filter[created_before]=9999-12-31T23:59:59Z",
      "filter[created_after]=2000-02-29&filter[created_before]=2400-02-29",
    ]) {
      const res = await apiAs(owner.tokens.live).get(`/teams/${owner.team.id}/charges?page[size]=200&${query}`);
      expect(res.status, `${query} ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data).toHaveLength(all.length);
      const csv = await apiAs(owner.tokens.live).get(`/teams/${owner.team.id}/charges.csv?${query}`);
      expect(csv.status, query).toBe(200);
    }
  });

  it("an empty filter value is no filter", async () => {
    const res = await apiAs(owner.tokens.live).get(
      `/teams/${owner.team.id}/charges?page[size]=200&filter[created_after]=&filter[batch]=`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(all.length);
  });
});

describe("CSV export", () => {
  it("a header row, then one row per line in the list's order, with the same values", async () => {
    const res = await apiAs(owner.tokens.live).get(`/teams/${owner.team.id}/charges.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="ribbon-charges-${owner.team.id}.csv"`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("request-id")).toMatch(/^req_/);
    const [header, ...rows] = parseCsv(res.body as string);
    expect(header.join(",")).toBe(CSV_COLUMNS);
    expect(rows).toHaveLength(all.length);
    rows.forEach((row, index) => {
      const item = all[index];
      const a = item.attributes;
      expect(row).toEqual([
        item.id,
        a.kind,
        a.amount, // a refund's "-25.00" stays a number: not neutralised
        a.currency,
        a["created-at"],
        a.gift ?? "",
        a.batch?.id ?? "",
        a.batch ? neutralizeCell(a.batch.name) : "",
        a.charge,
        a.description,
        a["caused-by"]?.via ?? "",
        a["caused-by"]?.["credential-id"] ?? "",
        a["caused-by"]?.credential ?? "",
        ...csvCellsOfLandedAndConversion(a),
      ]);
    });
    expect(rows.filter((r) => r[1] === "refund").every((r) => /^-\d+\.\d{2}$/.test(r[2]))).toBe(true);
    expect(rows.reduce((total, r) => total + cents(r[2]), 0)).toBe(await ledgerSum());
  });

  it("a batch named like a formula is neutralised with a leading quote; filters apply", async () => {
    const res = await apiAs(owner.tokens.live).get(`/teams/${owner.team.id}/charges.csv?filter[batch]=${evilBatch}`);
    expect(res.status).toBe(200);
    const [, ...rows] = parseCsv(res.body as string);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row[7]).toBe(`'${EVIL_BATCH}`);
      expect(gifts.evil).toContain(row[5]);
    }
    // The raw text never has a cell that starts with "=".
    expect(res.body as string).not.toMatch(/(^|,|\r\n|")=/);
  });

  it("the default team's export is the team's", async () => {
    const team = await apiAs(owner.tokens.live).get(`/teams/${owner.team.id}/charges.csv`);
    const mine = await apiAs(owner.tokens.live).get("/charges.csv");
    expect(mine.body).toBe(team.body);
  });
});

describe("neutralizeCell", () => {
  it("quotes text that a spreadsheet would run, leaves numbers and plain text", () => {
    for (const evil of ["=1+1", "+1", "-1+1", "@SUM(A1)", "\tx", "\rx", "＝1", "-", "-x"])
      expect(neutralizeCell(evil)).toBe(`'${evil}`);
    for (const plain of ["-25.00", "25.00", "-3", "12", "Q4 thanks", "", "a=b", "'=x"])
      expect(neutralizeCell(plain)).toBe(plain);
  });
});
