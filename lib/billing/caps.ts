import { collectionNames } from "@/lib/catalogue";
import { queryRows, type Queryable } from "@/lib/database/sql";
import { HttpError, type FieldProblem } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { formatMoney } from "@/lib/money";
import { parseLimitCents } from "./limit";

/**
 * What one credential (a live developer token or an OAuth grant) may spend: per gift, per
 * calendar day and month (UTC, charges it caused net of their refunds), and which collections
 * it may send from. Null: no cap of that kind. Stored as JSON on ApiToken, OAuthCode (what the
 * user consented to) and OAuthToken.
 */
export type SpendCaps = {
  perGiftCents: number | null;
  dailyCents: number | null;
  monthlyCents: number | null;
  /** Collection ids; null: any collection. */
  collectionIds: number[] | null;
};

/** At most this many allowed collections on one credential. */
export const MAX_CAP_COLLECTIONS = 50;

const isCents = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** Stored JSON → caps; null when there are none (or the value isn't caps). */
export function capsFromJson(value: unknown): SpendCaps | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const cents = (x: unknown) => (isCents(x) ? x : null);
  const ids = Array.isArray(v.collectionIds) ? v.collectionIds.filter((id) => Number.isSafeInteger(id)) : null;
  const caps = {
    perGiftCents: cents(v.perGiftCents),
    dailyCents: cents(v.dailyCents),
    monthlyCents: cents(v.monthlyCents),
    collectionIds: ids as number[] | null,
  };
  return hasCaps(caps) ? caps : null;
}

export const hasCaps = (caps: SpendCaps | null): caps is SpendCaps =>
  caps !== null &&
  (caps.perGiftCents !== null || caps.dailyCents !== null || caps.monthlyCents !== null || caps.collectionIds !== null);

/** Caps as stored (Prisma's JSON input; DbNull for none). */
export const capsToJson = (caps: SpendCaps | null) => (hasCaps(caps) ? caps : Prisma.DbNull);

/** The caps in plain words, for the consent screen and the token page: "up to $200.00 a day". */
export function describeCaps(caps: SpendCaps | null, collectionName: (id: number) => string = String): string[] {
  if (!hasCaps(caps)) return [];
  const $ = (cents: number) => `$${formatMoney(cents).replace(/\B(?=(\d{3})+\.)/g, ",")}`;
  return [
    caps.perGiftCents !== null ? `up to ${$(caps.perGiftCents)} per gift` : null,
    caps.dailyCents !== null ? `up to ${$(caps.dailyCents)} a day` : null,
    caps.monthlyCents !== null ? `up to ${$(caps.monthlyCents)} a month` : null,
    caps.collectionIds !== null ? allowedCollections(caps.collectionIds, collectionName) : null,
  ].filter((line): line is string => line !== null);
}

/** The collections a credential may send from, by name, as the consent screen and refusals say it. */
const allowedCollections = (ids: number[], name: (id: number) => string) =>
  ids.length === 0 ? "no collection at all" : `only from ${ids.map(name).join(", ")}`;

/**
 * Caps from a form or a request: amounts like "200.00" (blank or null: no cap) and collection
 * ids (a list, or a comma-separated string). Problems are pushed with `pointer(name)`.
 */
export function parseCaps(
  input: { perGift?: unknown; daily?: unknown; monthly?: unknown; collections?: unknown },
  pointer: (field: "perGift" | "daily" | "monthly" | "collections") => string,
  problems: FieldProblem[],
): SpendCaps | null {
  const amount = (value: unknown, field: "perGift" | "daily" | "monthly") =>
    parseLimitCents(value === "" ? null : value, pointer(field), problems) ?? null;
  const caps: SpendCaps = {
    perGiftCents: amount(input.perGift, "perGift"),
    dailyCents: amount(input.daily, "daily"),
    monthlyCents: amount(input.monthly, "monthly"),
    collectionIds: null,
  };
  const raw = input.collections;
  if (raw !== undefined && raw !== null && raw !== "") {
    const list = typeof raw === "string" ? raw.split(",").map((s) => s.trim()) : raw;
    if (
      !Array.isArray(list) ||
      list.length > MAX_CAP_COLLECTIONS ||
      !list.every((id) => /^[1-9]\d{0,9}$/.test(String(id)) && Number(id) <= 2_147_483_647)
    )
      problems.push({
        detail: `must be a list of at most ${MAX_CAP_COLLECTIONS} collection ids`,
        pointer: pointer("collections"),
        code: "invalid",
      });
    else caps.collectionIds = [...new Set(list.map(Number))];
  }
  return hasCaps(caps) ? caps : null;
}

