import { randomBytes } from "node:crypto";
import { leaveTheDatabase } from "@/lib/http/yield";
import type { PrismaClient, Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { addressHash, normalAddress } from "@/lib/outbox/suppressions";
import { seal, unseal } from "@/lib/sealed";
import { ERASURE_TABLES, erasedColumns, type ErasureCount, type ErasureTable } from "./columns";

/**
 * Erasing recipients' personal data (docs/privacy.md). What each column holds and what erasure
 * does to it is lib/privacy/columns.ts; this file turns that into statements. Two passes:
 * - a gift's: the gift's recipient columns, and every row about the gift (its events, emails,
 *   webhook payloads and answers, stored API answers), the gift's addresses scrubbed out of free
 *   text. Retention runs this one.
 * - an address's (an erasure request): the team's rows that still quote the address (a gift whose
 *   address was corrected away, a bounce's reason, a saved search, a suppression), a chunk of rows
 *   at a time.
 * Each step is one short transaction that commits its work together with the erasure's progress
 * (`Erasure.phase`, `.cursor`): no transaction holds the database long (PGlite has one
 * connection), a crash resumes where it stopped, and only the last step, after checking that no
 * gift of the address is left, marks the erasure completed.
 */
export const FINAL_STAGES = ["delivered", "cancelled", "expired", "failed", "rejected", "declined", "donated"] as const;

export type ErasureSummary = Record<ErasureCount, number>;
const emptySummary = (): ErasureSummary => ({
  gifts: 0,
  emails: 0,
  events: 0,
  webhookDeliveries: 0,
  webhookAttempts: 0,
  idempotencyKeys: 0,
  suppressions: 0,
  savedViews: 0,
  scrubbed: 0,
});

/** Left in a webhook delivery about an erased person: retries and replays send it instead. */
export const ERASED_PAYLOAD = JSON.stringify({ erased: true });
/** What an address scrubbed out of a text reads as. */
export const ERASED_TEXT = "[erased]";
/** Gifts erased per step (one transaction). */
export const GIFTS_PER_STEP = 50;
/** Rows of a table scanned for the address per step (one transaction). */
export const ROWS_PER_STEP = 1000;
const SEALED_PURPOSE = "erasure address";

const quoted = (name: string) => Prisma.raw(`"${name}"`);
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The forms an address takes in stored text: as typed (any case) and URL-encoded (a saved search). */
function needlesOf(addresses: (string | null)[]): string[] {
  const plain = addresses.filter((a): a is string => !!a && a.includes("@")).map((a) => a.trim().toLowerCase());
  return [...new Set(plain.flatMap((a) => [a, encodeURIComponent(a).toLowerCase()]))];
}
/**
 * A regular expression (PostgreSQL's, case-insensitive) matching the needles as whole addresses:
 * robin@example.com is found in "<robin@example.com>:" and "?q=robin%40example.com", not in
 * "xrobin@example.com" nor "robin@example.com.au".
 */
const patternOf = (needles: string[]) =>
  `(?<![a-z0-9._%+-])(?:${needles.map(escapeRegex).join("|")})(?![a-z0-9_-]|\\.[a-z0-9])`;

type Columns = ReturnType<typeof erasedColumns>;
type Scrub = { needles: string[]; pattern: string } | null;

/**
 * Whether a column's text quotes an address: a cheap test for the needles first, the whole-address
 * pattern only on the rows that pass it (a regular expression over every email body costs).
 */
function mentions(column: Prisma.Sql, { needles, pattern }: NonNullable<Scrub>): Prisma.Sql {
  const cheap = Prisma.join(
    needles.map((n) => Prisma.sql`strpos(lower(${column}), ${n}) > 0`),
    " OR ",
  );
  return Prisma.sql`((${cheap}) AND ${column} ~* ${pattern})`;
}

/** The SET list for a row being erased; scrubs only when there are addresses to scrub. */
function assignments(columns: Columns, scrub: Scrub): Prisma.Sql[] {
  return columns.flatMap(({ name, erase }) => {
    const c = quoted(name);
    switch (erase) {
      case "null":
        return [Prisma.sql`${c} = NULL`];
      case "placeholder":
        return [Prisma.sql`${c} = ''`];
      case "erased-payload":
        return [Prisma.sql`${c} = ${ERASED_PAYLOAD}`];
      case "scrub":
        return scrub
          ? [
              Prisma.sql`${c} = CASE WHEN ${mentions(Prisma.sql`t.${c}`, scrub)}
                THEN regexp_replace(t.${c}, ${scrub.pattern}, ${ERASED_TEXT}, 'gi') ELSE t.${c} END`,
            ]
          : [];
      default:
        return [];
    }
  });
}

/** Whether a row still holds something erasure would change (so a second erasure counts nothing). */
function stillHolds(columns: Columns, scrub: Scrub): Prisma.Sql[] {
  return columns.flatMap(({ name, erase, json }) => {
    const c = Prisma.sql`t.${quoted(name)}`;
    switch (erase) {
      case "null":
        return [Prisma.sql`${c} IS NOT NULL`];
      case "placeholder":
        return [Prisma.sql`${c} <> ''`];
      case "erased-payload":
        return [Prisma.sql`${c} <> ${ERASED_PAYLOAD}`];
      case "scrub":
        return scrub && !json ? [mentions(c, scrub)] : [];
      default:
        return [];
    }
  });
}

/** Whether one of these columns of the row quotes the address. */
function quotes(columns: Columns, scrub: NonNullable<Scrub>): Prisma.Sql {
  const tests = columns.map(({ name }) => mentions(Prisma.sql`t.${quoted(name)}::text`, scrub));
  return tests.length > 0 ? Prisma.join(tests, " OR ") : Prisma.sql`FALSE`;
}

async function countRows(tx: Tx, sql: Prisma.Sql): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    Prisma.sql`WITH hit AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM hit`,
  );
  return row?.n ?? 0;
}

