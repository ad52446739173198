import { beforeAll, describe, expect, it } from "vitest";
import { apiAs, callApi } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { counts, expectError, expectValidation, giftBody, openDatabaseForFile } from "./helpers";

const t = openDatabaseForFile();
let a: Awaited<ReturnType<typeof createAccount>>;
let before: Awaited<ReturnType<typeof counts>>;

beforeAll(async () => {
  a = await createAccount(t.db);
  before = await counts(t.db);
});

/** Posts a single gift with `over` merged in; expects a 400 validation document. */
async function problemsFor(over: Record<string, unknown>, token = a.tokens.live) {
  const path = token === a.tokens.live ? `/teams/${a.team.id}/gifts` : "/teams/sandbox/gifts";
  return expectValidation(await apiAs(token).post(path, giftBody(over)));
}

describe("§7 rule 1: required fields can't be blank", () => {
  const required: [string, string][] = [
    ["name", "Name"],
    ["collection", "Collection"],
    ["message", "Message"],
    ["from", "From"],
    ["email", "Email"],
  ];
  for (const [field, label] of required) {
    for (const blank of [undefined, null, "", "   ", "\n\t "]) {
      it(`${field} = ${JSON.stringify(blank) ?? "missing"} → "${label} can't be blank" at /gift/${field}`, async () => {
        const problems = await problemsFor({ [field]: blank });
        expect(problems).toEqual([{ pointer: `/gift/${field}`, detail: `${label} can't be blank`, code: "blank" }]);
      });
    }
  }

  it("a missing or non-object `gift` is reported at /gift", async () => {
    for (const body of [{}, { gift: null }, { gifts: giftBody().gift }]) {
      const problems = expectValidation(await apiAs(a.tokens.live).post("/gifts", body));
      expect(problems).toContainEqual({ pointer: "/gift", detail: "Gift can't be blank", code: "blank" });
    }
    for (const gift of [[], "x", 3, true]) {
      const problems = expectValidation(await apiAs(a.tokens.live).post("/gifts", { gift }));
      expect(problems).toEqual([{ pointer: "/gift", detail: "Gift must be an object", code: "not_an_object" }]);
    }
  });

  it("an email gift whose email is blank, while a link gift needs none", async () => {
    expect(await problemsFor({ delivery_method: "email", email: "" })).toEqual([
      { pointer: "/gift/email", detail: "Email can't be blank", code: "blank" },
    ]);
  });
});

describe("§7 rule 2: invalid characters", () => {
  const fields: [string, string][] = [
    ["name", "Name"],
    ["from", "From"],
    ["subject", "Subject"],
    ["collection", "Collection"],
    ["message", "Message"],
    ["email", "Email"],
    ["cc_email", "Cc email"],
    ["design_id", "Design id"],
  ];
  const bad = ["Rob\ud800in", "Rob\u0000in", "Rob\u0007in", "Rob\u001bin", "Rob\u007fin", "Rob\u0085in", "Rob\u009fin"];
  for (const [field, label] of fields) {
    it(`${field} with a control character → "${label} has invalid characters"`, async () => {
      for (const value of bad) {
        const problems = await problemsFor({ [field]: field.includes("email") ? `${value}@example.com` : value });
        expect(problems, JSON.stringify(value)).toEqual([
          { pointer: `/gift/${field}`, detail: `${label} has invalid characters`, code: "invalid_characters" },
        ]);
      }
    });
  }

  it("newlines and tabs are invalid everywhere but the message", async () => {
    for (const field of ["name", "from", "subject"]) {
      for (const ws of ["a\nb", "a\tb", "a\rb", "a\u2028b"]) {
        const problems = await problemsFor({ [field]: ws });
        expect(problems).toHaveLength(1);
        expect(problems[0].pointer).toBe(`/gift/${field}`);
        expect(problems[0].detail).toMatch(/has invalid characters$/);
      }
    }
    const ok = await apiAs(a.tokens.sandbox).post("/gifts", giftBody({ message: "a\nb\tc" }));
    expect(ok.status).toBe(200);
  });
});

