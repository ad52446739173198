import { randomSecret } from "@/lib/crypto";
import { queryRows, type Queryable } from "@/lib/database/sql";
import { HttpError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ChargeConversion } from "@/lib/billing";
import { convertMinor, formatMoney, parseRate, rateString, UNIT_RATE } from "@/lib/money";
import { currentRate, rateOnWire } from "@/lib/rates";
import { storedLanded, type LandedCost, type StoredLanded } from "./landed-cost";
import { giftPrice, type Conversion } from "./price";

export type { Conversion } from "./price";

/** How long a quote holds: a create naming it within this time is charged exactly its total. */
export const QUOTE_TTL_MS = 15 * 60_000;

export const newQuoteId = () => `quo_${randomSecret(12)}`;

/** The team's billing currency, read in the caller's transaction (held FOR SHARE when `lock`). */
export async function teamCurrency(db: Queryable, teamId: string, lock = false): Promise<string> {
  const [row] = await queryRows<{ currency: string }>(
    db,
    Prisma.sql`SELECT "currency" FROM "Team" WHERE "id" = ${teamId} ${lock ? Prisma.sql`FOR SHARE` : Prisma.empty}`,
  );
  return row?.currency ?? "USD";
}

/**
 * One gift's price from `collection` in the team's `currency`: converted at the current rate, or
 * the collection's own price when it is in that currency. What a batch is charged per gift, and
 * what its preview (the CSV upload's) shows.
 */
export async function perGiftInCurrency(
  db: Queryable,
  currency: string,
  collection: { priceCents: number; currency: string },
): Promise<number> {
  const conversion = await convertAtCurrentRate(db, { currency, gifts: 1, collection });
  return conversion?.perGiftMinor ?? giftPrice(collection).totalCents;
}

/** `gifts` gifts from `collection` in `currency`, at the current rate; null when no conversion is needed. */
export async function convertAtCurrentRate(
  db: Queryable,
  input: { currency: string; gifts: number; collection: { priceCents: number; currency: string } },
): Promise<Conversion | null> {
  const { collection, currency } = input;
  if (collection.currency === currency) return null;
  const rate = await currentRate(db, collection.currency, currency);
  const source = giftPrice(collection);
  const perGiftMinor = convertMinor(source.totalCents, collection.currency, currency, rate.rate);
  const totalMinor = perGiftMinor * input.gifts;
  if (!Number.isSafeInteger(totalMinor) || totalMinor > 2_147_483_647)
    throw new HttpError(
      422,
      "Unprocessable Content",
      `${input.gifts} gifts would cost ${formatMoney(perGiftMinor, currency)} ${currency} each: more than one charge can hold.`,
      { pointer: "/gifts" },
      "amount_too_large",
    );
  return { currency, sourceCurrency: collection.currency, source, rate, perGiftMinor, totalMinor, quote: null };
}

/**
 * One currency's "conversion": the collection's price as it is, at rate 1. A quote that holds
 * only import charges (the team's currency is the collection's) is written with it.
 */
export function identityConversion(collection: { priceCents: number; currency: string }, gifts: number): Conversion {
  const source = giftPrice(collection);
  const { currency } = collection;
  const rate = { from: currency, to: currency, rate: UNIT_RATE, date: "", source: "" };
  return {
    currency,
    sourceCurrency: currency,
    source,
    rate,
    perGiftMinor: source.totalCents,
    totalMinor: source.totalCents * gifts,
    quote: null,
  };
}

/**
 * A dry run's price written as a quote that holds for QUOTE_TTL_MS: its conversion (or
 * identityConversion) and the import charges estimated for its recipients' countries.
 */
export async function writeQuote(
  db: Queryable,
  input: {
    teamId: string;
    livemode: boolean;
    collectionId: number;
    gifts: number;
    conversion: Conversion;
    landed: LandedCost | null;
    now: Date;
  },
): Promise<{ id: string; expiresAt: Date }> {
  const { conversion: c, landed, now } = input;
  const id = newQuoteId();
  const expiresAt = new Date(now.getTime() + QUOTE_TTL_MS);
  const stored = landed ? storedLanded(landed) : null;
  await queryRows(
    db,
    Prisma.sql`
      INSERT INTO "Quote" ("id", "teamId", "livemode", "collectionId", "gifts", "currency", "sourceCurrency",
                           "sourcePriceMinor", "sourceShippingMinor", "perGiftMinor", "totalMinor", "rate", "rateDate",
                           "rateSource", "landed", "dutiesMinor", "taxesMinor", "createdAt", "expiresAt")
      VALUES (${id}, ${input.teamId}, ${input.livemode}, ${input.collectionId}::int, ${input.gifts}::int, ${c.currency},
              ${c.sourceCurrency}, ${c.source.productMaximumCents}::int, ${c.source.shippingCents}::int, ${c.perGiftMinor}::int,
              ${c.totalMinor}::int, ${rateOnWire(c.rate).rate}, ${c.rate.date || now.toISOString().slice(0, 10)}::date,
              ${c.rate.source}, ${stored === null ? null : JSON.stringify(stored)}::jsonb, ${landed?.dutiesMinor ?? 0}::int,
              ${landed?.taxesMinor ?? 0}::int, ${now}::timestamp, ${expiresAt}::timestamp)`,
  );
  return { id, expiresAt };
}

/** What a charge keeps of a conversion (lib/billing's ChargeConversion). */
export const chargeConversion = (c: Conversion): ChargeConversion => ({
  quoteId: c.quote?.id ?? null,
  sourceCurrency: c.sourceCurrency,
  sourcePriceMinor: c.source.productMaximumCents,
  sourceShippingMinor: c.source.shippingCents,
  rate: rateString(c.rate.rate),
  rateDate: c.rate.date,
  rateSource: c.rate.source,
  perGiftMinor: c.perGiftMinor,
});

