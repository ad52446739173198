import { createHash } from "node:crypto";
import type { PrismaClient } from "@/lib/db";
import type { TeamActor } from "@/lib/actor";
import { assertCardOnFile, quoteBudget } from "@/lib/billing";
import { CsvError, readCsv, type CsvRow } from "@/lib/csv/read";
import { ITEMS_PER_YIELD, otherWorkFirst } from "@/lib/http/yield";
import { withoutForbiddenCharacters } from "@/lib/format/text";
import { BillingError, HttpError, MAX_LISTED_PROBLEMS, ValidationError, type FieldProblem } from "@/lib/errors";
import {
  byCollection,
  createBatch,
  MAX_BULK_RECIPIENTS,
  parseSingleGift,
  perGiftInCurrency,
  suppressedMessage,
  teamCurrency,
  type BatchGroup,
} from "@/lib/gifts";
import { batchArrival } from "@/lib/gifts/batch-arrival";
import { suppressedAmong, suppressionScope } from "@/lib/outbox/suppressions";
import { resolveReferences } from "@/lib/gifts/resolve-references";
import { sendChoices } from "@/lib/catalogue";
import { closestName } from "@/lib/format/closest-name";
import type { RecipientDraft } from "@/lib/gifts/schema";
import type { IdempotencyReservation } from "@/lib/idempotency";
import { requireSender } from "@/lib/teams";
import { isFormKey, oncePerForm } from "./form-key";

/** The upload's columns, in the template's order; each is the API's field of the same name (`design`: `design_id`). */
export const UPLOAD_COLUMNS = [
  "name",
  "email",
  "message",
  "from",
  "collection",
  "design",
  "scheduled_at",
  "expires_on",
  "delivery_method",
  "locale",
  "reminders",
  "time_zone",
  "recipient_country",
] as const;
export type UploadColumn = (typeof UPLOAD_COLUMNS)[number];
/** Columns a file must have (a cell may still be empty where the API allows it). */
export const REQUIRED_COLUMNS: readonly UploadColumn[] = ["name", "email", "message", "from", "collection"];

/** Most bytes a file may have. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Most rows of gifts a file may have: a bulk request's recipients. */
export const MAX_UPLOAD_ROWS = MAX_BULK_RECIPIENTS;
/** Most columns a header (or any row) may have (the template has 12). */
export const MAX_UPLOAD_COLUMNS = 50;
/** Most empty rows a file may have besides its rows of gifts (a spreadsheet's trailing blank rows). */
export const MAX_UPLOAD_BLANK_ROWS = 10_000;
/** A header cell longer than this is no misspelt column name: it gets no "did you mean". */
export const MAX_SUGGESTED_HEADER = 64;
/** How many problems (and duplicate warnings) the preview lists (as an API error document does); the rest are counted. */
export { MAX_LISTED_PROBLEMS };

/** A problem in one cell: its row as a spreadsheet numbers it (the header is row 1), its column, the API's message. */
export type UploadProblem = { row: number; column: string; message: string };

export type UploadPreview = {
  fileName: string;
  batchName: string;
  /** SHA-256 of the file's bytes: the confirm must send the same file. */
  fileHash: string;
  encoding: "utf-8" | "latin-1";
  rows: number;
  fineRows: number;
  /** The first MAX_LISTED_PROBLEMS problems, by row; `problemCount` counts them all. */
  problems: UploadProblem[];
  problemCount: number;
  /** Recipients named more than once (same email, any case): allowed, but said. */
  duplicates: { email: string; rows: number[] }[];
  duplicateCount: number;
  /** Per collection, the gifts of the rows that are fine and what they cost. */
  collections: { name: string; gifts: number; totalCents: number }[];
  /** The team's billing currency: every amount of the preview is in it (converted as the confirm charges). */
  currency: string;
  /** What the rows naming a country pay on arrival, within the total (0 when none is estimated). */
  dutiesMinor: number;
  taxesMinor: number;
  totalCents: number;
  /** What the confirm charges: the total when live, 0 in the sandbox. */
  chargeCents: number;
  livemode: boolean;
  /** Why the team can't be charged (no card), if it can't. */
  billingProblem: string | null;
  /** The first MAX_LISTED_PROBLEMS fine rows as they will be sent; `fineRows` counts them all. */
  sample: UploadRow[];
};

