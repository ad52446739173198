import type { Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { ownerRequired, type TeamRole } from "@/lib/teams/roles";
import type { ChargedBy } from "./charge";

/** Who reads the ledger, on which team (lib/actor's TeamActor has this shape). */
export type LedgerReader = { mode: "live" | "sandbox"; role: TeamRole; team: { id: string } };

/**
 * `createdAfter` is inclusive and `createdBefore` exclusive, so consecutive ranges
 * (`[Nov 1, Dec 1)`, `[Dec 1, Jan 1)`) cover every item once. `batchId`: only the items of
 * the gifts of that batch (their charges and refunds).
 */
export type LedgerFilter = { createdAfter?: Date; createdBefore?: Date; batchId?: string };

/** A position in the newest-first ledger: the last item's time and id. */
export type LedgerCursor = { createdAt: Date; id: string };

/**
 * One line of the ledger. A charge is itemised per gift it paid for (a bulk charge of n gifts
 * is n items of each gift's price, which add up to the charge); a refund is one item of its
 * (negative) amount. Ids are stable: `chg_<charge id>_<gift id>` for a charge's share of one
 * gift (`chg_<charge id>` for a charge with no gift left to itemise it by), `rfd_<refund id>`.
 */
export type LedgerItem = {
  id: string;
  kind: "charge" | "refund";
  amountCents: number;
  /** ISO 4217, upper case. */
  currency: string;
  description: string;
  createdAt: Date;
  giftId: string | null;
  batch: { id: string; name: string } | null;
  /** The ledger entry (`Charge` row) the item is part of: the charge, or the refund itself. */
  chargeId: number;
  /** For a refund, the charge it gives back part of. */
  refundOfId: number | null;
  /** Who caused the entry; null for entries written before it was recorded (2026-11-26). */
  causedBy: ChargedBy | null;
  /**
   * A charge converted from a collection's currency (null: none, and for refunds): one gift's
   * price and shipping in that currency, the rate with its day and source, the quote it was made from.
   */
  conversion: {
    sourceCurrency: string;
    sourcePriceMinor: number;
    sourceShippingMinor: number;
    rate: string;
    rateDate: Date;
    rateSource: string;
    quoteId: string | null;
  } | null;
  /**
   * The estimated import charges among the amount (docs/international.md, "The landed cost"):
   * the gift's duties and taxes, in `currency`; null when none were estimated, and for refunds.
   */
  importCharges: { dutiesMinor: number; taxesMinor: number } | null;
};

/** What a ledger item's id looks like (a cursor naming anything else is no cursor of this list). */
export const LEDGER_ITEM_ID = /^(?:chg_\d{1,15}(?:_gft_[\w-]{1,64})?|rfd_\d{1,15})$/;

type Row = Omit<LedgerItem, "batch" | "causedBy" | "kind" | "currency" | "conversion" | "importCharges"> & {
  kind: string;
  dutiesMinor: number | null;
  taxesMinor: number | null;
  sourceCurrency: string | null;
  sourcePriceMinor: number | null;
  sourceShippingMinor: number | null;
  rate: string | null;
  rateDate: Date | null;
  rateSource: string | null;
  quoteId: string | null;
  currency: string;
  batchId: string | null;
  batchName: string | null;
  actorVia: string | null;
  credentialId: number | null;
  actorUserId: string | null;
};

function causedBy(row: Row): ChargedBy | null {
  switch (row.actorVia) {
    case "token":
    case "oauth":
      return row.credentialId === null || row.actorUserId === null
        ? null
        : { via: row.actorVia, credentialId: row.credentialId, userId: row.actorUserId };
    case "session":
      return row.actorUserId === null ? null : { via: "session", credentialId: null, userId: row.actorUserId };
    case "system":
      return { via: "system", credentialId: null, userId: null };
    default:
      return null;
  }
}

const toItem = (row: Row): LedgerItem => ({
  id: row.id,
  kind: row.kind === "refund" ? "refund" : "charge",
  amountCents: row.amountCents,
  currency: row.currency.toUpperCase(),
  conversion:
    row.sourceCurrency && row.rate && row.rateDate
      ? {
          sourceCurrency: row.sourceCurrency,
          sourcePriceMinor: row.sourcePriceMinor ?? 0,
          sourceShippingMinor: row.sourceShippingMinor ?? 0,
          rate: row.rate,
          rateDate: row.rateDate,
          rateSource: row.rateSource ?? "",
          quoteId: row.quoteId,
        }
      : null,
  importCharges:
    row.dutiesMinor === null && row.taxesMinor === null
      ? null
      : { dutiesMinor: row.dutiesMinor ?? 0, taxesMinor: row.taxesMinor ?? 0 },
  description: row.description,
  createdAt: row.createdAt,
  giftId: row.giftId,
  batch: row.batchId === null || row.batchName === null ? null : { id: row.batchId, name: row.batchName },
  chargeId: row.chargeId,
  refundOfId: row.refundOfId,
  causedBy: causedBy(row),
});

/**
 * Whether the reader may see the team's charges: owners of a live team (a member or viewer is
 * refused with 403 `owner_required`, docs/teams.md). The sandbox has no charges: false, and the
 * caller answers an empty ledger.
 */
function mayRead(reader: LedgerReader): boolean {
  if (reader.role !== "owner")
    throw ownerRequired(`Only the team's owners can see the team's charges. Ask an owner of team "${reader.team.id}".`);
  return reader.mode === "live";
}

/** One page of the statement: `limit` items, newest first, after `after`. */
function ledgerSql(teamId: string, filter: LedgerFilter, limit: number, after?: LedgerCursor): Prisma.Sql {
  // The same conditions for both kinds of entry: `c` is the Charge row, `g` the gift.
  const chargeId = Prisma.sql`(('chg_' || c."id" || CASE WHEN g."id" IS NULL THEN '' ELSE '_' || g."id" END) COLLATE "C")`;
  const refundId = Prisma.sql`(('rfd_' || c."id") COLLATE "C")`;
  const where = (itemId: Prisma.Sql) =>
    Prisma.join(
      [
        Prisma.sql`c."teamId" = ${teamId}`,
        filter.createdAfter ? Prisma.sql`c."createdAt" >= ${filter.createdAfter}::timestamp` : null,
        filter.createdBefore ? Prisma.sql`c."createdAt" < ${filter.createdBefore}::timestamp` : null,
        filter.batchId ? Prisma.sql`g."batchId" = ${filter.batchId}` : null,
        // The first condition bounds the index scan on ("teamId", "createdAt"); the row value orders ties.
        after ? Prisma.sql`c."createdAt" <= ${after.createdAt}::timestamp` : null,
        after ? Prisma.sql`(c."createdAt", ${itemId}) < (${after.createdAt}::timestamp, ${after.id}::text)` : null,
      ].filter((c) => c !== null),
      " AND ",
    );
  const take = Prisma.sql`${limit}::int`;
  // Each kind newest first with its own LIMIT (an index scan that stops early), then merged.
  return Prisma.sql`
    SELECT i.*, b."name" AS "batchName"
    FROM (
      (SELECT ${chargeId} AS "id", 'charge' AS "kind", coalesce(g."priceCents", c."amountCents") AS "amountCents",
              c."currency", c."description", c."createdAt", g."id" AS "giftId", g."batchId",
              c."id" AS "chargeId", NULL::int AS "refundOfId", c."actorVia", c."credentialId", c."actorUserId",
              c."sourceCurrency", c."sourcePriceMinor", c."sourceShippingMinor", c."rate", c."rateDate", c."rateSource", c."quoteId",
              CASE WHEN g."id" IS NULL THEN c."dutiesMinor" ELSE g."dutiesMinor" END AS "dutiesMinor",
              CASE WHEN g."id" IS NULL THEN c."taxesMinor" ELSE g."taxesMinor" END AS "taxesMinor"
         FROM "Charge" c LEFT JOIN "Gift" g ON g."chargeId" = c."id"
        WHERE c."kind" <> 'refund' AND ${where(chargeId)}
        ORDER BY c."createdAt" DESC, 1 DESC
        LIMIT ${take})
      UNION ALL
      (SELECT ${refundId} AS "id", 'refund' AS "kind", c."amountCents",
              c."currency", c."description", c."createdAt", c."giftId", g."batchId",
              c."id" AS "chargeId", c."refundOfId", c."actorVia", c."credentialId", c."actorUserId",
              NULL::text, NULL::int, NULL::int, NULL::text, NULL::date, NULL::text, NULL::text, NULL::int, NULL::int
         FROM "Charge" c LEFT JOIN "Gift" g ON g."id" = c."giftId"
        WHERE c."kind" = 'refund' AND ${where(refundId)}
        ORDER BY c."createdAt" DESC, 1 DESC
        LIMIT ${take})
    ) i
    LEFT JOIN "GiftBatch" b ON b."id" = i."batchId"
    ORDER BY i."createdAt" DESC, i."id" COLLATE "C" DESC
    LIMIT ${take}`;
}

export type ListChargesInput = {
  reader: LedgerReader;
  filter: LedgerFilter;
  /** Items on the page: one more is fetched, so the caller knows whether there is a next page. */
  size: number;
  after?: LedgerCursor;
};

/**
 * One page of the team's ledger, itemised (see LedgerItem), newest first and stable under
 * ties (items of one bulk charge share a time: their ids order them). Owners of a live team
 * only; the sandbox's ledger is empty. Returns up to `size + 1` items.
 */
export async function listCharges(db: Tx, input: ListChargesInput): Promise<LedgerItem[]> {
  if (!mayRead(input.reader)) return [];
  const rows = await queryRows<Row>(db, ledgerSql(input.reader.team.id, input.filter, input.size + 1, input.after));
  return rows.map(toItem);
}

/**
 * The whole ledger for an export, a page of `batchSize` items at a time (one statement each,
 * keyset-paginated like the list, so memory stays flat and entries written meanwhile, being
 * newer, are not half-included). The reader is checked now, before the first page is read.
 */
export async function chargePages(
  db: Tx,
  input: { reader: LedgerReader; filter: LedgerFilter },
  batchSize = 500,
): Promise<AsyncIterable<LedgerItem[]>> {
  const readable = mayRead(input.reader);
  return {
    async *[Symbol.asyncIterator]() {
      if (!readable) return;
      let after: LedgerCursor | undefined;
      for (;;) {
        const rows = await queryRows<Row>(db, ledgerSql(input.reader.team.id, input.filter, batchSize + 1, after));
        const items = rows.slice(0, batchSize).map(toItem);
        if (items.length > 0) yield items;
        if (rows.length <= batchSize) return;
        const last = items[items.length - 1];
        after = { createdAt: last.createdAt, id: last.id };
      }
    },
  };
}
