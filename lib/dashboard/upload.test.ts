import { beforeAll, describe, expect, it } from "vitest";
import { onTeam, type SessionActor, type TeamActor } from "@/lib/actor";
import { HttpError, ValidationError } from "@/lib/errors";
import { addMember } from "@/lib/teams";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { createPerson, processDatabaseForFile } from "@/lib/testing/teams";
import { suppressedMessage } from "@/lib/gifts";
import { suppressAddress, suppressionScope } from "@/lib/outbox/suppressions";
import { batchNameOf, confirmUpload, previewUpload, type UploadPreview } from "./upload";
import { sessionActor as person } from "@/lib/testing/dashboard";

const t = processDatabaseForFile();
let owner: TeamActor<SessionActor>;
let viewer: TeamActor<SessionActor>;
let collections: { id: number; name: string; priceCents: number }[];
let designId: string;

const HEADER = "name,email,message,from,collection,design,scheduled_at,expires_on,delivery_method,locale";
const row = (i: number, over: Partial<Record<string, string>> = {}) => {
  const cells = {
    name: `Person ${i}`,
    email: `person${i}@example.test`,
    message: "Thank you!",
    from: "Acme",
    collection: collections[0].name,
    design: "",
    scheduled_at: "",
    expires_on: "",
    delivery_method: "",
    locale: "",
    ...over,
  };
  return HEADER.split(",")
    .map((c) => {
      const v = cells[c as keyof typeof cells] ?? "";
      return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
    })
    .join(",");
};
const csv = (rows: string[]) => new TextEncoder().encode(`${HEADER}\n${rows.join("\n")}\n`);
const file = (bytes: Uint8Array, fileName = "Q4 thank-yous.csv") => ({ fileName, bytes });
const key = () => `form-${Math.random().toString(36).slice(2)}-${Date.now()}`;
const counts = async () => ({
  gifts: await t.db.gift.count(),
  charges: await t.db.charge.count(),
  batches: await t.db.giftBatch.count(),
  keys: await t.db.idempotencyKey.count(),
});
const confirm = (
  actor: TeamActor,
  bytes: Uint8Array,
  preview: UploadPreview,
  formKey = key(),
  fileName = "Q4 thank-yous.csv",
) =>
  confirmUpload(t.db, actor, {
    fileName,
    bytes,
    previewHash: preview.fileHash,
    previewTotalCents: preview.totalCents,
    formKey,
  });
async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error,
  );
}
const details = (error: unknown) => (error as ValidationError).problems.map((p) => p.detail);

beforeAll(async () => {
  const account = await createAccount(t.db);
  owner = await onTeam(t.db, person(account.user), account.team.id);
  const someone = await createPerson(t.db);
  await addMember(t.db, account.team.id, someone.user.id, "viewer");
  viewer = await onTeam(t.db, person(someone.user), account.team.id);
  designId = (await catalogue(t.db)).design.id;
  collections = await t.db.collection.findMany({ where: { global: true }, orderBy: { id: "asc" }, take: 2 });
});

