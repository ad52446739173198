import { queryRows, type Queryable } from "@/lib/database/sql";
import type { Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

/** What a team may use: the global catalogue plus the team's own items. */
export const availableTo = (teamId: string) => ({ OR: [{ global: true }, { teamId }] });

/** A product as the untie page offers it: its card and its variants, in their order. */
export type ChoiceProduct = {
  id: number;
  /** Its words in the recipient's language are found by it (`catalogueIn`). */
  slug: string;
  name: string;
  description: string;
  imageUrl: string;
  /** Where it can go (lib/catalogue/ships-to.ts). */
  shipsTo: string[];
  /** `imageUrl`: the product's picture in the variant's colour (lib/catalogue/variant-art.ts), set for the page. */
  variants: { id: number; name: string; size: string | null; color: string | null; imageUrl?: string }[];
};

/** `ChoiceProduct` as JSON, built by the database for a product row aliased `p` (one statement, however many products). */
export const CHOICE_PRODUCT_JSON = Prisma.sql`json_build_object(
  'id', p."id", 'slug', p."slug", 'name', p."name", 'description', p."description", 'imageUrl', p."imageUrl",
  'shipsTo', p."shipsTo",
  'variants', (SELECT coalesce(json_agg(json_build_object('id', v."id", 'name', v."name", 'size', v."size", 'color', v."color")
                                        ORDER BY v."position", v."id"), '[]')
               FROM "ProductVariant" v WHERE v."productId" = p."id"))`;

/** The products of one collection (`collectionId`: an SQL expression), in their order, as a JSON array of `ChoiceProduct`. */
export const collectionProductsJson = (collectionId: Prisma.Sql) =>
  Prisma.sql`(SELECT coalesce(json_agg(${CHOICE_PRODUCT_JSON} ORDER BY p."position", p."id"), '[]')
              FROM "Product" p WHERE p."collectionId" = ${collectionId})`;

/** The team's collections with their products and each product's variants (what a recipient chooses from). */
export function listCollections(db: Tx, teamId: string) {
  return db.collection.findMany({
    where: availableTo(teamId),
    orderBy: [{ global: "asc" }, { name: "asc" }],
    include: { products: { orderBy: { position: "asc" }, include: { variants: { orderBy: { position: "asc" } } } } },
  });
}

export function listDesigns(db: Tx, teamId: string) {
  return db.design.findMany({ where: availableTo(teamId), orderBy: [{ global: "asc" }, { name: "asc" }] });
}

export function listLogos(db: Tx, teamId: string) {
  return db.logo.findMany({
    where: availableTo(teamId),
    orderBy: [{ isDefault: "desc" }, { global: "asc" }, { name: "asc" }],
  });
}

/** The collections a person can send from on any of their teams (a credential's allowed collections are picked from these). */
export function collectionsForPerson(db: Tx, userId: string) {
  return db.collection.findMany({
    where: { OR: [{ global: true }, { team: { memberships: { some: { userId } } } }] },
    orderBy: [{ global: "asc" }, { name: "asc" }],
    select: { id: true, name: true, priceCents: true },
  });
}

/**
 * Collection names by id (for describing a credential's caps, and its refusals inside the
 * charging transaction); unknown ids are left out.
 */
export async function collectionNames(db: Queryable, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    Prisma.sql`SELECT "id", "name" FROM "Collection" WHERE "id" IN (${Prisma.join(ids)})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** The collections a team can send, by name and price only (the team page's choices). */
export function teamCollectionChoices(db: Tx, teamId: string) {
  return db.collection.findMany({
    where: availableTo(teamId),
    orderBy: [{ global: "asc" }, { name: "asc" }],
    select: { id: true, name: true, priceCents: true },
  });
}

/** A collection as the send form offers it: its card, not its products (the recipient chooses those). */
export type SendCollection = {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  /** The currency of priceCents: the collection's own (a team in another is charged it converted). */
  currency: string;
  imageUrl: string;
};
/** A card design as the send form offers it. */
export type SendDesign = { id: string; name: string; thumbnailUrl: string };

/**
 * What the send form offers a team, in one statement: its collections (the team's own, then the global
 * catalogue, each by name), the countries any of their products reaches (the recipient's country
 * choices) and its card designs, in the same order as listCollections and
 * listDesigns. Those read every collection's products and their variants too (three statements
 * through Prisma, and the designs a fourth), which the form never shows.
 */
export async function sendChoices(
  db: Queryable,
  teamId: string,
): Promise<{ collections: SendCollection[]; designs: SendDesign[]; countries: string[] }> {
  const [row] = await queryRows<{ collections: SendCollection[]; designs: SendDesign[]; countries: string[] }>(
    db,
    Prisma.sql`SELECT
      (SELECT coalesce(json_agg(json_build_object('id', c."id", 'name', c."name", 'description', c."description",
                                                  'priceCents', c."priceCents", 'currency', c."currency", 'imageUrl', c."imageUrl")
                                ORDER BY c."global", c."name", c."id"), '[]')
       FROM "Collection" c WHERE c."global" OR c."teamId" = ${teamId}) AS "collections",
      (SELECT coalesce(json_agg(json_build_object('id', d."id", 'name', d."name", 'thumbnailUrl', d."thumbnailUrl")
                                ORDER BY d."global", d."name", d."id"), '[]')
       FROM "Design" d WHERE d."global" OR d."teamId" = ${teamId}) AS "designs",
      (SELECT coalesce(array_agg(DISTINCT s."code" ORDER BY s."code"), '{}')
       FROM "Collection" c JOIN "Product" p ON p."collectionId" = c."id", unnest(p."shipsTo") AS s("code")
       WHERE c."global" OR c."teamId" = ${teamId}) AS "countries"`,
  );
  return row;
}
