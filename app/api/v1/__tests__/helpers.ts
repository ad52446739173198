import { errorAnchor } from "@/lib/api/openapi/error-codes";
import { afterAll, beforeAll, expect } from "vitest";
import { setDatabase, type PrismaClient } from "@/lib/db";
import type { Database } from "@/lib/database/open";
import { openTestDatabase } from "@/lib/testing/test-database";
import { catalogue } from "@/lib/testing/fixtures";
import type { ApiResult } from "@/lib/testing/api-client";

/**
 * Opens a fresh database for the test file (PGlite, or PostgreSQL with RIBBON_TEST_DB=pg),
 * makes it the process database the route handlers use, and seeds the catalogue.
 */
export function openDatabaseForFile() {
  const ctx = {} as { database: Database; db: PrismaClient; cat: Awaited<ReturnType<typeof catalogue>> };
  beforeAll(async () => {
    ctx.database = await openTestDatabase();
    setDatabase(ctx.database);
    ctx.db = ctx.database.prisma;
    ctx.cat = await catalogue(ctx.db);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await ctx.database?.close();
  });
  return ctx;
}

export const JSON_API = "application/vnd.api+json";

/** A valid single-gift body; `over` replaces or adds fields inside `gift`. */
export function giftBody(over: Record<string, unknown> = {}) {
  return {
    gift: {
      name: "Robin Recipient",
      email: "robin@example.com",
      collection: "Coffee Lovers",
      message: "Thanks for everything this year!",
      from: "Alex at Acme",
      ...over,
    },
  };
}

/** A valid bulk body with `n` email recipients; `over` replaces or adds gift-level fields. */
export function bulkBody(
  n: number,
  over: Record<string, unknown> = {},
  recipient: (i: number) => Record<string, unknown> = () => ({}),
) {
  return {
    gift: {
      collection: "Coffee Lovers",
      message: "Happy holidays from all of us!",
      from: "The Acme Team",
      recipients_attributes: Array.from({ length: n }, (_, i) => ({
        name: `Recipient ${i}`,
        email: `recipient${i}@example.com`,
        ...recipient(i),
      })),
      ...over,
    },
  };
}

type ErrorEntry = {
  title: string;
  status: number;
  detail: string;
  code: string;
  source?: { pointer: string };
  meta?: Record<string, unknown>;
  links?: { about: string };
};

/** Asserts a JSON:API error document with the HTTP status, and returns its entries. */
export function expectErrors(res: ApiResult, httpStatus: number): ErrorEntry[] {
  expect(res.status, JSON.stringify(res.body)).toBe(httpStatus);
  expect(res.headers.get("content-type")).toBe(JSON_API);
  const requestId = res.headers.get("request-id");
  expect(requestId).toMatch(/^req_[\w-]{16}$/);
  expect(res.body).toEqual({ errors: expect.any(Array), meta: { "request-id": requestId } });
  const errors = res.body.errors as ErrorEntry[];
  expect(errors.length).toBeGreaterThan(0);
  for (const e of errors) {
    expect(typeof e.title).toBe("string");
    expect(Number.isInteger(e.status)).toBe(true);
    expect(typeof e.detail).toBe("string");
    expect(e.detail.length).toBeGreaterThan(0);
    expect(e.code).toMatch(/^[a-z][a-z_]*$/); // every error has a stable machine-readable code
    // Its code's row of /docs's error table (a code /docs does not list would link to the table).
    expect(e.links).toEqual({ about: `http://localhost:3000/docs#${errorAnchor(e.code)}` });
    expect(errorAnchor(e.code)).not.toBe("errors");
  }
  return errors;
}

/** Asserts a single non-validation error (title, HTTP status = entry status). */
export function expectError(res: ApiResult, httpStatus: number, title: string): ErrorEntry {
  const errors = expectErrors(res, httpStatus);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({ title, status: httpStatus });
  return errors[0];
}

/** Asserts a 400 validation document and returns its entries as `pointer → detail` pairs. */
export function expectValidation(res: ApiResult): { pointer: string | undefined; detail: string; code?: string }[] {
  const errors = expectErrors(res, 400);
  for (const e of errors) expect(e, JSON.stringify(e)).toMatchObject({ title: "ApiError", status: 422 });
  return errors.map((e) => ({ pointer: e.source?.pointer, detail: e.detail, ...(e.code ? { code: e.code } : {}) }));
}

export async function counts(db: PrismaClient) {
  const [gifts, events, charges, messages, keys, emails] = await Promise.all([
    db.gift.count(),
    db.giftEvent.count(),
    db.charge.count(),
    db.giftMessage.count(),
    db.idempotencyKey.count(),
    db.emailOutbox.count(),
  ]);
  return { gifts, events, charges, messages, keys, emails };
}

/** `links.next` (an absolute URL) as a path for the test client. */
export function nextPath(next: string): string {
  const url = new URL(next);
  expect(url.pathname.startsWith("/api/v1/")).toBe(true);
  return url.pathname.slice("/api/v1".length) + url.search;
}

export const GIFT_ID = /^gft_[1-9A-HJ-NP-Za-km-z]{22}$/;
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** RFC 4180 text → rows (quoted cells, doubled quotes, CRLF line ends). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 2;
      continue;
    }
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === ",") {
      row.push(cell);
      cell = "";
    } else if (!quoted && c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
    i++;
  }
  expect(cell + row.join("")).toBe(""); // the text ends with a line end
  return rows;
}

export type ChargeAttributes = {
  duties?: string | null;
  taxes?: string | null;
  conversion?: {
    from: string;
    "product-maximum": string;
    shipping: string;
    rate: string;
    "rate-date": string;
    "rate-source": string;
    quote: string | null;
  } | null;
};

/** The charges CSV's landed-cost and conversion cells (its last nine columns) as a JSON line's attributes give them. */
export function csvCellsOfLandedAndConversion(a: ChargeAttributes): string[] {
  const c = a.conversion;
  return [
    a.duties ?? "",
    a.taxes ?? "",
    c?.from ?? "",
    c?.["product-maximum"] ?? "",
    c?.shipping ?? "",
    c?.rate ?? "",
    c?.["rate-date"] ?? "",
    c?.["rate-source"] ?? "",
    c?.quote ?? "",
  ];
}