/** Whether `inner` asks for no more than `outer` allows (an OAuth grant within what was consented). */
export function capsWithin(inner: SpendCaps | null, outer: SpendCaps | null): boolean {
  if (!hasCaps(outer)) return true;
  if (!hasCaps(inner)) return false;
  const amount = (a: number | null, b: number | null) => b === null || (a !== null && a <= b);
  return (
    amount(inner.perGiftCents, outer.perGiftCents) &&
    amount(inner.dailyCents, outer.dailyCents) &&
    amount(inner.monthlyCents, outer.monthlyCents) &&
    (outer.collectionIds === null ||
      (inner.collectionIds !== null && inner.collectionIds.every((id) => outer.collectionIds!.includes(id))))
  );
}

/** Who causes a charge (lib/billing/charge.ts ChargedBy); only the two credentials carry caps. */
type ChargedBy = { via: string; credentialId: number | null };
type Credential = { via: "token" | "oauth"; credentialId: number };
const isCredential = (by: ChargedBy): by is Credential =>
  (by.via === "token" || by.via === "oauth") && by.credentialId !== null;

const dayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * The ids of the credential's secrets that count as one: an OAuth token alone, a named key alone;
 * a token of the account's pair together with every live token of the pair its person held (a
 * roll's new token and the old one still in its 24-hour grace are one credential: the same caps,
 * one spend).
 */
function secretsOf(by: Credential) {
  return by.via === "oauth"
    ? Prisma.sql`SELECT ${by.credentialId}::int AS "id"`
    : Prisma.sql`SELECT t."id" FROM "ApiToken" t, (SELECT "userId", "name" FROM "ApiToken" WHERE "id" = ${by.credentialId}::int) me
                 WHERE t."id" = ${by.credentialId}::int
                    OR (me."name" IS NULL AND t."name" IS NULL AND t."mode" = 'live' AND t."userId" = me."userId")`;
}

async function loadCaps(db: Queryable, by: Credential, lock: boolean): Promise<SpendCaps | null> {
  const table = by.via === "oauth" ? Prisma.raw(`"OAuthToken"`) : Prisma.raw(`"ApiToken"`);
  // Locking every secret of the credential (in id order): creates through the old and the new
  // token of a roll are checked one after another, like creates through one token.
  if (lock)
    await queryRows(
      db,
      Prisma.sql`SELECT "id" FROM ${table} WHERE "id" IN (${secretsOf(by)}) ORDER BY "id" FOR UPDATE`,
    );
  const [row] = await queryRows<{ caps: unknown }>(
    db,
    Prisma.sql`SELECT "caps" FROM ${table} WHERE "id" = ${by.credentialId}::int`,
  );
  return capsFromJson(row?.caps);
}

/** What a credential has spent since `since`: the charges any of its secrets caused, net of their refunds (by anyone). */
async function spentSince(db: Queryable, by: Credential, since: Date): Promise<number> {
  const [{ spent }] = await queryRows<{ spent: number }>(
    db,
    Prisma.sql`
    SELECT coalesce(sum(c."amountCents" + coalesce((SELECT sum(r."amountCents") FROM "Charge" r WHERE r."refundOfId" = c."id"), 0)), 0)::int AS "spent"
    FROM "Charge" c
    WHERE c."actorVia" = ${by.via} AND c."credentialId" IN (${secretsOf(by)}) AND c."kind" = 'charge'
      AND c."createdAt" >= ${since}::timestamp`,
  );
  return spent;
}

export type CapsUse = {
  caps: SpendCaps;
  spentTodayCents: number;
  spentThisMonthCents: number;
  requestedCents: number;
};

export type CapsCheck = {
  by: ChargedBy;
  amountCents: number;
  largestGiftCents: number;
  collectionIds: number[];
  now?: Date;
};

const overCap = (code: string, detail: string, meta: Record<string, unknown>) =>
  new HttpError(402, "Payment Required", detail, meta, code);

