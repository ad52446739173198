import type { Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TeamRef } from "@/lib/teams";
import type { Caller } from "@/lib/tokens";
import type { Cursor } from "./cursor";
import type { Stage } from "./stages";
import type { GiftView } from "./view";

export type GiftFilter = { stage?: Stage; email?: string };

type Row = Omit<GiftView, "sender" | "collection" | "logo" | "design" | "events"> & {
  sender: GiftView["sender"];
  collection: Json<GiftView["collection"]>;
  logo: Json<GiftView["logo"]>;
  design: Json<NonNullable<GiftView["design"]>> | null;
  events: Json<GiftView["events"][number]>[];
};
/** A row that came through to_json: its dates are `timestamp` text (UTC, no zone). */
type Json<T> = Omit<T, "createdAt"> & { createdAt: string };

const utc = (timestamp: string) => new Date(`${timestamp}Z`);
const withDate = <T extends { createdAt: string }>(row: T) => ({ ...row, createdAt: utc(row.createdAt) });

/**
 * One page of the gift list, newest first, with everything the response includes, in one
 * statement. The cursor is a row-value comparison, so it is an index bound on
 * (teamId[, senderId], createdAt DESC, id DESC) whatever the depth; the email filter is an
 * exact, case-insensitive match served by the (teamId, lower(email)) index. Fetches one extra
 * row so the caller knows whether there is a next page.
 */
export async function listGifts(db: Tx, input: ListInput): Promise<GiftView[]> {
  const rows = await db.$queryRaw<Row[]>(listGiftsSql(input));
  return rows.map((r) => ({
    ...r,
    collection: withDate(r.collection),
    logo: withDate(r.logo),
    design: r.design && withDate(r.design),
    events: r.events.map(withDate),
  }));
}

type ListInput = { caller: Caller; team: TeamRef; filter: GiftFilter; size: number; after?: Cursor };

/** The statement listGifts sends (the bench EXPLAINs it). */
export function listGiftsSql(input: ListInput): Prisma.Sql {
  const { caller, filter, after } = input;
  const where = [
    Prisma.sql`g."teamId" = ${input.team.id}`,
    caller.mode === "sandbox" ? Prisma.sql`g."senderId" = ${caller.user.id}` : null,
    filter.stage ? Prisma.sql`g."stage" = ${filter.stage}` : null,
    filter.email ? Prisma.sql`lower(g."email") = lower(${filter.email})` : null,
    after ? Prisma.sql`(g."createdAt", g."id") < (${after.createdAt.toISOString()}::timestamp, ${after.id})` : null,
  ].filter((c) => c !== null);
  return Prisma.sql`
    SELECT g."id", g."teamId", g."livemode", g."recipientName", g."deliveryMethod", g."email", g."ccEmail",
           g."subject", g."message", g."from", g."scheduledAt", g."expiresOn", g."stage", g."lastEventAt",
           g."collectionId", g."designId", g."logoId", g."priceCents", g."chargeId", g."thankYouNote",
           g."selectedProductId", g."variantId", g."redemptionEmail", g."address", g."createdAt",
           g."carrier", g."trackingNumber", g."trackingUrl",
           (SELECT json_build_object('id', p."id", 'name', p."name") FROM "Product" p WHERE p."id" = g."selectedProductId") AS "selectedProduct",
           (SELECT json_build_object('id', v."id", 'name', v."name") FROM "ProductVariant" v WHERE v."id" = g."variantId") AS "variant",
           json_build_object('id', u."id", 'name', u."name", 'email', u."email") AS "sender",
           to_json(c) AS "collection", to_json(l) AS "logo", to_json(d) AS "design",
           (SELECT coalesce(json_agg(json_build_object('stage', e."stage", 'message', e."message", 'createdAt', e."createdAt") ORDER BY e."id"), '[]')
              FROM "GiftEvent" e WHERE e."giftId" = g."id") AS "events"
    FROM "Gift" g
    JOIN "User" u ON u."id" = g."senderId"
    JOIN "Collection" c ON c."id" = g."collectionId"
    JOIN "Logo" l ON l."id" = g."logoId"
    LEFT JOIN "Design" d ON d."id" = g."designId"
    WHERE ${Prisma.join(where, " AND ")}
    ORDER BY g."createdAt" DESC, g."id" DESC
    LIMIT ${input.size + 1}::int`;
}