/**
 * Erases these gifts' recipients' data and every row about them, in the caller's transaction (a
 * batch of at most a few hundred gifts: the caller chunks). `address`: the address an erasure
 * request is for, scrubbed besides the gifts' own.
 */
export async function eraseGifts(tx: Tx, giftIds: string[], now: Date, address?: string): Promise<ErasureSummary> {
  const summary = emptySummary();
  if (giftIds.length === 0) return summary;
  const rows = await queryRows<{ a: string | null; b: string | null; c: string | null; d: string | null }>(
    tx,
    Prisma.sql`SELECT "email" AS a, "ccEmail" AS b, "redemptionEmail" AS c, "address"->>'email' AS d
               FROM "Gift" WHERE "id" = ANY(${giftIds}::text[])`,
  );
  const needles = needlesOf([address ?? null, ...rows.flatMap((r) => [r.a, r.b, r.c, r.d])]);
  const scrub = needles.length > 0 ? { needles, pattern: patternOf(needles) } : null;
  for (const table of ERASURE_TABLES) {
    if (!table.ofGifts) continue;
    const columns = erasedColumns(table.table).filter((c) => c.erase !== "delete-row");
    const set = assignments(columns, scrub);
    const holds = stillHolds(columns, scrub);
    const isGift = table.table === "Gift";
    if (isGift) {
      set.push(Prisma.sql`"erasedAt" = COALESCE(t."erasedAt", ${now})`, Prisma.sql`"nextReminderAt" = NULL`);
      holds.push(Prisma.sql`t."erasedAt" IS NULL`);
    }
    if (table.alsoSet) set.push(table.alsoSet);
    if (set.length === 0 || holds.length === 0) continue;
    summary[table.count] += await countRows(
      tx,
      Prisma.sql`UPDATE ${quoted(table.table)} AS t SET ${Prisma.join(set)}
                 WHERE ${table.ofGifts(giftIds)} AND (${Prisma.join(holds, " OR ")})`,
    );
  }
  return summary;
}