describe("previewing an upload", () => {
  it("lists each problem by row and column with the API's message, warns of duplicates, prices the fine rows, writes nothing", async () => {
    const before = await counts();
    const bytes = csv([
      row(1),
      row(2, { email: "not-an-email", expires_on: "2020-01-01" }),
      row(3, { collection: "No Such Collection" }),
      row(4, { email: "PERSON1@example.test", collection: String(collections[1].id), design: designId }),
      row(5, { name: "", delivery_method: "pigeon" }),
      row(6, { message: "Line one,\nline two", from: "Ada, Grace" }),
    ]);
    const preview = await previewUpload(t.db, owner, file(bytes));
    expect(await counts()).toEqual(before);
    expect(preview).toMatchObject({
      fileName: "Q4 thank-yous.csv",
      batchName: "Q4 thank-yous",
      encoding: "utf-8",
      rows: 6,
      fineRows: 3,
      problemCount: 5,
      duplicateCount: 1,
      livemode: true,
      billingProblem: null,
    });
    expect(preview.problems).toEqual([
      { row: 3, column: "email", message: "Email is not a valid email address" },
      { row: 3, column: "expires_on", message: expect.stringMatching(/^Expires on can't be in the past/) },
      {
        row: 4,
        column: "collection",
        message: expect.stringMatching(/^Collection "No Such Collection" was not found\. The team's collections: "/),
      },
      { row: 6, column: "name", message: "Name can't be blank" },
      { row: 6, column: "delivery_method", message: "Delivery method must be email or link" },
    ]);
    expect(preview.duplicates).toEqual([{ email: "person1@example.test", rows: [2, 5] }]);
    const total = collections[0].priceCents * 2 + collections[1].priceCents;
    expect(preview.totalCents).toBe(total);
    expect(preview.chargeCents).toBe(total);
    expect(preview.collections).toEqual([
      { name: collections[0].name, gifts: 2, totalCents: collections[0].priceCents * 2 },
      { name: collections[1].name, gifts: 1, totalCents: collections[1].priceCents },
    ]);
  });

  it("refuses unreadable files with a clear message: header problems, binary, too large, empty", async () => {
    const misspelt = new TextEncoder().encode(
      "name,emial,message,from,collection,colour\nAda,a@x.test,Hi,Me,Tea Time,red\n",
    );
    expect(details(await refusal(previewUpload(t.db, owner, file(misspelt))))).toEqual([
      'Unknown column "emial": did you mean "email"?',
      'Unknown column "colour". The columns are name, email, message, from, collection, design, scheduled_at, expires_on, delivery_method, locale, reminders, time_zone, recipient_country.',
      'The header has no "email" column: every file needs name, email, message, from, collection.',
    ]);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect(details(await refusal(previewUpload(t.db, owner, file(png))))[0]).toMatch(/^This is not a CSV file/);
    const big = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x61);
    expect(details(await refusal(previewUpload(t.db, owner, file(big))))[0]).toMatch(/the most Ribbon reads is 5 MB/);
    expect(details(await refusal(previewUpload(t.db, owner, file(new Uint8Array()))))).toEqual([
      "The file is empty: it has no header row.",
    ]);
  });

  it("reads a Latin-1 file and says so; reads spreadsheet-style headers", async () => {
    const latin = new Uint8Array([
      ...new TextEncoder().encode(`Name,Email,Message,From,Collection\nZo`),
      0xeb,
      ...new TextEncoder().encode(`,zoe@example.test,Merci,Ren`),
      0xe9,
      ...new TextEncoder().encode(`,${collections[0].name}\n`),
    ]);
    const preview = await previewUpload(t.db, owner, file(latin, "C:\\Users\\me\\café.CSV"));
    expect(preview).toMatchObject({ encoding: "latin-1", fineRows: 1, problemCount: 0, batchName: "café" });
  });

  it("names the collection a typo meant: 'did you mean', in the row's problem", async () => {
    const typo = collections[0].name.replace(/^(.)(.)/, "$2$1"); // two letters swapped
    const preview = await previewUpload(t.db, owner, file(csv([row(1, { collection: typo })])));
    expect(preview.problems).toEqual([
      {
        row: 2,
        column: "collection",
        message: `Collection "${typo}" was not found: did you mean "${collections[0].name}"?`,
      },
    ]);
  });

  it("refuses a viewer (403 member_required)", async () => {
    const error = await refusal(previewUpload(t.db, viewer, file(csv([row(1)]))));
    expect((error as HttpError).status).toBe(403);
    expect((error as HttpError).code).toBe("member_required");
  });

  it("a row whose name, from or message holds a bidirectional override gets a problem at its row and column (issue 29)", async () => {
    const before = await counts();
    const bytes = csv([
      row(1),
      row(2, { name: "Robin \u202eexe.gpj" }),
      row(3, { from: "Acme \u2066Rockets\u2069" }),
      row(4, { message: "Thank you \u202b!" }),
    ]);
    const preview = await previewUpload(t.db, owner, file(bytes, "Q4 \u202eslaunaM.csv"));
    expect(await counts()).toEqual(before);
    expect(preview).toMatchObject({ rows: 4, fineRows: 1, problemCount: 3, batchName: "Q4 slaunaM" });
    expect(preview.problems).toEqual([
      { row: 3, column: "name", message: "Name has invalid characters" },
      { row: 4, column: "from", message: "From has invalid characters" },
      { row: 5, column: "message", message: "Message has invalid characters" },
    ]);
  });

  it("a row emailing a suppressed address is a problem at its email, as the API refuses it; a link gift to it is fine (issue 34)", async () => {
    await suppressAddress(t.db, {
      teamId: owner.team.id,
      ownerId: null,
      email: "Bounced@Example.test",
      reason: "bounced",
    });
    const before = await counts();
    const bytes = csv([
      row(1),
      row(2, { email: "bounced@example.test" }),
      row(3, { email: "", delivery_method: "link" }),
    ]);
    const preview = await previewUpload(t.db, owner, file(bytes));
    expect(preview).toMatchObject({ rows: 3, fineRows: 2, problemCount: 1 });
    expect(preview.problems).toEqual([{ row: 3, column: "email", message: suppressedMessage("bounced@example.test") }]);
    // The confirm checks again, so an address suppressed after the preview is refused there too.
    await expect(confirm(owner, bytes, preview)).rejects.toBeInstanceOf(ValidationError);
    expect(await counts()).toEqual(before);
  });

  it("in the shared sandbox team, only the uploader's own suppression list refuses a row (issue 34)", async () => {
    const [a, b] = await Promise.all(
      [createAccount(t.db), createAccount(t.db)].map(async (made) =>
        onTeam(t.db, { ...person((await made).user), mode: "sandbox" as const }, "sandbox"),
      ),
    );
    await suppressAddress(t.db, { ...suppressionScope(a), email: "Sandbox-Bounced@Example.test", reason: "bounced" });
    const bytes = csv([row(1, { email: "sandbox-bounced@example.test" })]);
    const ofA = await previewUpload(t.db, a, file(bytes));
    expect(ofA).toMatchObject({ rows: 1, fineRows: 0, problemCount: 1 });
    expect(ofA.problems).toEqual([
      { row: 2, column: "email", message: suppressedMessage("sandbox-bounced@example.test") },
    ]);
    expect(await previewUpload(t.db, b, file(bytes))).toMatchObject({ rows: 1, fineRows: 1, problemCount: 0 });
  });

  it("names batches after the file, sanitised and at most 120 characters", () => {
    expect(batchNameOf("thanks.csv")).toBe("thanks");
    expect(batchNameOf("../../a\u0000b\nc.csv")).toBe("a b c");
    expect(batchNameOf(`${"x".repeat(200)}.csv`)).toHaveLength(120);
    expect(batchNameOf(".csv")).toBe("CSV upload");
  });
});

describe("confirming an upload", () => {
  it("creates every row as one batch named after the file, with one charge equal to the preview's total; mixed collections and messages work", async () => {
    const bytes = csv([
      row(1),
      row(2, { collection: String(collections[1].id), design: designId, message: "Happy holidays", from: "Ada" }),
      row(3, { message: "Welcome", delivery_method: "link", email: "" }),
      row(4, { email: "person1@example.test" }),
    ]);
    const preview = await previewUpload(t.db, owner, file(bytes));
    expect(preview).toMatchObject({ fineRows: 4, problemCount: 0, duplicateCount: 1 });
    const before = await counts();
    const result = await confirm(owner, bytes, preview);
    expect(result).toMatchObject({ size: 4, repeated: false });
    expect(await counts()).toMatchObject({
      gifts: before.gifts + 4,
      charges: before.charges + 1,
      batches: before.batches + 1,
    });
    const batch = await t.db.giftBatch.findUniqueOrThrow({ where: { id: result.batchId }, include: { gifts: true } });
    expect(batch).toMatchObject({ name: "Q4 thank-yous", size: 4 });
    const [chargeId] = new Set(batch.gifts.map((g) => g.chargeId));
    const charge = await t.db.charge.findUniqueOrThrow({ where: { id: chargeId! } });
    expect(charge.amountCents).toBe(preview.totalCents);
    const link = batch.gifts.find((g) => g.recipientName === "Person 3")!;
    expect(link).toMatchObject({ deliveryMethod: "link", email: null, message: "Welcome" });
    expect(batch.gifts.find((g) => g.recipientName === "Person 2")).toMatchObject({ from: "Ada", designId });
    // Rows 1 and 4 share a collection and message (one statement), rows 2 and 3 don't: still listed in the file's order.
    const listed = await t.db.gift.findMany({
      where: { batchId: result.batchId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    expect(listed.map((g) => g.recipientName)).toEqual(["Person 1", "Person 2", "Person 3", "Person 4"]);
  });

  it("reads the reminders and time_zone columns with the API's rules; each problem at its row and column", async () => {
    const header = `${HEADER},reminders,time_zone`;
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const lines = [
      `${row(1, { expires_on: expires })},P1D -P2D,Europe/Paris`,
      `${row(2)},none,`,
      `${row(3)},,`,
      `${row(4)},P1D P1Y,`,
      `${row(5)},P3D,Nowhere/Zone`,
      `${row(6)},-P2D,`,
    ];
    const bad = new TextEncoder().encode(`${header}\n${lines.join("\n")}\n`);
    const preview = await previewUpload(t.db, owner, file(bad));
    expect(preview.problems).toEqual([
      { row: 5, column: "reminders", message: expect.stringContaining("ISO 8601 durations") },
      { row: 6, column: "time_zone", message: "Time zone must be an IANA time zone name like Europe/Paris" },
      { row: 7, column: "reminders", message: "A reminder before expiry needs the gift to have expires_on" },
    ]);
    const good = new TextEncoder().encode(`${header}\n${lines.slice(0, 3).join("\n")}\n`);
    const fine = await previewUpload(t.db, owner, file(good));
    expect(fine.problemCount).toBe(0);
    const result = await confirm(owner, good, fine);
    const gifts = await t.db.gift.findMany({ where: { batchId: result.batchId }, orderBy: { recipientName: "asc" } });
    expect(gifts.map((g) => [g.reminders, g.timeZone])).toEqual([
      [["P1D", "-P2D"], "Europe/Paris"],
      [[], null],
      [["P3D", "P7D", "-P2D"], null],
    ]);
  });

  it("two confirms of one form at the same moment create one batch and one charge", async () => {
    const bytes = csv([row(1), row(2)]);
    const preview = await previewUpload(t.db, owner, file(bytes));
    const before = await counts();
    const formKey = key();
    const results = await Promise.all([
      confirm(owner, bytes, preview, formKey),
      confirm(owner, bytes, preview, formKey),
    ]);
    expect(new Set(results.map((r) => r.batchId)).size).toBe(1);
    expect(results.map((r) => r.repeated).sort()).toEqual([false, true]);
    expect(await counts()).toEqual({
      gifts: before.gifts + 2,
      charges: before.charges + 1,
      batches: before.batches + 1,
      keys: before.keys + 1,
    });
    // A later resubmission answers the same batch; the same form with another file is refused.
    expect((await confirm(owner, bytes, preview, formKey)).batchId).toBe(results[0].batchId);
    const other = csv([row(7)]);
    const otherPreview = await previewUpload(t.db, owner, file(other));
    expect(((await refusal(confirm(owner, other, otherPreview, formKey))) as HttpError).status).toBe(409);
  });

  it("refuses a file that changed since the preview, a file with problems, and a viewer, writing nothing", async () => {
    const bytes = csv([row(1), row(2)]);
    const preview = await previewUpload(t.db, owner, file(bytes));
    const before = await counts();
    const changed = csv([row(1), row(3)]);
    expect(details(await refusal(confirm(owner, changed, preview)))).toEqual([
      "The file changed since the preview: preview it again.",
    ]);
    const broken = csv([row(1), row(2, { email: "nope" })]);
    const brokenPreview = await previewUpload(t.db, owner, file(broken));
    expect(details(await refusal(confirm(owner, broken, brokenPreview)))).toEqual([
      "1 problem in the file: nothing was created. Fix them and preview again.",
    ]);
    const refused = await refusal(confirm(viewer, bytes, preview));
    expect((refused as HttpError).code).toBe("member_required");
    expect(await counts()).toEqual(before);
  });

  it("10,000 rows: an error in row 9,999 writes nothing; fixed, all 10,000 are created with one charge (times logged)", async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      row(i, i % 3 === 0 ? { collection: String(collections[1].id), message: `Thanks ${i % 7}` } : {}),
    );
    const broken = [...rows];
    broken[9_997] = row(9_997, { email: "broken@" }); // spreadsheet row 9,999
    const brokenBytes = csv(broken);
    let started = performance.now();
    const brokenPreview = await previewUpload(t.db, owner, file(brokenBytes, "big.csv"));
    console.log(
      `preview of 10,000 rows (${(brokenBytes.length / 1024 / 1024).toFixed(2)} MB): ${Math.round(performance.now() - started)} ms`,
    );
    expect(brokenPreview.problems).toEqual([
      { row: 9_999, column: "email", message: "Email is not a valid email address" },
    ]);
    const before = await counts();
    expect(await refusal(confirm(owner, brokenBytes, brokenPreview, key(), "big.csv"))).toBeInstanceOf(ValidationError);
    expect(await counts()).toEqual(before);

    const bytes = csv(rows);
    started = performance.now();
    const preview = await previewUpload(t.db, owner, file(bytes, "big.csv"));
    console.log(`preview of 10,000 rows: ${Math.round(performance.now() - started)} ms`);
    expect(preview).toMatchObject({ rows: 10_000, fineRows: 10_000, problemCount: 0 });
    started = performance.now();
    const result = await confirm(owner, bytes, preview, key(), "big.csv");
    console.log(`confirm (re-read + create) of 10,000 rows: ${Math.round(performance.now() - started)} ms`);
    expect(result.size).toBe(10_000);
    expect(await counts()).toMatchObject({
      gifts: before.gifts + 10_000,
      charges: before.charges + 1,
      batches: before.batches + 1,
    });
    const batch = await t.db.giftBatch.findUniqueOrThrow({ where: { id: result.batchId } });
    expect(batch).toMatchObject({ name: "big", size: 10_000 });
    const charge = await t.db.charge.findFirstOrThrow({ where: { teamId: owner.team.id }, orderBy: { id: "desc" } });
    expect(charge.amountCents).toBe(preview.totalCents);
  }, 120_000);
});

describe("the locale column", () => {
  it("gives each gift its recipient's language; a bad one is a problem at its row and column; empty is none", async () => {
    const bad = csv([row(1, { locale: "es" }), row(2, { locale: "Klingon" })]);
    const preview = await previewUpload(t.db, owner, file(bad));
    expect(preview.problems).toEqual([
      { row: 3, column: "locale", message: "Locale must be one of en, es, fr, de, ja, ar" },
    ]);
    const bytes = csv([row(1, { locale: "es" }), row(2, { locale: "AR" }), row(3)]);
    const fine = await previewUpload(t.db, owner, file(bytes));
    expect(fine.problemCount).toBe(0);
    const result = await confirm(owner, bytes, fine);
    const gifts = await t.db.gift.findMany({ where: { batchId: result.batchId }, orderBy: { recipientName: "asc" } });
    expect(gifts.map((g) => [g.recipientName, g.locale])).toEqual([
      ["Person 1", "es"],
      ["Person 2", "ar"],
      ["Person 3", null],
    ]);
    // No subject column: each gift gets the default subject in its own language.
    expect(gifts.map((g) => g.subject)).toEqual([
      expect.stringMatching(/ te ha enviado un regalo!$/),
      expect.stringMatching(/^أرسل إليك .+ هدية!$/),
      expect.stringMatching(/ Sent You A Gift!$/),
    ]);
  });
});

describe("bounds and money in the preview", () => {
  // Issue 30: an upload anyone signed in can send must not stall the server.
  it("refuses a header and 100,000 empty lines at the bound on empty rows, and 5 MB of them alike", async () => {
    const empty = new TextEncoder().encode(`${HEADER}\n${"\n".repeat(100_000)}`);
    expect(details(await refusal(previewUpload(t.db, owner, file(empty))))).toEqual([
      "The file has more than 10,000 empty rows: remove them and upload it again.",
    ]);
    const huge = new TextEncoder().encode(`${HEADER}\n${"\n".repeat(5 * 1024 * 1024 - HEADER.length - 1)}`);
    expect(details(await refusal(previewUpload(t.db, owner, file(huge))))).toEqual([
      "The file has more than 10,000 empty rows: remove them and upload it again.",
    ]);
  });

  it('a 4.9 MB header cell is no column\'s name: no "did you mean" work on it', async () => {
    const long = "x".repeat(4_900_000);
    const bytes = new TextEncoder().encode(`name,email,message,from,collection,${long}\nAda,a@x.test,Hi,Me,Tea,x\n`);
    // Longer than any header row: refused before the file is decoded or parsed.
    expect(details(await refusal(previewUpload(t.db, owner, file(bytes))))).toEqual([
      "The first line is longer than 64 KB: it can't be a header row. Start the file with the template's header.",
    ]);
    // A long cell within that bound is no column's name, without "did you mean" work.
    const wide = new TextEncoder().encode(
      `name,email,message,from,collection,${"x".repeat(60_000)}\nAda,a@x.test,Hi,Me,Tea,x\n`,
    );
    expect(details(await refusal(previewUpload(t.db, owner, file(wide))))).toEqual([
      `Unknown column "${"x".repeat(40)}…": 60,000 characters is no column's name (is the first row the header?). The columns are name, email, message, from, collection, design, scheduled_at, expires_on, delivery_method, locale, reminders, time_zone, recipient_country.`,
    ]);
    // A name up to 64 characters still gets its suggestion.
    const near = new TextEncoder().encode("name,e-mail,message,from,collection\nAda,a@x.test,Hi,Me,Tea\n");
    expect(details(await refusal(previewUpload(t.db, owner, file(near))))[0]).toBe(
      'Unknown column "e-mail": did you mean "email"?',
    );
  });

  it("refuses a file naming more distinct collections than one upload may use, before looking them up", async () => {
    const rows = Array.from({ length: 101 }, (_, i) => row(i, { collection: `Collection ${i}` }));
    const error = await refusal(previewUpload(t.db, owner, file(csv(rows))));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).problems[0]).toMatchObject({ code: "too_many_references" });
    expect((error as ValidationError).problems[0].detail).toContain("101 different values in the collection column");
  });

  it("says in the preview that the team's budget refuses the file, as the confirm then does (402)", async () => {
    const account = await createAccount(t.db);
    const actor = await onTeam(t.db, person(account.user), account.team.id);
    await t.db.team.update({ where: { id: account.team.id }, data: { monthlyBudgetCents: collections[0].priceCents } });
    const bytes = csv([row(1), row(2)]);
    const preview = await previewUpload(t.db, actor, file(bytes));
    expect(preview.billingProblem).toMatch(/over its monthly budget/);
    const before = await counts();
    const error = await refusal(confirm(actor, bytes, preview));
    expect((error as HttpError).status).toBe(402);
    expect(await counts()).toMatchObject({ gifts: before.gifts, charges: before.charges, batches: before.batches });
  });
});