describe("field rules", () => {
  it("bad email and cc_email addresses", async () => {
    for (const value of [
      "robin",
      "robin@",
      "@example.com",
      "robin@example",
      "rob in@example.com",
      "robin@@example.com",
      "<robin@example.com>",
    ]) {
      expect(await problemsFor({ email: value }), value).toEqual([
        { pointer: "/gift/email", detail: "Email is not a valid email address", code: "invalid_email" },
      ]);
      expect(await problemsFor({ cc_email: value }), value).toEqual([
        { pointer: "/gift/cc_email", detail: "Cc email is not a valid email address", code: "invalid_email" },
      ]);
    }
  });

  it("bad delivery method", async () => {
    for (const value of ["sms", "post", "e-mail", "emails"]) {
      expect(await problemsFor({ delivery_method: value }), value).toEqual([
        {
          pointer: "/gift/delivery_method",
          detail: "Delivery method must be email or link",
          code: "invalid_delivery_method",
        },
      ]);
    }
  });

  it("bad scheduled_at: no zone, not a date, impossible dates and times", async () => {
    const bad = [
      "2030-06-01T09:00:00", // no zone: ambiguous
      "2030-06-01T09:00",
      "tomorrow",
      "06/01/2030",
      "2030-02-30",
      "2030-13-01",
      "2030-06-01T25:00:00Z",
      "2030-06-01T24:00:00Z",
      "2030-06-01T09:60:00Z",
      "2030-06-01T09:00:60Z",
      "2030-06-01T09:00:00+25:00",
      "2030-06-01T09:00:00+23:99",
      "2030-06-01 09:00:00Z",
      "1717232400",
    ];
    for (const value of bad) {
      const problems = await problemsFor({ scheduled_at: value });
      expect(problems, value).toEqual([
        {
          pointer: "/gift/scheduled_at",
          detail: expect.stringMatching(/^Scheduled at must be an ISO 8601/),
          code: "invalid_timestamp",
        },
      ]);
    }
    expect(await problemsFor({ scheduled_at: 1717232400 })).toEqual([
      { pointer: "/gift/scheduled_at", detail: "Scheduled at must be a string", code: "not_a_string" },
    ]);
    // A bad send date is one problem: the expiry isn't measured against a default date instead.
    expect(await problemsFor({ scheduled_at: "2030-06-01T09:00:00", expires_on: "2030-07-01" })).toEqual([
      {
        pointer: "/gift/scheduled_at",
        detail: expect.stringMatching(/^Scheduled at must be an ISO 8601/),
        code: "invalid_timestamp",
      },
    ]);
  });

  it("bad expires_on: format, before the send date, a year or more after it", async () => {
    for (const value of ["2030-06", "01-06-2030", "2030-02-30", "2030-06-01T00:00:00Z", "never"]) {
      expect(await problemsFor({ expires_on: value }), value).toEqual([
        { pointer: "/gift/expires_on", detail: "Expires on must be a date (YYYY-MM-DD)", code: "invalid_date" },
      ]);
    }
    const early = await problemsFor({ scheduled_at: "2030-06-01T09:00:00Z", expires_on: "2030-05-31" });
    expect(early).toEqual([
      {
        pointer: "/gift/expires_on",
        detail: expect.stringContaining("can't be before the scheduled send date (2030-06-01)"),
        code: "expires_before_send_date",
      },
    ]);
    for (const late of ["2031-06-01", "2031-06-02", "2040-01-01"]) {
      const problems = await problemsFor({ scheduled_at: "2030-06-01T09:00:00Z", expires_on: late });
      expect(problems, late).toEqual([
        {
          pointer: "/gift/expires_on",
          detail: expect.stringContaining("must be less than 1 year after the scheduled send date"),
          code: "expires_too_late",
        },
      ]);
    }
    // Link gifts: the send date is today.
    const yearFromToday = new Date();
    yearFromToday.setUTCFullYear(yearFromToday.getUTCFullYear() + 1);
    const link = await problemsFor({ delivery_method: "link", expires_on: yearFromToday.toISOString().slice(0, 10) });
    expect(link).toEqual([
      { pointer: "/gift/expires_on", detail: expect.stringContaining("less than 1 year"), code: "expires_too_late" },
    ]);
    // Already lapsed: refused as in the past (for an email gift too, whatever its send date).
    expect(await problemsFor({ delivery_method: "link", expires_on: "2001-01-01" })).toEqual([
      { pointer: "/gift/expires_on", detail: expect.stringContaining("can't be in the past"), code: "in_the_past" },
    ]);
    expect(await problemsFor({ scheduled_at: "2001-01-01T09:00:00Z", expires_on: "2001-01-05" })).toEqual([
      { pointer: "/gift/expires_on", detail: expect.stringContaining("can't be in the past"), code: "in_the_past" },
    ]);
  });

  it("unknown collection, design and logo", async () => {
    expect(await problemsFor({ collection: "No Such Collection" })).toEqual([
      { pointer: "/gift/collection", detail: expect.stringContaining("was not found"), code: "not_found" },
    ]);
    expect(await problemsFor({ collection: "999999" })).toEqual([
      { pointer: "/gift/collection", detail: expect.stringContaining("was not found"), code: "not_found" },
    ]);
    expect(await problemsFor({ design_id: "no-such-design" })).toEqual([
      { pointer: "/gift/design_id", detail: expect.stringContaining("was not found"), code: "not_found" },
    ]);
    expect(await problemsFor({ logo_id: 999999 })).toEqual([
      { pointer: "/gift/logo_id", detail: expect.stringContaining("was not found"), code: "not_found" },
    ]);
  });

  it("a sandbox create (references and insert in one statement) with a reference missing writes nothing", async () => {
    const start = await counts(t.db);
    const sandbox = (over: Record<string, unknown>) => problemsFor(over, a.tokens.sandbox);
    expect(await sandbox({ design_id: "no-such-design" })).toEqual([
      { pointer: "/gift/design_id", detail: expect.stringContaining("was not found"), code: "not_found" },
    ]);
    expect(await sandbox({ logo_id: 999999 })).toEqual([
      { pointer: "/gift/logo_id", detail: expect.stringContaining("was not found"), code: "not_found" },
    ]);
    expect(await sandbox({ collection: "No Such Collection", message: "A message never kept" })).toEqual([
      { pointer: "/gift/collection", detail: expect.stringContaining("was not found"), code: "not_found" },
    ]);
    expect(await counts(t.db)).toEqual(start);
  });

  it("another team's own collection, design and logo are unknown (no leak across teams)", async () => {
    const b = await createAccount(t.db);
    const col = await t.db.collection.create({
      data: {
        slug: `b-${b.team.id}`,
        name: "B Only",
        description: "",
        global: false,
        teamId: b.team.id,
        priceCents: 100,
        imageUrl: "/b.png",
      },
    });
    const logo = await t.db.logo.create({
      data: { slug: `b-logo-${b.team.id}`, name: "B Logo", global: false, teamId: b.team.id, imageUrl: "/b.svg" },
    });
    await t.db.design.create({
      data: {
        id: `b-design-${b.team.id}`,
        name: "B Design",
        global: false,
        teamId: b.team.id,
        imageUrl: "/b.png",
        thumbnailUrl: "/b.png",
      },
    });
    const problems = await problemsFor({
      collection: String(col.id),
      logo_id: logo.id,
      design_id: `b-design-${b.team.id}`,
    });
    expect(problems.map((p) => p.pointer).sort()).toEqual(["/gift/collection", "/gift/design_id", "/gift/logo_id"]);
    expect(await problemsFor({ collection: "B Only" })).toEqual([
      { pointer: "/gift/collection", detail: expect.stringContaining("was not found"), code: "not_found" },
    ]);
    // The sandbox can't use them either.
    expect(await problemsFor({ collection: String(col.id) }, a.tokens.sandbox)).toHaveLength(1);
    // Team B itself can.
    expect(
      (
        await apiAs(b.tokens.live).post(
          "/gifts",
          giftBody({ collection: "B Only", logo_id: logo.id, design_id: `b-design-${b.team.id}` }),
        )
      ).status,
    ).toBe(200);
  });

  it("bad logo ids", async () => {
    for (const value of [0, -1, 1.5, "abc", "1e3", true, [], {}, Number.MAX_SAFE_INTEGER + 2]) {
      expect(await problemsFor({ logo_id: value }), JSON.stringify(value)).toEqual([
        { pointer: "/gift/logo_id", detail: "Logo id must be a positive integer", code: "invalid_logo_id" },
      ]);
    }
  });

  it("a logo id beyond the database's integer range is unknown, not a server error", async () => {
    for (const value of [2147483648, 9007199254740991, "999999999"]) {
      const problems = await problemsFor({ logo_id: value });
      expect(problems, String(value)).toHaveLength(1);
      expect(problems[0].pointer).toBe("/gift/logo_id");
    }
  });

  it("maximum lengths: name/from/subject 200, message 2000, emails 254", async () => {
    const local = (n: number) => `${"a".repeat(n - "@example.com".length)}@example.com`;
    const limits: [string, string, number, (n: number) => string][] = [
      ["name", "Name", 200, (n) => "n".repeat(n)],
      ["from", "From", 200, (n) => "f".repeat(n)],
      ["subject", "Subject", 200, (n) => "s".repeat(n)],
      ["message", "Message", 2000, (n) => "m".repeat(n)],
      ["email", "Email", 254, local],
      ["cc_email", "Cc email", 254, local],
    ];
    for (const [field, label, max, make] of limits) {
      const ok = await apiAs(a.tokens.sandbox).post("/gifts", giftBody({ [field]: make(max) }));
      expect(ok.status, `${field} at ${max}: ${JSON.stringify(ok.body)}`).toBe(200);
      expect(await problemsFor({ [field]: make(max + 1) })).toEqual([
        { pointer: `/gift/${field}`, detail: `${label} is too long (maximum is ${max} characters)`, code: "too_long" },
      ]);
    }
  });

  it("wrong JSON types are validation errors", async () => {
    expect(await problemsFor({ name: 42 })).toEqual([
      { pointer: "/gift/name", detail: "Name must be a string", code: "not_a_string" },
    ]);
    expect(await problemsFor({ message: { text: "hi" } })).toEqual([
      { pointer: "/gift/message", detail: "Message must be a string", code: "not_a_string" },
    ]);
    expect(await problemsFor({ email: ["robin@example.com"] })).toEqual([
      { pointer: "/gift/email", detail: "Email must be a string", code: "not_a_string" },
    ]);
  });

  it("unknown fields are a 422 with code unknown_field; recipients_attributes gets a hint", async () => {
    expect(await problemsFor({ colour: "red" })).toEqual([
      { pointer: "/gift/colour", detail: "colour is not a known field", code: "unknown_field" },
    ]);
    expect(await problemsFor({ recipients_attributes: [] })).toEqual([
      {
        pointer: "/gift/recipients_attributes",
        detail: expect.stringContaining("POST /bulk/gifts"),
        code: "unknown_field",
      },
    ]);
    // Response-style (kebab-case) names are not request fields.
    expect(await problemsFor({ "delivery-method": "link" })).toEqual([
      { pointer: "/gift/delivery-method", detail: "delivery-method is not a known field", code: "unknown_field" },
    ]);
  });
});

