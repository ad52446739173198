import { describe, expect, it } from "vitest";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import * as R from "@/lib/api/openapi/resources";
import { bulkBody, counts, expectValidation, giftBody, openDatabaseForFile } from "./helpers";

// Issue 46: a gift may name its recipient's country; a collection that reaches nothing there is refused at create.
const t = openDatabaseForFile();

describe("recipient_country on POST /gifts and /bulk/gifts", () => {
  it("is kept (any case, stored in capitals) and shown as recipient-country", async () => {
    const a = await createAccount(t.db);
    const res = await apiAs(a.tokens.sandbox).post("/gifts", giftBody({ recipient_country: "br" }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.attributes["recipient-country"]).toBe("BR");
    expect(R.GiftDocument.safeParse(res.body).success).toBe(true);
    const read = await apiAs(a.tokens.sandbox).get(`/gifts/${res.body.data.id}`);
    expect(read.body.data.attributes["recipient-country"]).toBe("BR");
    // Without it: null, and the page follows the recipient's browser.
    const none = await apiAs(a.tokens.sandbox).post("/gifts", giftBody());
    expect(none.body.data.attributes["recipient-country"]).toBeNull();
  });

  it("refuses a collection with nothing that reaches the country, writing nothing (and the dry run says the same)", async () => {
    const a = await createAccount(t.db);
    for (const token of [a.tokens.sandbox, a.tokens.live]) {
      const before = await counts(t.db);
      // Sweet Treats is food: it reaches the EU single market, not Brazil (lib/catalogue/seed-data.ts).
      const body = giftBody({ collection: "Sweet Treats", recipient_country: "BR" });
      for (const path of ["/gifts", "/gifts?dry_run=true"]) {
        const problems = expectValidation(await apiAs(token).post(path, body));
        expect(problems).toEqual([
          {
            pointer: "/gift/recipient_country",
            code: "not_deliverable",
            detail: expect.stringMatching(/^Nothing in "Sweet Treats" can be delivered to Brazil \(BR\)/),
          },
        ]);
      }
      expect(await counts(t.db)).toEqual(before);
    }
    // Together with other problems: all at once.
    const problems = expectValidation(
      await apiAs(a.tokens.sandbox).post(
        "/gifts",
        giftBody({ collection: "Sweet Treats", recipient_country: "BR", email: "nope" }),
      ),
    );
    expect(problems.map((p) => p.code).sort()).toEqual(["invalid_email", "not_deliverable"]);
  });

  it("refuses hostile values with a pointer, never a 500", async () => {
    const a = await createAccount(t.db);
    const cases: [unknown, string][] = [
      ["Brazil", "invalid_country"],
      ["Brasil!!!", "too_long"],
      ["B", "invalid_country"],
      ["ZZ", "invalid_country"],
      ["UK", "invalid_country"],
      ["BRA", "invalid_country"],
      ["B\u202eR", "invalid_characters"],
      ["x".repeat(100_000), "too_long"],
      [42, "not_a_string"],
      [["BR"], "not_a_string"],
      [{ code: "BR" }, "not_a_string"],
    ];
    const before = await counts(t.db);
    for (const [value, code] of cases) {
      const problems = expectValidation(
        await apiAs(a.tokens.sandbox).post("/gifts", giftBody({ recipient_country: value })),
      );
      expect(problems, JSON.stringify(value).slice(0, 40)).toEqual([
        { pointer: "/gift/recipient_country", code, detail: expect.any(String) },
      ]);
    }
    expect(await counts(t.db)).toEqual(before);
  });

  it("bulk: refused per recipient, atomically: one undeliverable row writes no gift", async () => {
    const a = await createAccount(t.db);
    const before = await counts(t.db);
    const countries = ["DE", "BR", "AT", "NZ", "FR"];
    const body = bulkBody(5, { collection: "Sweet Treats" }, (i) => ({ recipient_country: countries[i] }));
    for (const path of ["/bulk/gifts", "/bulk/gifts?dry_run=true"]) {
      const problems = expectValidation(await apiAs(a.tokens.live).post(path, body));
      expect(problems.map((p) => [p.pointer, p.code])).toEqual([
        ["/gift/recipients_attributes/1/recipient_country", "not_deliverable"],
        ["/gift/recipients_attributes/3/recipient_country", "not_deliverable"],
      ]);
    }
    expect(await counts(t.db)).toEqual(before);
    // The same recipients in countries it reaches: created, each with its country.
    const fine = await apiAs(a.tokens.live).post(
      "/bulk/gifts",
      bulkBody(5, { collection: "Sweet Treats" }, (i) => ({ recipient_country: ["DE", "fr", "AT", "SE", "US"][i] })),
    );
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    expect(
      fine.body.data.map((g: { attributes: Record<string, unknown> }) => g.attributes["recipient-country"]),
    ).toEqual(["DE", "FR", "AT", "SE", "US"]);
    // It is a recipient's field: at the gift level it is a misplaced field, with a hint.
    const misplaced = expectValidation(
      await apiAs(a.tokens.sandbox).post("/bulk/gifts", { gift: { ...bulkBody(1).gift, recipient_country: "DE" } }),
    );
    expect(misplaced).toEqual([
      { pointer: "/gift/recipient_country", code: "unknown_field", detail: expect.stringMatching(/per recipient/) },
    ]);
  });

  it("two creates at once, one to a country the collection reaches and one not: one gift, one refusal", async () => {
    const a = await createAccount(t.db);
    const before = await t.db.gift.count({ where: { teamId: "sandbox", senderId: a.user.id } });
    const [ok, refused] = await Promise.all([
      apiAs(a.tokens.sandbox).post("/gifts", giftBody({ collection: "Sweet Treats", recipient_country: "DE" })),
      apiAs(a.tokens.sandbox).post("/gifts", giftBody({ collection: "Sweet Treats", recipient_country: "BR" })),
    ]);
    expect(ok.status).toBe(200);
    expect(expectValidation(refused).map((p) => p.code)).toEqual(["not_deliverable"]);
    expect(await t.db.gift.count({ where: { teamId: "sandbox", senderId: a.user.id } })).toBe(before + 1);
  });
});

describe("GET /collections: where each product goes", () => {
  it("shows each product's ships-to and each collection's countries (their union), as the document says", async () => {
    const a = await createAccount(t.db);
    const res = await apiAs(a.tokens.sandbox).get("/collections");
    expect(res.status).toBe(200);
    expect(R.CollectionList.safeParse(res.body).success, JSON.stringify(res.body).slice(0, 300)).toBe(true);
    const products = new Map<string, string[]>(
      res.body.included.map((p: { id: string; attributes: { "ships-to": string[] } }) => [
        p.id,
        p.attributes["ships-to"],
      ]),
    );
    for (const c of res.body.data) {
      const union = [
        ...new Set(c.relationships.products.data.flatMap((p: { id: string }) => products.get(p.id)!)),
      ].sort();
      expect(c.attributes.countries, c.attributes.name).toEqual(union);
    }
    const sweets = res.body.data.find((c: { attributes: { name: string } }) => c.attributes.name === "Sweet Treats");
    expect(sweets.attributes.countries).toContain("DE");
    expect(sweets.attributes.countries).not.toContain("BR");
  });
});
