import type { Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TeamRef } from "@/lib/teams";
import type { Actor } from "@/lib/actor";
import { DEFAULT_PAGE_SIZE, type Cursor } from "./cursor";
import { utc, utcOrNull, withDate, type Json } from "./json-dates";
import type { Stage } from "./stages";
import type { GiftView } from "./view";

export type GiftFilter = { stage?: Stage; email?: string };

type Related = "sender" | "collection" | "logo" | "design" | "events";
type GiftJson = Json<Omit<GiftView, Related>> & { senderId: string; events: Json<GiftView["events"][number]>[] };
type PageJson = {
  gifts: GiftJson[] | null;
  senders: GiftView["sender"][] | null;
  collections: Json<GiftView["collection"]>[] | null;
  logos: Json<GiftView["logo"]>[] | null;
  designs: Json<NonNullable<GiftView["design"]>>[] | null;
};

const byId = <T extends { id: string | number }, U>(rows: T[] | null, convert: (row: T) => U) =>
  new Map((rows ?? []).map((row) => [row.id, convert(row)]));

/**
 * One page of the gift list, newest first, with everything the response includes, in one
 * statement that returns one row: the page's gifts and, once each, the senders,
 * collections, logos and designs they refer to (a page of 50 gifts from one collection
 * carries that collection once, not 50 times). The cursor is a row-value comparison, so
 * it is an index bound on (teamId[, senderId], createdAt DESC, id DESC) whatever the depth;
 * the email filter is an exact, case-insensitive match served by the (teamId, lower(email))
 * index. Fetches one extra gift so the caller knows whether there is a next page.
 */
export async function listGifts(db: Tx, input: ListInput): Promise<GiftView[]> {
  const [page] = await queryRows<PageJson>(db, listGiftsSql(input));
  const senders = byId(page.senders, (sender) => sender);
  const collections = byId(page.collections, withDate);
  const logos = byId(page.logos, withDate);
  const designs = byId(page.designs, withDate);
  // Field by field, not by spreading: object rest and spread copied each gift twice and
  // took more CPU than the rest of the page's work.
  return (page.gifts ?? []).map((g): GiftView => ({
    id: g.id,
    teamId: g.teamId,
    livemode: g.livemode,
    recipientName: g.recipientName,
    deliveryMethod: g.deliveryMethod,
    email: g.email,
    ccEmail: g.ccEmail,
    subject: g.subject,
    message: g.message,
    from: g.from,
    scheduledAt: utcOrNull(g.scheduledAt),
    expiresOn: utcOrNull(g.expiresOn),
    locale: g.locale,
    recipientCountry: g.recipientCountry,
    stage: g.stage,
    untieVersion: g.untieVersion,
    lastEventAt: utc(g.lastEventAt),
    collectionId: g.collectionId,
    designId: g.designId,
    logoId: g.logoId,
    priceCents: g.priceCents,
    currency: g.currency,
    dutiesMinor: g.dutiesMinor,
    taxesMinor: g.taxesMinor,
    chargeId: g.chargeId,
    thankYouNote: g.thankYouNote,
    selectedProductId: g.selectedProductId,
    variantId: g.variantId,
    redemptionEmail: g.redemptionEmail,
    address: g.address,
    carrier: g.carrier,
    trackingNumber: g.trackingNumber,
    trackingUrl: g.trackingUrl,
    deliveryIssue: g.deliveryIssue,
    createdAt: utc(g.createdAt),
    sentAt: utcOrNull(g.sentAt),
    reminders: g.reminders,
    timeZone: g.timeZone,
    remindersSent: g.remindersSent,
    remindersStoppedAt: utcOrNull(g.remindersStoppedAt),
    nextReminderAt: utcOrNull(g.nextReminderAt),
    clockAt: utcOrNull(g.clockAt),
    donatedCents: g.donatedCents,
    swapCollectionId: g.swapCollectionId,
    donatedTo: g.donatedTo,
    selectedProduct: g.selectedProduct,
    batch: g.batch,
    variant: g.variant,
    sender: senders.get(g.senderId)!,
    collection: collections.get(g.collectionId)!,
    logo: logos.get(g.logoId)!,
    design: g.designId === null ? null : (designs.get(g.designId) ?? null),
    events: g.events.map(withDate),
  }));
}

type ListInput = { caller: Actor; team: TeamRef; filter: GiftFilter; size: number; after?: Cursor };