describe("§7 rule 4: every problem of a request comes back together", () => {
  it("returns one entry per problem with its pointer, including database look-ups", async () => {
    const res = await apiAs(a.tokens.live).post(`/teams/${a.team.id}/gifts`, {
      gift: {
        name: "",
        email: "not-an-email",
        collection: "No Such Collection",
        design_id: "nope",
        logo_id: 987654,
        message: "bad \u0001 char",
        from: "  ",
        subject: "x".repeat(201),
        scheduled_at: "2030-06-01T09:00:00",
        expires_on: "someday",
        cc_email: "cc@",
        delivery_method: "carrier-pigeon",
        extra: true,
      },
    });
    const problems = expectValidation(res);
    expect(problems.map((p) => p.pointer).sort()).toEqual(
      [
        "/gift/cc_email",
        "/gift/collection",
        "/gift/delivery_method",
        "/gift/design_id",
        "/gift/email",
        "/gift/expires_on",
        "/gift/extra",
        "/gift/from",
        "/gift/logo_id",
        "/gift/message",
        "/gift/name",
        "/gift/scheduled_at",
        "/gift/subject",
      ].sort(),
    );
    expect(problems).toContainEqual({ pointer: "/gift/name", detail: "Name can't be blank", code: "blank" });
    expect(problems).toContainEqual({ pointer: "/gift/from", detail: "From can't be blank", code: "blank" });
    expect(problems).toContainEqual({
      pointer: "/gift/message",
      detail: "Message has invalid characters",
      code: "invalid_characters",
    });
  });
});