const quoteError = (status: number, code: string, detail: string, meta: Record<string, unknown> = {}) =>
  new HttpError(
    status,
    status === 404 ? "Not Found" : status === 409 ? "Conflict" : "Unprocessable Content",
    `${detail} Nothing was sent or charged.`,
    { pointer: "/gift/quote", ...meta },
    code,
  );

type QuoteRow = {
  id: string;
  livemode: boolean;
  collectionId: number;
  gifts: number;
  currency: string;
  sourceCurrency: string;
  sourcePriceMinor: number;
  sourceShippingMinor: number;
  perGiftMinor: number;
  totalMinor: number;
  rate: string;
  rateDate: Date;
  rateSource: string;
  landed: StoredLanded | null;
  expiresAt: Date;
  usedAt: Date | null;
  claimed: boolean;
};

/** The recipients' countries as a quote counts them, in one order: "BR×2, DE×1" (empty: none named). */
const countriesKey = (counts: Iterable<[string, number]>) =>
  [...counts]
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([c, n]) => `${c}×${n}`)
    .join(", ");

/** A claimed quote: its conversion (identityConversion's when one currency) and its import charges. */
export type ClaimedQuote = Conversion & { landed: StoredLanded | null };

/**
 * The quote a create names, used up by it: in the create's transaction, the one conditional
 * UPDATE that marks it used (so of two creates naming one quote exactly one gets it; the other
 * waits for the first to commit, then is refused `quote_used`; a rolled-back create leaves it
 * unused). Refused with a code of its own: unknown or another team's (404 `quote_not_found`),
 * past its `expires_at` (409 `quote_expired`), used (409 `quote_used`), or for another collection,
 * gift count, mode, currency or recipients' countries than this create (409 `quote_mismatch`, as a
 * changed quoted total).
 */
export async function claimQuote(
  tx: Queryable,
  input: {
    quoteId: string;
    teamId: string;
    livemode: boolean;
    collectionId: number;
    gifts: number;
    currency: string;
    /** The create's recipients' countries, counted (lib/gifts/landed-cost.ts countriesOf). */
    countries?: Map<string, number>;
    now: Date;
  },
): Promise<ClaimedQuote> {
  const { now } = input;
  const countries = countriesKey(input.countries ?? []);
  const [row] = await queryRows<QuoteRow>(
    tx,
    Prisma.sql`
      WITH "claimed" AS (
        UPDATE "Quote" SET "usedAt" = ${now}::timestamp
        WHERE "id" = ${input.quoteId} AND "teamId" = ${input.teamId} AND "usedAt" IS NULL AND "expiresAt" > ${now}::timestamp
          AND "livemode" = ${input.livemode} AND "collectionId" = ${input.collectionId}::int AND "gifts" = ${input.gifts}::int
          AND "currency" = ${input.currency}
          AND coalesce((SELECT string_agg(key || '×' || (value->>'gifts'), ', ' ORDER BY key COLLATE "C")
                        FROM jsonb_each("landed")), '') = ${countries}
        RETURNING "id"
      )
      SELECT q.*, EXISTS (SELECT FROM "claimed") AS "claimed" FROM "Quote" q
      WHERE q."id" = ${input.quoteId} AND q."teamId" = ${input.teamId}`,
  );
  if (!row) throw quoteError(404, "quote_not_found", `There is no quote "${input.quoteId}" on this team.`);
  if (!row.claimed) {
    const quotedCountries = countriesKey(Object.entries(row.landed ?? {}).map(([c, l]) => [c, l.gifts]));
    const differences = [
      row.collectionId !== input.collectionId && "collection",
      row.gifts !== input.gifts && `gift count (quoted ${row.gifts}, sent ${input.gifts})`,
      row.livemode !== input.livemode && "mode",
      row.currency !== input.currency && `currency (quoted ${row.currency}, the team's is ${input.currency})`,
      quotedCountries !== countries &&
        `recipients' countries (quoted ${quotedCountries || "none"}, sent ${countries || "none"})`,
    ].filter(Boolean);
    // The SELECT reads the statement's snapshot, taken before a concurrent create committed its
    // claim: a quote that looks unused, unexpired and matching here was taken by that create.
    const takenConcurrently = differences.length === 0 && row.expiresAt > now;
    if (row.usedAt !== null || takenConcurrently)
      throw quoteError(409, "quote_used", `Quote ${row.id} was already used by a create: a quote pays for one create.`);
    if (row.expiresAt <= now)
      throw quoteError(
        409,
        "quote_expired",
        `Quote ${row.id} expired at ${row.expiresAt.toISOString()}: ask for a new one (dry_run).`,
        { expired_at: row.expiresAt.toISOString() },
      );
    throw quoteError(
      409,
      "quote_mismatch",
      `Quote ${row.id} was made for another ${differences.join(", ")}: send the create it quoted, or ask for a new quote.`,
    );
  }
  const rate = parseRate(row.rate);
  if (!rate) throw new Error(`Quote ${row.id} holds an unreadable rate`);
  const source = {
    productMaximumCents: row.sourcePriceMinor,
    shippingCents: row.sourceShippingMinor,
    feesCents: 0,
    totalCents: row.sourcePriceMinor + row.sourceShippingMinor,
  };
  return {
    currency: row.currency,
    sourceCurrency: row.sourceCurrency,
    source,
    rate: {
      from: row.sourceCurrency,
      to: row.currency,
      rate,
      date: row.rateDate.toISOString().slice(0, 10),
      source: row.rateSource,
    },
    perGiftMinor: row.perGiftMinor,
    totalMinor: row.totalMinor,
    quote: { id: row.id, expiresAt: row.expiresAt },
    landed: row.landed,
  };
}
