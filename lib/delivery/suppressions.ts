import type { PrismaClient } from "@/lib/db";
import type { TeamActor } from "@/lib/actor";
import { CsvError, readCsv } from "@/lib/csv/read";
import { ValidationError, badRequest, notFound, unknownFieldProblems, type FieldProblem } from "@/lib/errors";
import { isEmailAddress } from "@/lib/gifts/fields";
import { addressHash, inSuppressionScope, normalAddress, suppressionScope } from "@/lib/outbox/suppressions";
import { ownerRequired, requireSender } from "@/lib/teams";
import { queryRows, type Queryable } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { otherWorkFirst } from "@/lib/http/yield";

/** Most addresses one request adds (a JSON list or a CSV file). */
export const MAX_SUPPRESSIONS_PER_REQUEST = 10_000;
/** A CSV of 10,000 addresses is under 1 MB. */
export const MAX_SUPPRESSION_CSV_BYTES = 1024 * 1024;
/** Ids of suppression entries (a cursor from another list is no cursor here). */
export const SUPPRESSION_ID = /^\d{1,10}$/;

export type SuppressionView = {
  id: number;
  email: string | null;
  reason: string;
  detail: string | null;
  giftId: string | null;
  createdAt: Date;
};

/** A page of the list: its size, and the last entry of the page before (createdAt and id). */
export type SuppressionPage = { size: number; after?: { createdAt: Date; id: string } };

/**
 * A page of the team's suppression list, newest first, with one entry more than `size` when
 * another page follows (lib/api/pagination.ts paginate, or the dashboard's "Next page"): a
 * keyset bound on (createdAt, id), so a deep page costs what the first does. Everyone on the
 * team may read it; in the shared sandbox team, each user reads only their own (suppressionScope).
 */
export async function listSuppressions(db: PrismaClient, actor: TeamActor, page: SuppressionPage) {
  const after =
    page.after && SUPPRESSION_ID.test(page.after.id)
      ? Prisma.sql`AND ("createdAt", "id") < (${page.after.createdAt.toISOString()}::timestamp, ${Number(page.after.id)}::int)`
      : Prisma.empty;
  return queryRows<SuppressionView>(
    db,
    Prisma.sql`
    SELECT "id", "email", "reason", "detail", "giftId", "createdAt" FROM "EmailSuppression"
    WHERE ${inSuppressionScope(suppressionScope(actor))} ${after}
    ORDER BY "createdAt" DESC, "id" DESC
    LIMIT ${Math.min(Math.max(1, Math.floor(page.size)), 1000) + 1}::int`,
  );
}

const tooManyWords = `Suppressions must hold 1 to ${MAX_SUPPRESSIONS_PER_REQUEST.toLocaleString("en-US")} entries: split the list into several requests.`;
const tooManySuppressions = () =>
  new ValidationError([{ detail: tooManyWords, pointer: "/suppressions", code: "too_many_suppressions" }]);

/** `{"suppressions": [{"email": …}, …]}` → the addresses, or every problem with its pointer. */
export function parseSuppressionsBody(body: Record<string, unknown>): string[] {
  const problems: FieldProblem[] = [...unknownFieldProblems(body, ["suppressions"], "")];
  const list = body.suppressions;
  if (!Array.isArray(list)) {
    problems.push({
      detail: 'Suppressions must be a list of {"email": …}',
      pointer: "/suppressions",
      code: "not_an_array",
    });
    throw new ValidationError(problems);
  }
  if (list.length === 0 || list.length > MAX_SUPPRESSIONS_PER_REQUEST)
    problems.push({
      detail: tooManyWords,
      pointer: "/suppressions",
      code: "too_many_suppressions",
    });
  const emails: string[] = [];
  list.slice(0, MAX_SUPPRESSIONS_PER_REQUEST).forEach((entry: unknown, i) => {
    const pointer = `/suppressions/${i}/email`;
    const value =
      entry && typeof entry === "object" && !Array.isArray(entry) ? (entry as { email?: unknown }).email : undefined;
    if (typeof value !== "string" || !isEmailAddress(value.trim()))
      problems.push({ detail: "Email is not a valid email address", pointer, code: "invalid_email" });
    else emails.push(value.trim());
  });
  if (problems.length > 0) throw new ValidationError(problems);
  return emails;
}

