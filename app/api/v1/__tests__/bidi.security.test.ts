import { beforeAll, describe, expect, it } from "vitest";
import { createTeamForUser } from "@/lib/teams";
import { formatMoney } from "@/lib/money";
import { apiAs } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { ValidationError } from "@/lib/errors";
import { bulkBody, counts, expectValidation, giftBody, openDatabaseForFile } from "./helpers";

// Issue 29, item 8: free text another person reads (the recipient, a teammate, the sender) may not
// hold the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) that
// make "gift.exe" read otherwise or reorder a name in a sentence: one rule, lib/format/text.ts.
const t = openDatabaseForFile();
let a: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  a = await createAccount(t.db);
});

/** One of each: LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI. */
const BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];
const evil = (c: string) => `Robin ${c}exe.gpj`;

describe("a gift's free text with a bidirectional control is refused at its pointer", () => {
  const fields: [string, string][] = [
    ["name", "Name"],
    ["from", "From"],
    ["subject", "Subject"],
    ["message", "Message"],
  ];
  it("POST /gifts: name, from, subject and message, and nothing is written; right-to-left text still is", async () => {
    const before = await counts(t.db);
    for (const [field, label] of fields)
      for (const c of BIDI) {
        const problems = expectValidation(
          await apiAs(a.tokens.live).post(`/teams/${a.team.id}/gifts`, giftBody({ [field]: evil(c) })),
        );
        expect(problems, `${field} ${JSON.stringify(c)}`).toEqual([
          { pointer: `/gift/${field}`, detail: `${label} has invalid characters`, code: "invalid_characters" },
        ]);
      }
    expect(await counts(t.db)).toEqual(before);
    // Right-to-left text and its marks (U+200F) are fine, and a message keeps its lines.
    const rtl = await apiAs(a.tokens.sandbox).post(
      "/teams/sandbox/gifts",
      giftBody({ name: "\u200fسارا", from: "דנה", message: "שלום\nThank you\tall" }),
    );
    expect(rtl.status, JSON.stringify(rtl.body)).toBe(200);
  });

  it("POST /bulk/gifts: batch_name, from, message, and each recipient's name and from", async () => {
    const c = "\u202e";
    const cases: [Record<string, unknown>, (i: number) => Record<string, unknown>, string, string][] = [
      [{ batch_name: evil(c) }, () => ({}), "/gift/batch_name", "Batch name"],
      [{ from: evil(c) }, () => ({}), "/gift/from", "From"],
      [{ message: evil(c) }, () => ({}), "/gift/message", "Message"],
      [{}, (i) => (i === 1 ? { name: evil(c) } : {}), "/gift/recipients_attributes/1/name", "Name"],
      [{}, (i) => (i === 1 ? { from: evil(c) } : {}), "/gift/recipients_attributes/1/from", "From"],
    ];
    for (const [over, recipient, pointer, label] of cases) {
      const problems = expectValidation(
        await apiAs(a.tokens.live).post(`/teams/${a.team.id}/bulk/gifts`, bulkBody(2, over, recipient)),
      );
      expect(problems, pointer).toEqual([
        { pointer, detail: `${label} has invalid characters`, code: "invalid_characters" },
      ]);
    }
  });

  it("PATCH /gifts/:id: from, subject and message; the gift keeps its words", async () => {
    const created = await apiAs(a.tokens.live).post(`/teams/${a.team.id}/gifts`, giftBody());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as string;
    for (const [field, label] of fields.filter(([f]) => f !== "name"))
      for (const c of ["\u202d", "\u2067"]) {
        const res = await apiAs(a.tokens.live).patch(`/teams/${a.team.id}/gifts/${id}`, {
          gift: { [field]: evil(c) },
        });
        expect(expectValidation(res), field).toEqual([
          { pointer: `/gift/${field}`, detail: `${label} has invalid characters`, code: "invalid_characters" },
        ]);
      }
    const gift = await t.db.gift.findUniqueOrThrow({ where: { id } });
    expect([gift.from, gift.message]).toEqual(["Alex at Acme", "Thanks for everything this year!"]);
  });
});

describe("a rejection's reason with a bidirectional control is refused", () => {
  it("POST /gifts/:id/reject by an owner: 400 at /reason, the gift still waits", async () => {
    const owner = await createAccount(t.db);
    const price = (await t.db.collection.findFirstOrThrow({ where: { name: "Coffee Lovers", global: true } }))
      .priceCents;
    const set = await apiAs(owner.tokens.live).patch(`/teams/${owner.team.id}/budget`, {
      budget: { approval_above_price: formatMoney(price - 1) },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const created = await apiAs(owner.tokens.live).post(`/teams/${owner.team.id}/gifts`, giftBody());
    expect(created.body.data.attributes.stage).toBe("pending_approval");
    const id = created.body.data.id as string;
    for (const c of BIDI) {
      const res = await apiAs(owner.tokens.live).post(`/teams/${owner.team.id}/gifts/${id}/reject`, {
        reason: `Over plan ${c}`,
      });
      expect(expectValidation(res)).toEqual([
        { pointer: "/reason", detail: "has invalid characters", code: "invalid_characters" },
      ]);
    }
    expect((await t.db.gift.findUniqueOrThrow({ where: { id } })).stage).toBe("pending_approval");
  });
});

describe("a team's name with a bidirectional control is refused", () => {
  it("createTeamForUser (the account page's form) refuses it with a field problem, and creates no team", async () => {
    const before = await t.db.team.count();
    for (const c of BIDI) {
      const refusal = await createTeamForUser(t.db, a.user.id, `Acme ${c}stekcoR`).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ValidationError);
      expect((refusal as ValidationError).problems).toEqual([
        {
          detail: "A team's name contains characters that are not allowed",
          pointer: "/name",
          code: "invalid_characters",
        },
      ]);
    }
    expect(await t.db.team.count()).toBe(before);
  });
});