/**
 * One step over a table: the next rows in key order after `after` (the next ROWS_PER_STEP of the
 * whole table, or of the team's rows: the table's `scan`); those of the team quoting the address are erased.
 */
async function scanChunk(
  tx: Tx,
  table: ErasureTable,
  teamId: string,
  needles: string[],
  after: string,
): Promise<{ last: string | null; scanned: number; hits: number }> {
  const columns = erasedColumns(table.table);
  const name = quoted(table.table);
  const key = quoted(table.key.column);
  const from = table.key.type === "int" ? Prisma.sql`${Number(after || 0)}::int` : Prisma.sql`${after}::text`;
  const scope = table.ofTeam!(teamId);
  const changed = table.scrubOnly ? columns.filter((c) => c.erase === "scrub") : columns;
  const scrub = { needles, pattern: patternOf(needles) };
  const set = assignments(changed, scrub);
  if (!table.scrubOnly && table.alsoSet) set.push(table.alsoSet);
  const act = columns.some((c) => c.erase === "delete-row")
    ? Prisma.sql`DELETE FROM ${name} AS t USING chunk c
                 WHERE t.${key} = c.k AND ${scope} AND (${quotes(columns, scrub)}) RETURNING 1`
    : Prisma.sql`UPDATE ${name} AS t SET ${Prisma.join(set)} FROM chunk c
                 WHERE t.${key} = c.k AND ${scope} AND (${quotes(changed, scrub)}) RETURNING 1`;
  const inScope = table.scan === "team" ? Prisma.sql`${scope} AND` : Prisma.empty;
  const [row] = await queryRows<{ last: string | null; scanned: number; hits: number }>(
    tx,
    Prisma.sql`WITH chunk AS (
        SELECT t.${key} AS k FROM ${name} t WHERE ${inScope} t.${key} > ${from}
        ORDER BY t.${key} LIMIT ${ROWS_PER_STEP}::int),
      hit AS (${act})
      SELECT (SELECT max(k)::text FROM chunk) AS last, (SELECT count(*)::int FROM chunk) AS scanned,
             (SELECT count(*)::int FROM hit) AS hits`,
  );
  return row;
}

/** The team's gifts that went to the address (as recipient, copy or redemption email), not yet erased. */
const giftsOfAddress = (teamId: string, address: string, limit: number) => Prisma.sql`
  SELECT "id" FROM "Gift" WHERE "teamId" = ${teamId}
    AND (lower("email") = ${address} OR lower("ccEmail") = ${address} OR lower("redemptionEmail") = ${address}
         OR lower("address"->>'email') = ${address})
  ORDER BY "id" LIMIT ${limit}::int FOR UPDATE`;

/** The steps of an erasure request, in order: the gifts, then each table scanned for the address, then the check. */
export const ERASURE_STEPS = ["gifts", ...ERASURE_TABLES.filter((t) => t.ofTeam).map((t) => t.table), "done"];

export type ErasureStatus = "in_progress" | "completed";
export type Erasure = {
  id: string;
  teamId: string;
  status: ErasureStatus;
  createdAt: Date;
  completedAt: Date | null;
  summary: ErasureSummary;
};

type ErasureRow = {
  id: string;
  teamId: string;
  sealedEmail: string | null;
  status: ErasureStatus;
  phase: string;
  cursor: string;
  counts: Partial<ErasureSummary>;
  createdAt: Date;
  completedAt: Date | null;
};

const toErasure = (r: ErasureRow): Erasure => ({
  id: r.id,
  teamId: r.teamId,
  status: r.status,
  createdAt: r.createdAt,
  completedAt: r.completedAt,
  summary: { ...emptySummary(), ...r.counts },
});