/** A fine row as the preview lists it. */
export type UploadRow = {
  row: number;
  name: string;
  /** The email, or null for a link gift. */
  email: string | null;
  collection: string;
  /** ISO 8601, or null: 5 minutes after the confirm (an email gift) or never emailed (a link gift). */
  scheduledAt: string | null;
};

type Row = {
  row: number;
  valid: boolean;
  recipient: RecipientDraft;
  /** Whether the row named its send time (without one an email gift goes 5 minutes after the confirm). */
  scheduledGiven: boolean;
  collection?: string;
  designId?: string;
  message?: string;
};

const columnOfField = (field: string): string => (field === "design_id" ? "design" : field);
const formatCount = (n: number) => n.toLocaleString("en-US");

/** A header cell as a column name: any case, spaces or hyphens for underscores ("Scheduled at"). */
const normaliseColumn = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

const quoted = (s: string) => `"${s.length > 40 ? `${s.slice(0, 40)}…` : s}"`;

/** Which column of the file each known column is, or every problem of the header. */
function readHeader(header: string[]): Map<UploadColumn, number> {
  const problems: FieldProblem[] = [];
  const columns = new Map<UploadColumn, number>();
  header.forEach((cell, i) => {
    const name = normaliseColumn(cell);
    if (name === "") {
      problems.push({ detail: `Column ${i + 1} has no name in the header row.`, code: "blank" });
    } else if ((UPLOAD_COLUMNS as readonly string[]).includes(name)) {
      const column = name as UploadColumn;
      if (columns.has(column)) problems.push({ detail: `Column "${column}" appears twice.`, code: "duplicate_column" });
      else columns.set(column, i);
    } else if (name.length > MAX_SUGGESTED_HEADER) {
      // No column is named like this, and the edit distance would cost its length times each name's.
      problems.push({
        detail: `Unknown column ${quoted(cell.trim())}: ${formatCount(name.length)} characters is no column's name (is the first row the header?). The columns are ${UPLOAD_COLUMNS.join(", ")}.`,
        code: "unknown_column",
      });
    } else {
      const closest = closestName(name, UPLOAD_COLUMNS, { share: 1 / 3 });
      const hint = closest ? `: did you mean "${closest}"?` : "";
      problems.push({
        detail: `Unknown column ${quoted(cell.trim())}${hint || `. The columns are ${UPLOAD_COLUMNS.join(", ")}.`}`,
        code: "unknown_column",
      });
    }
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.has(c));
  if (missing.length > 0)
    problems.push({
      detail: `The header has no ${missing.map((c) => `"${c}"`).join(", ")} column${missing.length > 1 ? "s" : ""}: every file needs ${REQUIRED_COLUMNS.join(", ")}.`,
      code: "missing_column",
    });
  if (problems.length > 0) throw new ValidationError(problems);
  return columns;
}

/** The file as rows of gifts, or ValidationError for a file that can't be read (each problem without a pointer). */
function readFile(bytes: Uint8Array) {
  try {
    const table = readCsv(bytes, {
      maxBytes: MAX_UPLOAD_BYTES,
      maxRows: MAX_UPLOAD_ROWS,
      maxBlankRows: MAX_UPLOAD_BLANK_ROWS,
      maxColumns: MAX_UPLOAD_COLUMNS,
    });
    return { ...table, columns: readHeader(table.header) };
  } catch (error) {
    if (error instanceof CsvError) throw new ValidationError([{ detail: error.message, code: "unreadable_file" }]);
    throw error;
  }
}

/** A `reminders` cell as the API's list: durations apart by spaces, commas or semicolons; `none`: no reminders. */
const remindersCell = (value: string): string[] =>
  value.toLowerCase() === "none" ? [] : value.split(/[\s,;]+/).filter((entry) => entry !== "");

/**
 * Each row as the API's `POST /gifts` body, checked by the API's own parser (so its messages
 * are the API's), and each problem at its row and column.
 */
async function parseRows(rows: CsvRow[], columns: Map<UploadColumn, number>, width: number, now: Date) {
  const parsed: Row[] = [];
  const problems: UploadProblem[] = [];
  for (const [i, { row, cells }] of rows.entries()) {
    // Up to 10,000 rows: other requests run every ITEMS_PER_YIELD of them (lib/http/yield.ts).
    if (i > 0 && i % ITEMS_PER_YIELD === 0) await otherWorkFirst();
    const gift: Record<string, unknown> = {};
    for (const [column, index] of columns) {
      const value = cells[index]?.trim();
      if (value)
        gift[column === "design" ? "design_id" : column] = column === "reminders" ? remindersCell(value) : value;
    }
    const { draft, problems: found } = parseSingleGift({ gift }, now);
    for (const p of found)
      problems.push({
        row,
        column: columnOfField(p.pointer?.replace(/^\/gift\/?/, "").split("/")[0] ?? ""),
        message: p.detail,
      });
    let valid = found.length === 0;
    for (let i = width; i < cells.length; i++)
      if (cells[i].trim() !== "") {
        problems.push({ row, column: `column ${i + 1}`, message: "This cell has no column in the header row." });
        valid = false;
      }
    parsed.push({
      row,
      valid,
      recipient: { ...draft.recipients[0], from: draft.from },
      scheduledGiven: gift.scheduled_at !== undefined,
      collection: draft.collection,
      designId: draft.designId,
      message: draft.message,
    });
  }
  return { parsed, problems };
}

/** Each distinct collection and design the rows name, looked up once (unknown ones: null). */
/**
 * Most distinct collection (and design) values one file may name. Each is one look-up; a real
 * file names a handful, and a file naming thousands is refused rather than costing thousands.
 */
export const MAX_DISTINCT_REFERENCES = 100;

async function lookUp(db: PrismaClient, teamId: string, rows: Row[]) {
  for (const [column, values] of [
    ["collection", new Set(rows.map((r) => r.collection).filter((v) => v !== undefined))],
    ["design", new Set(rows.map((r) => r.designId).filter((v) => v !== undefined))],
  ] as const)
    if (values.size > MAX_DISTINCT_REFERENCES)
      throw new ValidationError([
        {
          detail: `The file names ${formatCount(values.size)} different values in the ${column} column; one upload may use at most ${MAX_DISTINCT_REFERENCES}.`,
          code: "too_many_references",
        },
      ]);
  const collections = new Map<string, { id: number; name: string; priceCents: number; currency: string } | null>();
  const designs = new Map<string, boolean>();
  for (const r of rows) {
    if (r.collection !== undefined && !collections.has(r.collection))
      collections.set(r.collection, (await resolveReferences(db, teamId, { collection: r.collection })).collection);
    if (r.designId !== undefined && !designs.has(r.designId))
      designs.set(r.designId, (await resolveReferences(db, teamId, { designId: r.designId })).design !== null);
  }
  // The team's collection names, read only when a row names one that doesn't exist: what it likely meant.
  const names = [...collections.values()].includes(null)
    ? (await sendChoices(db, teamId)).collections.map((c) => c.name)
    : [];
  return { collections, designs, names };
}

/** A row's unknown collection, with the one it likely meant or the ones there are. */
function unknownCollection(name: string, names: string[]): string {
  const meant = closestName(name, names);
  if (meant) return `Collection "${name}" was not found: did you mean "${meant}"?`;
  const some = names.slice(0, 6).map((n) => `"${n}"`);
  return `Collection "${name}" was not found. The team's collections: ${some.join(", ")}${names.length > some.length ? ", …" : ""}.`;
}

/**
 * The file's name as the batch's: no folders, no extension, at most 120 characters; what free text
 * may not hold (lib/format/text.ts: controls, bidirectional overrides) becomes a space.
 */
export function batchNameOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const name = withoutForbiddenCharacters(base.replace(/\.(csv|txt)$/i, ""))
    .replace(/\s+/g, " ")
    .trim();
  return [...name].slice(0, 120).join("").trim() || "CSV upload";
}