describe("bodies that are not a JSON object", () => {
  it("malformed JSON, empty, array, string, number, null → 400 BadRequest document", async () => {
    for (const rawBody of [
      "{",
      '{"gift": {"name": "x",}}',
      "gift=1",
      "",
      "   ",
      "[]",
      '[{"gift":{}}]',
      '"gift"',
      "42",
      "null",
      "true",
    ]) {
      for (const path of ["/gifts", "/bulk/gifts"]) {
        const res = await callApi("POST", path, {
          token: a.tokens.live,
          rawBody,
          headers: { "content-type": "application/json" },
        });
        expectError(res, 400, "BadRequest");
      }
    }
  });

  it("a body over its limit (1 MB, 3 MB for bulk) is a 413 PayloadTooLarge document", async () => {
    const huge = (mb: number) => JSON.stringify(giftBody({ message: "x".repeat(mb * 1024 * 1024) }));
    for (const [path, mb] of [
      ["/gifts", 1],
      ["/bulk/gifts", 3],
    ] as const) {
      const res = await callApi("POST", path, {
        token: a.tokens.live,
        rawBody: huge(mb),
        headers: { "content-type": "application/json" },
      });
      expect(expectError(res, 413, "PayloadTooLarge").detail).toBe(`The request body is larger than ${mb} MB.`);
    }
  });

  it("a JSON body sent without a JSON content type is still read", async () => {
    const res = await callApi("POST", "/gifts", {
      token: a.tokens.sandbox,
      rawBody: JSON.stringify(giftBody()),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
  });
});

describe("nothing is ever a 500", () => {
  it("answers 200 or 400 to a barrage of odd values in every field", async () => {
    const odd: unknown[] = [
      0,
      -1,
      1e308,
      true,
      false,
      [],
      [1],
      {},
      { a: 1 },
      "😀",
      "\u202e",
      "a\ud800b",
      "\udfff",
      "x".repeat(5000),
      "null",
      "2030-06-01",
      "2147483648",
      "0",
      " ",
    ];
    const fields = [
      "name",
      "email",
      "collection",
      "message",
      "from",
      "delivery_method",
      "subject",
      "scheduled_at",
      "expires_on",
      "logo_id",
      "design_id",
      "cc_email",
    ];
    const seen = new Set<number>();
    for (const field of fields) {
      for (const value of odd) {
        const res = await apiAs(a.tokens.sandbox).post("/gifts", giftBody({ [field]: value }));
        seen.add(res.status);
        expect(
          [200, 400],
          `${field}=${JSON.stringify(value)?.slice(0, 40)}: ${JSON.stringify(res.body).slice(0, 300)}`,
        ).toContain(res.status);
      }
    }
    expect(seen.has(400)).toBe(true);
  });

  it("answers 400 to odd query parameters and path ids", async () => {
    const live = apiAs(a.tokens.live);
    for (const path of [
      "/gifts?page[size]=abc",
      "/gifts?page[size]=1e400",
      "/gifts?page[after]=%00%01",
      `/gifts?page[after]=${Buffer.from("2030-01-01T00:00:00.000Z|").toString("base64url")}`,
      `/gifts?page[after]=${Buffer.from("garbage|x").toString("base64url")}`,
      "/gifts?filter[stage]=%00",
      "/messages?page[after]=zzz",
    ]) {
      expectError(await live.get(path), 400, "BadRequest");
    }
    for (const id of ["%00", "' or 1=1 --", "x".repeat(3000), "gft_%E2%80%AE"]) {
      expectError(await live.get(`/gifts/${id}`), 404, "NotFound");
      expectError(await live.delete(`/gifts/${id}`), 404, "NotFound");
    }
  });
});

describe("failed creates change nothing", () => {
  it("left no gift, event, charge, message or email behind", async () => {
    const now = await counts(t.db);
    // Only the deliberate successes above (sandbox, and team B) were created; live team A has nothing.
    expect(await t.db.gift.count({ where: { teamId: a.team.id } })).toBe(0);
    expect(await t.db.charge.count({ where: { teamId: a.team.id } })).toBe(0);
    expect(await t.db.giftMessage.count({ where: { teamId: a.team.id } })).toBe(0);
    expect(now.emails).toBe(before.emails);
    expect(now.keys).toBe(before.keys);
  });
});
