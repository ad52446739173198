import { queryRows, type Queryable } from "@/lib/database/sql";
import type { Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

/** What a team may use: the global catalogue plus the team's own items. */
export const availableTo = (teamId: string) => ({ OR: [{ global: true }, { teamId }] });

/** A product as the untie page offers it: its card and its variants, in their order. */
export const CHOICE_PRODUCT_SELECT = {
  id: true,
  name: true,
  description: true,
  imageUrl: true,
  variants: { orderBy: { position: "asc" }, select: { id: true, name: true, size: true, color: true } },
} as const;

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