const add = (a: Partial<ErasureSummary>, b: Partial<ErasureSummary>): ErasureSummary => {
  const sum = { ...emptySummary(), ...a };
  for (const [k, v] of Object.entries(b)) sum[k as ErasureCount] += v ?? 0;
  return sum;
};

/**
 * Opens the erasure of `email` from the team, or finds the one in progress for that address (a
 * retry continues it). The address is kept sealed until the erasure completes, so any worker can resume it.
 */
export async function startErasure(db: Tx, teamId: string, email: string, now = new Date()): Promise<string> {
  const address = normalAddress(email);
  const [row] = await queryRows<{ id: string }>(
    db,
    Prisma.sql`INSERT INTO "Erasure" ("id", "teamId", "emailHash", "sealedEmail", "createdAt", "updatedAt")
      VALUES (${`era_${randomBytes(16).toString("hex")}`}, ${teamId}, ${addressHash(address)},
              ${seal(SEALED_PURPOSE, address)}, ${now}, ${now})
      ON CONFLICT ("teamId", "emailHash") WHERE "status" = 'in_progress' DO UPDATE SET "updatedAt" = EXCLUDED."updatedAt"
      RETURNING "id"`,
  );
  return row.id;
}

/** One step of an erasure, in one transaction. False once it is completed (or gone). */
export async function stepErasure(db: PrismaClient, id: string, now = new Date()): Promise<boolean> {
  return db.$transaction(async (tx) => {
    // The row lock makes the steps of one erasure run one after another, whoever runs them.
    const [e] = await queryRows<ErasureRow>(tx, Prisma.sql`SELECT * FROM "Erasure" WHERE "id" = ${id} FOR UPDATE`);
    if (!e || e.status !== "in_progress" || !e.sealedEmail) return false;
    const address = unseal(SEALED_PURPOSE, e.sealedEmail);
    let { phase, cursor } = e;
    let counts: ErasureSummary = { ...emptySummary(), ...e.counts };
    let completed = false;
    const next = () => {
      phase = ERASURE_STEPS[ERASURE_STEPS.indexOf(phase) + 1] ?? "done";
      cursor = "";
    };
    if (phase === "gifts") {
      const gifts = await queryRows<{ id: string }>(tx, giftsOfAddress(e.teamId, address, GIFTS_PER_STEP));
      if (gifts.length > 0)
        counts = add(
          counts,
          await eraseGifts(
            tx,
            gifts.map((g) => g.id),
            now,
            address,
          ),
        );
      if (gifts.length < GIFTS_PER_STEP) next();
    } else if (phase === "done") {
      // A gift to the address created while the erasure ran (before its suppression stopped it): go round again.
      if ((await queryRows(tx, giftsOfAddress(e.teamId, address, 1))).length > 0) phase = "gifts";
      else completed = true;
    } else {
      const table = ERASURE_TABLES.find((t) => t.table === phase);
      if (!table) next();
      else {
        const { last, scanned, hits } = await scanChunk(tx, table, e.teamId, needlesOf([address]), cursor);
        counts = add(counts, { [table.scrubOnly ? "scrubbed" : table.count]: hits });
        if (scanned < ROWS_PER_STEP) next();
        else cursor = last ?? "";
      }
    }
    await queryRows(
      tx,
      Prisma.sql`UPDATE "Erasure" SET "phase" = ${phase}, "cursor" = ${cursor}, "counts" = ${JSON.stringify(counts)}::jsonb,
        "updatedAt" = ${now},
        "status" = ${completed ? "completed" : "in_progress"},
        "sealedEmail" = ${completed ? null : e.sealedEmail},
        "completedAt" = ${completed ? now : null}
      WHERE "id" = ${id} RETURNING "id"`,
    );
    return !completed;
  });
}

