import { beforeAll, describe, expect, it } from "vitest";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { bulkBody, counts, expectValidation, giftBody, openDatabaseForFile } from "./helpers";

const t = openDatabaseForFile();
let a: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  a = await createAccount(t.db);
});

type Gift = { id: string; attributes: Record<string, unknown> };

describe("the gift's `locale`", () => {
  it("is stored, shown in the gift and on GET, for each of the six locales (any case)", async () => {
    for (const locale of ["en", "es", "fr", "de", "ja", "AR"]) {
      const res = await apiAs(a.tokens.sandbox).post("/teams/sandbox/gifts", giftBody({ locale }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const gift = res.body.data as Gift;
      expect(gift.attributes.locale).toBe(locale.toLowerCase());
      const got = await apiAs(a.tokens.sandbox).get(`/teams/sandbox/gifts/${gift.id}`);
      expect((got.body.data as Gift).attributes.locale).toBe(locale.toLowerCase());
      const row = await t.db.gift.findUniqueOrThrow({ where: { id: gift.id }, select: { locale: true } });
      expect(row.locale).toBe(locale.toLowerCase());
    }
  });

  it("without a subject, a non-English gift gets the default subject in its language; a given subject is kept", async () => {
    const post = async (over: Record<string, unknown>) =>
      ((await apiAs(a.tokens.sandbox).post("/teams/sandbox/gifts", giftBody(over))).body.data as Gift).attributes
        .subject;
    expect(await post({})).toMatch(/ Sent You A Gift!$/);
    expect(await post({ locale: "en" })).toMatch(/ Sent You A Gift!$/);
    expect(await post({ locale: "es" })).toMatch(/^¡.+ te ha enviado un regalo!$/);
    expect(await post({ locale: "ja" })).toMatch(/さんからギフトが届きました！$/);
    expect(await post({ locale: "es", subject: "Para ti" })).toBe("Para ti");
    const bulk = await apiAs(a.tokens.sandbox).post(
      "/teams/sandbox/bulk/gifts",
      bulkBody(3, {}, (i) => [{ locale: "de" }, { locale: "de", subject: "Eigener Betreff" }, {}][i]),
    );
    expect((bulk.body.data as Gift[]).map((g) => g.attributes.subject)).toEqual([
      expect.stringMatching(/ hat Ihnen ein Geschenk geschickt!$/),
      "Eigener Betreff",
      expect.stringMatching(/ Sent You A Gift!$/),
    ]);
    const shared = await apiAs(a.tokens.sandbox).post(
      "/teams/sandbox/bulk/gifts",
      bulkBody(1, { subject: "Shared", locale: "fr" }),
    );
    expect((shared.body.data as Gift[])[0].attributes.subject).toBe("Shared");
  });

  it("is null when not given (or blank), in the response and the list", async () => {
    for (const over of [{}, { locale: null }, { locale: "  " }]) {
      const res = await apiAs(a.tokens.sandbox).post("/teams/sandbox/gifts", giftBody(over));
      expect(res.status).toBe(200);
      expect((res.body.data as Gift).attributes.locale).toBeNull();
    }
    const list = await apiAs(a.tokens.sandbox).get("/teams/sandbox/gifts");
    const gifts = list.body.data as Gift[];
    expect(gifts.every((g) => "locale" in g.attributes)).toBe(true);
    expect(gifts.map((g) => g.attributes.locale)).toContain("ar");
  });

  it("anything else is a 422 at /gift/locale with code invalid_locale, and nothing is written", async () => {
    const before = await counts(t.db);
    const hostile = [
      "pt",
      "en-US",
      "es_ES",
      "english",
      "x".repeat(10_000),
      42,
      ["es"],
      { es: true },
      "e\u0000s",
      "__proto__",
    ];
    for (const locale of hostile) {
      const problems = expectValidation(
        await apiAs(a.tokens.live).post(`/teams/${a.team.id}/gifts`, giftBody({ locale })),
      );
      expect(problems, JSON.stringify(locale).slice(0, 40)).toHaveLength(1);
      expect(problems[0]).toMatchObject({ pointer: "/gift/locale" });
      expect(["invalid_locale", "not_a_string", "too_long", "invalid_characters"]).toContain(problems[0].code);
    }
    expect(
      expectValidation(await apiAs(a.tokens.live).post(`/teams/${a.team.id}/gifts`, giftBody({ locale: "pt" }))),
    ).toEqual([
      { pointer: "/gift/locale", detail: "Locale must be one of en, es, fr, de, ja, ar", code: "invalid_locale" },
    ]);
    expect(await counts(t.db)).toEqual(before);
  });

  it("bulk: a shared locale, overridden per recipient; a bad one is reported at its recipient", async () => {
    const res = await apiAs(a.tokens.sandbox).post(
      "/teams/sandbox/bulk/gifts",
      bulkBody(3, { locale: "fr" }, (i) => (i === 1 ? { locale: "ja" } : {})),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.data as Gift[]).map((g) => g.attributes.locale)).toEqual(["fr", "ja", "fr"]);
    const rows = await t.db.gift.findMany({
      where: { id: { in: (res.body.data as Gift[]).map((g) => g.id) } },
      select: { locale: true },
    });
    expect(rows.map((r) => r.locale).sort()).toEqual(["fr", "fr", "ja"]);

    const none = await apiAs(a.tokens.sandbox).post("/teams/sandbox/bulk/gifts", bulkBody(1));
    expect((none.body.data as Gift[])[0].attributes.locale).toBeNull();

    const bad = expectValidation(
      await apiAs(a.tokens.sandbox).post(
        "/teams/sandbox/bulk/gifts",
        bulkBody(2, { locale: "klingon" }, (i) => (i === 1 ? { locale: "tlh" } : {})),
      ),
    );
    expect(bad).toEqual([
      { pointer: "/gift/locale", detail: "Locale must be one of en, es, fr, de, ja, ar", code: "invalid_locale" },
      {
        pointer: "/gift/recipients_attributes/1/locale",
        detail: "Locale must be one of en, es, fr, de, ja, ar",
        code: "invalid_locale",
      },
    ]);
  });
});