/** A CSV of addresses: one per row, in the column named `email` (or the first column when none is). */
export function parseSuppressionsCsv(bytes: Uint8Array): string[] {
  let table;
  try {
    table = readCsv(bytes, {
      maxBytes: MAX_SUPPRESSION_CSV_BYTES,
      maxRows: MAX_SUPPRESSIONS_PER_REQUEST,
      maxBlankRows: 1000,
      maxColumns: 50,
    });
  } catch (error) {
    if (error instanceof CsvError) throw badRequest(error.message);
    throw error;
  }
  const named = table.header.findIndex((h) => h.trim().toLowerCase() === "email");
  const column = named === -1 ? 0 : named;
  // No header row: the first line is an address too.
  const rows = named === -1 && isEmailAddress((table.header[0] ?? "").trim()) ? [{ row: 1, cells: table.header }] : [];
  const problems: FieldProblem[] = [];
  const emails: string[] = [];
  for (const { row, cells } of [...rows, ...table.rows]) {
    const value = (cells[column] ?? "").trim();
    if (!isEmailAddress(value))
      problems.push({
        detail: `Row ${row}: not a valid email address`,
        pointer: `/csv/row/${row}`,
        code: "invalid_email",
      });
    else emails.push(value);
  }
  if (problems.length > 0) throw new ValidationError(problems);
  if (emails.length === 0) throw badRequest("The CSV holds no address.");
  // A file without a header row: its first line is one address more than the rows counted.
  if (emails.length > MAX_SUPPRESSIONS_PER_REQUEST) throw tooManySuppressions();
  return emails;
}

/** Addresses one INSERT adds: ~20 ms of the embedded database's one connection, other requests run between two. */
export const SUPPRESSIONS_PER_STATEMENT = 1_000;

/**
 * Adds addresses to the team's suppression list (reason `manual`), members and owners; an
 * address already there keeps its first reason, and one given twice counts once. Answers how
 * many were new. No transaction: at most MAX_SUPPRESSIONS_PER_REQUEST addresses (already
 * validated, all of them: a bad one refuses the request before anything is written) go in
 * statements of SUPPRESSIONS_PER_STATEMENT, each one INSERT … SELECT FROM unnest(…) ON CONFLICT
 * DO NOTHING, committed on its own. Adding is idempotent, so this is safe to repeat: a database
 * fault part-way leaves the statements before it done, and the same request again adds the rest.
 */
export async function addSuppressions(db: Queryable, actor: TeamActor, emails: string[], now = new Date()) {
  requireSender(actor.role, actor.team.id, "change the suppression list");
  if (emails.length > MAX_SUPPRESSIONS_PER_REQUEST) throw tooManySuppressions();
  const unique = [...new Set(emails.map(normalAddress))];
  const scope = suppressionScope(actor);
  let added = 0;
  for (let i = 0; i < unique.length; i += SUPPRESSIONS_PER_STATEMENT) {
    const chunk = unique.slice(i, i + SUPPRESSIONS_PER_STATEMENT);
    const [row] = await queryRows<{ added: number }>(
      db,
      Prisma.sql`
      WITH "added" AS (
        INSERT INTO "EmailSuppression" ("teamId", "ownerId", "emailHash", "email", "reason", "createdAt")
        SELECT ${scope.teamId}, ${scope.ownerId}, "given"."hash", "given"."email", 'manual', ${now}::timestamp
        FROM unnest(${chunk.map(addressHash)}::text[], ${chunk}::text[]) AS "given"("hash", "email")
        ON CONFLICT ("teamId", (COALESCE("ownerId", '')), "emailHash") DO NOTHING
        RETURNING 1
      )
      SELECT count(*)::int AS "added" FROM "added"`,
    );
    added += row?.added ?? 0;
    await otherWorkFirst();
  }
  return { added, total: unique.length };
}

/**
 * Takes an address off the list: owners only (the address may have bounced or complained). In
 * the sandbox, everyone owns the team but removes only from their own list (another's is 404).
 */
export async function removeSuppression(db: PrismaClient, actor: TeamActor, email: string) {
  if (actor.role !== "owner")
    throw ownerRequired(
      `Only the team's owners can remove an address from team "${actor.team.id}"'s suppression list.`,
    );
  const [removed] = await queryRows<SuppressionView>(
    db,
    Prisma.sql`
    DELETE FROM "EmailSuppression"
    WHERE ${inSuppressionScope(suppressionScope(actor))} AND "emailHash" = ${addressHash(email.slice(0, 254))}
    RETURNING "id", "email", "reason", "detail", "giftId", "createdAt"`,
  );
  if (!removed) throw notFound(`${email.slice(0, 254)} is not on team "${actor.team.id}"'s suppression list.`);
  return removed;
}