/** SHA-256 of the file's bytes, hex. */
export const fileHashOf = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

type Checked = {
  preview: UploadPreview;
  /** The rows that are fine, grouped as createBatch takes them. */
  groups: BatchGroup[];
};

async function check(
  db: PrismaClient,
  actor: TeamActor,
  file: { fileName: string; bytes: Uint8Array },
  now: Date,
): Promise<Checked> {
  requireSender(actor.role, actor.team.id);
  const table = readFile(file.bytes);
  const { parsed, problems } = await parseRows(table.rows, table.columns, table.header.length, now);
  const { collections, designs, names } = await lookUp(db, actor.team.id, parsed);
  const emailed = (r: Row) => (r.recipient.deliveryMethod === "email" ? r.recipient.email : null);
  const suppressed = await suppressedAmong(
    db,
    suppressionScope(actor),
    parsed.map(emailed).filter((e) => e !== null),
  );

  const livemode = actor.mode === "live";
  const fine: Row[] = [];
  for (const r of parsed) {
    let ok = r.valid;
    const email = emailed(r);
    if (email !== null && suppressed.has(email)) {
      // As the API refuses it (lib/gifts/create.ts): a link gift is the way to reach this person.
      problems.push({ row: r.row, column: "email", message: suppressedMessage(email) });
      ok = false;
    }
    if (r.collection !== undefined && !collections.get(r.collection)) {
      problems.push({
        row: r.row,
        column: "collection",
        message: unknownCollection(r.collection, names),
      });
      ok = false;
    }
    if (r.designId !== undefined && !designs.get(r.designId)) {
      problems.push({
        row: r.row,
        column: "design",
        message: `Design "${r.designId}" was not found (see GET /designs)`,
      });
      ok = false;
    }
    if (ok) fine.push(r);
  }
  problems.sort((a, b) => a.row - b.row);

  const byEmail = new Map<string, number[]>();
  for (const r of parsed) {
    if (!r.recipient.email) continue;
    const email = r.recipient.email.toLowerCase();
    const rows = byEmail.get(email);
    if (rows) rows.push(r.row);
    else byEmail.set(email, [r.row]);
  }
  const duplicates = [...byEmail].filter(([, rows]) => rows.length > 1).map(([email, rows]) => ({ email, rows }));

  // One gift's price per collection in the team's currency, and what the rows naming a country pay
  // on arrival: as createBatch charges them (a row whose country can't be reached or estimated is a problem).
  const currency = await teamCurrency(db, actor.team.id);
  const prices = new Map<number, number>();
  for (const r of fine) {
    const collection = collections.get(r.collection!)!;
    if (!prices.has(collection.id)) prices.set(collection.id, await perGiftInCurrency(db, currency, collection));
  }
  const arrival = await batchArrival(db, {
    teamId: actor.team.id,
    currency,
    collections: byCollection(
      fine.map((r) => ({ collection: r.collection!, recipients: [r.recipient] })),
      (row) => collections.get(row.collection)!,
    ),
  });
  if (arrival.problems.length > 0) {
    const rowOf = new Map(fine.map((r) => [r.recipient, r]));
    const refused = new Set<Row>();
    for (const { recipient, problem } of arrival.problems) {
      const r = rowOf.get(recipient)!;
      problems.push({ row: r.row, column: "recipient_country", message: problem.detail });
      refused.add(r);
    }
    fine.splice(0, fine.length, ...fine.filter((r) => !refused.has(r)));
    problems.sort((a, b) => a.row - b.row);
  }
  // Sandbox gifts are never charged, so nothing is estimated for them (as createBatch).
  const landedOf = (r: Row) => (livemode ? arrival.charges.get(r.recipient) : undefined);
  let dutiesMinor = 0;
  let taxesMinor = 0;
  const perCollection = new Map<number, { name: string; gifts: number; totalCents: number }>();
  const groups = new Map<string, BatchGroup>();
  let totalCents = 0;
  let position = 0; // the row's place among the fine rows: the batch lists its gifts in the file's order
  const sample: UploadRow[] = [];
  for (const r of fine) {
    const collection = collections.get(r.collection!)!;
    if (sample.length < MAX_LISTED_PROBLEMS)
      sample.push({
        row: r.row,
        name: r.recipient.name ?? "",
        email: r.recipient.email,
        collection: collection.name,
        scheduledAt: r.scheduledGiven ? (r.recipient.scheduledAt?.toISOString() ?? null) : null,
      });
    const landed = landedOf(r);
    const price = prices.get(collection.id)! + (landed ? landed.dutiesMinor + landed.taxesMinor : 0);
    dutiesMinor += landed?.dutiesMinor ?? 0;
    taxesMinor += landed?.taxesMinor ?? 0;
    totalCents += price;
    const line = perCollection.get(collection.id) ?? { name: collection.name, gifts: 0, totalCents: 0 };
    line.gifts += 1;
    line.totalCents += price;
    perCollection.set(collection.id, line);
    const key = JSON.stringify([collection.id, r.designId?.toLowerCase(), r.message]);
    const group = groups.get(key) ?? {
      collection: String(collection.id),
      designId: r.designId,
      message: r.message!,
      from: "",
      recipients: [],
      positions: [],
    };
    group.recipients.push(r.recipient);
    group.positions!.push(position++);
    groups.set(key, group);
  }

  // What the confirm would refuse for money: no card, or the team's spend controls (as the API's dry run).
  let billingProblem: string | null = null;
  if (livemode)
    try {
      await assertCardOnFile(db, actor.team.id);
      if (fine.length > 0)
        await quoteBudget(db, {
          teamId: actor.team.id,
          amountCents: totalCents,
          largestGiftCents: Math.max(...[...perCollection.values()].map((c) => c.totalCents / c.gifts)),
        });
    } catch (error) {
      if (!(error instanceof BillingError) && !(error instanceof HttpError && error.status === 402)) throw error;
      billingProblem = error.message;
    }

  return {
    preview: {
      fileName: file.fileName,
      batchName: batchNameOf(file.fileName),
      fileHash: fileHashOf(file.bytes),
      encoding: table.encoding,
      rows: table.rows.length,
      fineRows: fine.length,
      problems: problems.slice(0, MAX_LISTED_PROBLEMS),
      problemCount: problems.length,
      duplicates: duplicates.slice(0, MAX_LISTED_PROBLEMS),
      duplicateCount: duplicates.length,
      collections: [...perCollection.values()],
      currency,
      dutiesMinor,
      taxesMinor,
      totalCents,
      chargeCents: livemode ? totalCents : 0,
      livemode,
      billingProblem,
      sample,
    },
    groups: [...groups.values()],
  };
}