async function check(db: Queryable, by: Credential, caps: SpendCaps, input: CapsCheck): Promise<CapsUse> {
  const credential = by.via === "oauth" ? "This application's access" : "This token";
  const refused = input.collectionIds.filter((id) => caps.collectionIds !== null && !caps.collectionIds.includes(id));
  if (refused.length > 0) {
    const allowed = caps.collectionIds!;
    const names = await collectionNames(db, [...refused, ...allowed]);
    const name = (id: number) => names.get(id) ?? `collection ${id}`;
    throw new HttpError(
      403,
      "Forbidden",
      `${credential} may not send from ${refused.map(name).join(", ")}: it may send ${allowedCollections(allowed, name)}. Nothing was created or charged.`,
      { cap: "collections", "refused-collections": refused.map(String), "allowed-collections": allowed.map(String) },
      "collection_not_allowed",
    );
  }
  if (caps.perGiftCents !== null && input.largestGiftCents > caps.perGiftCents)
    throw overCap(
      "cap_per_gift_exceeded",
      `${credential} may spend up to ${formatMoney(caps.perGiftCents)} per gift; a gift here costs ${formatMoney(input.largestGiftCents)}. Nothing was created or charged.`,
      { cap: "per_gift", limit: formatMoney(caps.perGiftCents), "gift-price": formatMoney(input.largestGiftCents) },
    );
  const now = input.now ?? new Date();
  const spentThisMonthCents =
    caps.dailyCents !== null || caps.monthlyCents !== null ? await spentSince(db, by, monthStart(now)) : 0;
  const spentTodayCents = caps.dailyCents !== null ? await spentSince(db, by, dayStart(now)) : 0;
  for (const [cap, limit, spent, period] of [
    ["daily", caps.dailyCents, spentTodayCents, "a day"],
    ["monthly", caps.monthlyCents, spentThisMonthCents, "a month"],
  ] as const)
    if (limit !== null && spent + input.amountCents > limit)
      throw overCap(
        `cap_${cap}_exceeded`,
        `${credential} may spend up to ${formatMoney(limit)} ${period}; it has spent ${formatMoney(spent)} and this would cost ${formatMoney(input.amountCents)} (${formatMoney(Math.max(0, limit - spent))} left). Nothing was created or charged.`,
        {
          cap,
          limit: formatMoney(limit),
          spent: formatMoney(spent),
          remaining: formatMoney(Math.max(0, limit - spent)),
          requested: formatMoney(input.amountCents),
        },
      );
  return { caps, spentTodayCents, spentThisMonthCents, requestedCents: input.amountCents };
}

/**
 * Inside the charging transaction: refuses what the credential's caps don't allow (403
 * `collection_not_allowed`, 402 `cap_per_gift_exceeded` / `cap_daily_exceeded` /
 * `cap_monthly_exceeded`). A credential with caps has its row locked first, so concurrent
 * creates through it are checked one after another against committed spend. The site's
 * session and Ribbon's own jobs carry no caps.
 */
export async function enforceCaps(
  tx: Queryable,
  input: CapsCheck,
  /** The credential's caps as this transaction already read them (lib/billing/controls.ts): null, none. */
  known: SpendCaps | null,
): Promise<CapsUse | null> {
  if (!isCredential(input.by) || known === null) return null;
  const caps = await loadCaps(tx, input.by, true);
  return caps ? check(tx, input.by, caps, input) : null;
}

/** The dry run's check: the same refusals, from committed spend, without a lock. */
export async function quoteCaps(db: Queryable, input: CapsCheck): Promise<CapsUse | null> {
  if (!isCredential(input.by)) return null;
  const caps = await loadCaps(db, input.by, false);
  return caps ? check(db, input.by, caps, input) : null;
}

export type CapsStanding = { caps: SpendCaps | null; spentTodayCents: number; spentThisMonthCents: number };

/** A credential's caps and what it has spent today and this month (UTC, net of refunds): what an agent may still spend. */
export async function capsStanding(db: Queryable, by: ChargedBy, now = new Date()): Promise<CapsStanding | null> {
  if (!isCredential(by)) return null;
  return {
    caps: await loadCaps(db, by, false),
    spentTodayCents: await spentSince(db, by, dayStart(now)),
    spentThisMonthCents: await spentSince(db, by, monthStart(now)),
  };
}