/** Runs an erasure's steps until it is completed or `budgetMs` has passed; answers it as it is then. */
export async function runErasure(
  db: PrismaClient,
  id: string,
  { budgetMs = Infinity, onStep }: { budgetMs?: number; onStep?: (ms: number) => void } = {},
): Promise<Erasure> {
  const started = Date.now();
  for (;;) {
    const at = Date.now();
    const more = await stepErasure(db, id);
    const held = Date.now() - at;
    onStep?.(held);
    if (!more || Date.now() - started >= budgetMs) break;
    await leaveTheDatabase(held);
  }
  return (await readErasure(db, id))!;
}

/**
 * Runs an erasure to the end after its request's answer. A failure is logged by the erasure's id
 * and the error's kind only (its message could quote the address); the erase-recipient-data job
 * resumes it a minute later.
 */
export async function finishErasure(db: PrismaClient, id: string): Promise<void> {
  try {
    await runErasure(db, id);
  } catch (error) {
    console.error(
      `Ribbon: erasure ${id} stopped; the erase-recipient-data job resumes it:`,
      error instanceof Error ? error.name : typeof error,
    );
  }
}

export async function readErasure(db: Tx, id: string, teamId?: string): Promise<Erasure | null> {
  const [row] = await queryRows<ErasureRow>(
    db,
    Prisma.sql`SELECT * FROM "Erasure" WHERE "id" = ${id} ${teamId ? Prisma.sql`AND "teamId" = ${teamId}` : Prisma.empty}`,
  );
  return row ? toErasure(row) : null;
}

/**
 * One person's data from every gift of the team that went to that address (as recipient, copy or
 * redemption email) and every copy of it, to the end (a script, a test). Requests go through
 * `requestErasure` (lib/privacy/settings.ts), which answers within a time budget.
 */
export async function erasePerson(db: PrismaClient, teamId: string, email: string): Promise<Erasure> {
  return runErasure(db, await startErasure(db, teamId, email));
}

/** Erasures in progress nobody has moved for a minute (their request's worker died): run to the end. */
export async function continueErasures(db: PrismaClient, now = new Date()): Promise<number> {
  const stale = await queryRows<{ id: string }>(
    db,
    Prisma.sql`SELECT "id" FROM "Erasure" WHERE "status" = 'in_progress' AND "updatedAt" < ${new Date(now.getTime() - 60_000)}
               ORDER BY "updatedAt" LIMIT 100`,
  );
  for (const { id } of stale) await runErasure(db, id);
  return stale.length;
}

/**
 * The retention job: gifts that reached a final stage more than their team's
 * `recipientDataRetentionDays` ago (0: never) have their recipients' data erased, a batch at a
 * time; then erasure requests left unfinished are finished.
 */
export async function eraseExpiredRecipientData(
  db: PrismaClient,
  { now = new Date(), limit = GIFTS_PER_STEP }: { now?: Date; limit?: number } = {},
): Promise<{ erased: number; erasures: number }> {
  let erased = 0;
  for (;;) {
    const done = await db.$transaction(async (tx) => {
      const due = await queryRows<{ id: string }>(
        tx,
        Prisma.sql`
        SELECT g."id" FROM "Gift" g JOIN "Team" t ON t."id" = g."teamId"
        WHERE g."erasedAt" IS NULL AND t."recipientDataRetentionDays" > 0
          AND g."stage" = ANY(${[...FINAL_STAGES]}::text[])
          AND g."lastEventAt" < ${now}::timestamp - make_interval(days => t."recipientDataRetentionDays")
        ORDER BY g."lastEventAt" LIMIT ${Math.min(limit, GIFTS_PER_STEP)}::int
        FOR UPDATE OF g SKIP LOCKED`,
      );
      if (due.length > 0)
        await eraseGifts(
          tx,
          due.map((g) => g.id),
          now,
        );
      return due.length;
    });
    erased += done;
    if (done < Math.min(limit, GIFTS_PER_STEP)) break;
  }
  return { erased, erasures: await continueErasures(db, now) };
}