/**
 * Step 1 of a CSV upload: reads the file and checks every row as the API would (its parser,
 * its messages), names duplicate recipients, and prices the rows that are fine. Nothing is
 * written or charged. A file that can't be read at all (too large, not CSV, a bad header):
 * ValidationError, each problem without a pointer. A viewer: 403 `member_required`.
 */
export async function previewUpload(
  db: PrismaClient,
  actor: TeamActor,
  file: { fileName: string; bytes: Uint8Array },
  now = new Date(),
): Promise<UploadPreview> {
  return (await check(db, actor, file, now)).preview;
}

export type ConfirmUploadInput = {
  fileName: string;
  bytes: Uint8Array;
  /** The preview's `fileHash`: another file is refused. */
  previewHash: string;
  /** The preview's `totalCents`: a price changed since is refused. */
  previewTotalCents: number;
  formKey: string;
};

/**
 * Step 2: creates every row of the previewed file as one batch with one charge, or nothing
 * (any problem in any row refuses the whole file). Once per form key, as sendGiftOnce: a
 * double-submitted confirm, a reload or a second tab answers the batch the first one created.
 */
export async function confirmUpload(
  db: PrismaClient,
  actor: TeamActor,
  input: ConfirmUploadInput,
  now = new Date(),
): Promise<{ batchId: string; size: number; repeated: boolean }> {
  if (!isFormKey(input.formKey)) throw new ValidationError([{ detail: "The form has expired: reload the page." }]);
  const fileHash = fileHashOf(input.bytes);
  if (fileHash !== input.previewHash)
    throw new ValidationError([
      { detail: "The file changed since the preview: preview it again.", code: "file_changed" },
    ]);
  return oncePerForm(db, actor, {
    formKey: input.formKey,
    content: `${actor.team.id}:upload\n${fileHash}`,
    conflictMessage: "This form was already used for another file. Reload the page to upload another.",
    replay: async (stored) => {
      const gift = await db.gift.findUnique({ where: { id: stored.giftIds[0] }, select: { batchId: true } });
      return { batchId: gift?.batchId ?? "", size: stored.giftIds.length };
    },
    run: (idempotency) => createCheckedBatch(db, actor, input, idempotency, now),
  });
}

/** The confirm's work once its key is claimed: the file checked again, then created as one batch. */
async function createCheckedBatch(
  db: PrismaClient,
  actor: TeamActor,
  input: ConfirmUploadInput,
  idempotency: IdempotencyReservation,
  now: Date,
): Promise<{ batchId: string; size: number }> {
  const { preview, groups } = await check(db, actor, input, now);
  if (preview.problemCount > 0)
    throw new ValidationError([
      {
        detail: `${formatCount(preview.problemCount)} ${preview.problemCount === 1 ? "problem" : "problems"} in the file: nothing was created. Fix them and preview again.`,
        code: "invalid_rows",
      },
    ]);
  if (preview.totalCents !== input.previewTotalCents)
    throw new ValidationError([
      { detail: "The prices changed since the preview: preview it again.", code: "price_changed" },
    ]);
  const batch = await createBatch(db, { actor, groups, batchName: preview.batchName, now, idempotency });
  return { batchId: batch.id, size: batch.size };
}
