import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import * as token from "@/app/oauth2/token/route";
import { callApi } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { openDatabaseForFile } from "./helpers";

// Property: whatever a client sends, the answer is a 2xx or a 4xx — never a 5xx — and a
// refused bulk request leaves nothing behind. Seeded, so a failure reproduces.
const SEED = 20261123;
const t = openDatabaseForFile();
let a: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  a = await createAccount(t.db);
});

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\u202e",
    "9999-12-31T23:59:59-23:59",
    "+275760-09-13",
    "%",
    "_",
    "' OR 1=1 --",
    "Coffee Lovers",
    "robin@example.com",
    "link",
    "email",
  ),
  fc.string({ maxLength: 3000 }).map((s) => s.padEnd(2100, "x")),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const FIELDS = [
  "name",
  "email",
  "collection",
  "message",
  "from",
  "subject",
  "delivery_method",
  "scheduled_at",
  "expires_on",
  "logo_id",
  "design_id",
  "cc_email",
];
const giftFields = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), hostileValue, {
  maxKeys: 12,
});
const valid = {
  name: "Robin",
  email: "robin@example.com",
  collection: "Coffee Lovers",
  message: "Thanks",
  from: "Alex",
};
const nearlyValid = giftFields.map((over) => ({ ...valid, ...over }));

const ok = (status: number) => status >= 200 && status < 500;

describe("fuzzing the API with generated input (fast-check)", () => {
  it("POST /gifts: 1,000 generated bodies, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          nearlyValid.map((gift) => ({ gift })),
          giftFields.map((gift) => ({ gift })),
          fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<unknown>,
        ),
        async (body) => {
          const res = await callApi("POST", "/teams/sandbox/gifts", { token: a.tokens.sandbox, body });
          expect(ok(res.status), `${res.status} ${JSON.stringify(body).slice(0, 300)}`).toBe(true);
        },
      ),
      { seed: SEED, numRuns: 1000 },
    );
  });

  it("POST /bulk/gifts: 300 generated bodies, never a 5xx, all-or-nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(nearlyValid, { minLength: 0, maxLength: 6 }),
        giftFields,
        async (recipients, shared) => {
          const before = await t.db.gift.count();
          const body = {
            gift: {
              collection: "Coffee Lovers",
              message: "Hi",
              from: "Team",
              ...shared,
              recipients_attributes: recipients,
            },
          };
          const res = await callApi("POST", "/teams/sandbox/bulk/gifts", { token: a.tokens.sandbox, body });
          expect(ok(res.status), `${res.status} ${JSON.stringify(body).slice(0, 300)}`).toBe(true);
          const created = (await t.db.gift.count()) - before;
          expect(created).toBe(res.status === 200 ? recipients.length : 0);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("POST /oauth2/token: 1,000 generated forms and JSON bodies, never a 5xx", async () => {
    const names = fc.constantFrom(
      "client_id",
      "client_secret",
      "code",
      "grant_type",
      "redirect_uri",
      "code_verifier",
      "x",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(names, hostileString, { maxKeys: 7 }),
        fc.constantFrom("form", "json", "multipart"),
        async (fields, kind) => {
          const body =
            kind === "json"
              ? JSON.stringify(fields)
              : kind === "form"
                ? new URLSearchParams(fields)
                : Object.entries(fields).reduce((form, [k, v]) => (form.append(k, v), form), new FormData());
          const headers = kind === "json" ? { "content-type": "application/json" } : undefined;
          const res = await token.POST(
            new Request("http://localhost:3000/oauth2/token", { method: "POST", body, headers }),
          );
          expect(ok(res.status), `${res.status} ${JSON.stringify(fields).slice(0, 300)}`).toBe(true);
        },
      ),
      { seed: SEED, numRuns: 1000 },
    );
  });

  it("GET /gifts query strings and path ids: 300 generated, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom("page[size]", "page[after]", "filter[stage]", "filter[email]", "sort", "filter[x]"),
          hostileString,
          { maxKeys: 4 },
        ),
        hostileString,
        async (query, id) => {
          const list = await callApi("GET", `/gifts?${new URLSearchParams(query)}`, { token: a.tokens.sandbox });
          expect(ok(list.status), `${list.status} ${JSON.stringify(query)}`).toBe(true);
          const one = await callApi("GET", `/gifts/${encodeURIComponent(id) || "x"}`, { token: a.tokens.sandbox });
          expect(ok(one.status), `${one.status} ${JSON.stringify(id)}`).toBe(true);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});