/**
 * The page's LIMIT (one more than its size). PostgreSQL plans a prepared statement once per
 * connection only when that generic plan looks no worse than planning each execution; with
 * `LIMIT $n` it never does (a generic plan must assume a tenth of the team's gifts), so every
 * list paid ~0.3 ms of planning. The default size therefore goes in as a literal. Other sizes
 * stay a parameter, so the statement has a few texts rather than one per size (each text is
 * prepared on every connection). So does a stage filter: a generic plan can't tell a rare stage
 * from a common one and, for a rare one, walks the team's whole index (282 ms at 1,000,000
 * gifts, against 0.6 ms when planned for the value).
 */
function limit({ size, filter }: ListInput): Prisma.Sql {
  return size === DEFAULT_PAGE_SIZE && !filter.stage
    ? Prisma.raw(String(DEFAULT_PAGE_SIZE + 1))
    : Prisma.sql`${size + 1}::int`;
}

/** The statement listGifts sends (the bench EXPLAINs it). */
export function listGiftsSql(input: ListInput): Prisma.Sql {
  const { caller, filter, after } = input;
  const where = [
    Prisma.sql`g."teamId" = ${input.team.id}`,
    caller.mode === "sandbox" ? Prisma.sql`NOT g."livemode" AND g."senderId" = ${caller.user.id}` : null, // see visibleGifts
    filter.stage ? Prisma.sql`g."stage" = ${filter.stage}` : null,
    filter.email ? Prisma.sql`lower(g."email") = lower(${filter.email})` : null,
    after ? Prisma.sql`(g."createdAt", g."id") < (${after.createdAt.toISOString()}::timestamp, ${after.id})` : null,
  ].filter((c) => c !== null);
  return Prisma.sql`
    WITH "page" AS (
      SELECT g."id", g."teamId", g."senderId", g."livemode", g."recipientName", g."deliveryMethod", g."email", g."ccEmail",
             g."subject", g."message", g."from", g."scheduledAt", g."expiresOn", g."locale", g."recipientCountry", g."stage", g."untieVersion", g."lastEventAt",
             g."collectionId", g."designId", g."logoId", g."priceCents", g."currency", g."dutiesMinor", g."taxesMinor", g."chargeId", g."thankYouNote",
             g."selectedProductId", g."variantId", g."redemptionEmail", g."address", g."createdAt",
             g."carrier", g."trackingNumber", g."trackingUrl", g."deliveryIssue",
             g."sentAt", g."reminders", g."timeZone", g."remindersSent", g."remindersStoppedAt", g."nextReminderAt", g."clockAt", g."donatedCents", g."swapCollectionId",
             -- CASE: most gifts have no choice yet, and then no look-up runs.
             CASE WHEN g."batchId" IS NOT NULL THEN
               (SELECT json_build_object('id', b."id", 'name', b."name") FROM "GiftBatch" b WHERE b."id" = g."batchId") END AS "batch",
             CASE WHEN g."selectedProductId" IS NOT NULL THEN
               (SELECT json_build_object('id', p."id", 'name', p."name") FROM "Product" p WHERE p."id" = g."selectedProductId") END AS "selectedProduct",
             CASE WHEN g."donatedToCharityId" IS NOT NULL THEN
               (SELECT json_build_object('slug', c."slug", 'name', c."name") FROM "Charity" c WHERE c."id" = g."donatedToCharityId") END AS "donatedTo",
             CASE WHEN g."variantId" IS NOT NULL THEN
               (SELECT json_build_object('id', v."id", 'name', v."name") FROM "ProductVariant" v WHERE v."id" = g."variantId") END AS "variant",
             (SELECT coalesce(json_agg(json_build_object('stage', e."stage", 'action', e."action", 'message', e."message", 'createdAt', e."createdAt") ORDER BY e."id"), '[]')
                FROM "GiftEvent" e WHERE e."giftId" = g."id") AS "events"
      FROM "Gift" g
      WHERE ${Prisma.join(where, " AND ")}
      ORDER BY g."createdAt" DESC, g."id" DESC
      LIMIT ${limit(input)}
    )
    SELECT (SELECT json_agg(p ORDER BY p."createdAt" DESC, p."id" DESC) FROM "page" p) AS "gifts",
           (SELECT json_agg(json_build_object('id', u."id", 'name', u."name", 'email', u."email")) FROM "User" u WHERE u."id" IN (SELECT "senderId" FROM "page")) AS "senders",
           (SELECT json_agg(c) FROM "Collection" c WHERE c."id" IN (SELECT "collectionId" FROM "page")) AS "collections",
           (SELECT json_agg(l) FROM "Logo" l WHERE l."id" IN (SELECT "logoId" FROM "page")) AS "logos",
           (SELECT json_agg(d) FROM "Design" d WHERE d."id" IN (SELECT "designId" FROM "page")) AS "designs"`;
}
