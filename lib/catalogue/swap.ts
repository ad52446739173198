import type { Tx } from "@/lib/db";
import { badRequest, forbidden, unknownFieldProblems, ValidationError, type FieldProblem } from "@/lib/errors";
import { ownerRequired, type TeamRole } from "@/lib/teams/roles";
import { queryRows, type Queryable } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { availableTo, CHOICE_PRODUCT_JSON, type ChoiceProduct } from "./queries";

/** A team's swap collections: what a recipient who likes nothing in their gift's collection may choose from. */
export type SwapCollections = { teamId: string; collectionIds: number[] };

export const MAX_SWAP_COLLECTIONS = 20;

export async function readSwapCollections(db: Tx, teamId: string): Promise<SwapCollections> {
  const team = await db.team.findUniqueOrThrow({ where: { id: teamId }, select: { swapCollectionIds: true } });
  return { teamId, collectionIds: team.swapCollectionIds };
}

const POINTER = "/swap_collections/collection_ids";

/** `{"swap_collections": {"collection_ids": ["3", "7"]}}` → the ids (strings of digits, no duplicates, ≤ 20), or every problem. */
export function parseSwapCollections(body: unknown): number[] {
  const settings = (body as { swap_collections?: unknown } | null)?.swap_collections;
  if (!settings || typeof settings !== "object" || Array.isArray(settings))
    throw badRequest('The body must be {"swap_collections": {"collection_ids": ["3", "7"]}}.');
  const fields = settings as Record<string, unknown>;
  const problems: FieldProblem[] = unknownFieldProblems(fields, ["collection_ids"], "/swap_collections");
  const ids = fields.collection_ids;
  if (!Array.isArray(ids)) {
    problems.push({ pointer: POINTER, detail: "Collection ids must be a list of collection ids (strings)." });
    throw new ValidationError(problems);
  }
  if (ids.length > MAX_SWAP_COLLECTIONS)
    problems.push({ pointer: POINTER, detail: `At most ${MAX_SWAP_COLLECTIONS} swap collections.` });
  const parsed: number[] = [];
  ids.slice(0, MAX_SWAP_COLLECTIONS).forEach((id, i) => {
    if (typeof id !== "string" || !/^[1-9][0-9]{0,8}$/.test(id))
      problems.push({ pointer: `${POINTER}/${i}`, detail: 'A collection id is a string of digits, like "3".' });
    else if (parsed.includes(Number(id)))
      problems.push({ pointer: `${POINTER}/${i}`, detail: `Collection ${id} is listed twice.` });
    else parsed.push(Number(id));
  });
  if (problems.length > 0) throw new ValidationError(problems);
  return parsed;
}

/**
 * `PATCH /swap-collections`: an owner sets the team's swap collections (`[]`: no swap). Each must
 * be a collection the team can send (global or its own); another team's is refused as unknown.
 */
export async function updateSwapCollections(
  db: Tx,
  actor: { mode: "live" | "sandbox"; role: TeamRole; team: { id: string } },
  body: unknown,
): Promise<SwapCollections> {
  if (actor.mode === "sandbox") throw forbidden("The sandbox's swap collections can't be changed.");
  if (actor.role !== "owner")
    throw ownerRequired(
      `Only the team's owners can set its swap collections. Ask an owner of team "${actor.team.id}".`,
    );
  const ids = parseSwapCollections(body);
  const usable = await db.collection.findMany({
    where: { id: { in: ids }, ...availableTo(actor.team.id) },
    select: { id: true },
  });
  const known = new Set(usable.map((c) => c.id));
  const unknown = ids.flatMap((id, i) =>
    known.has(id) ? [] : [{ pointer: `${POINTER}/${i}`, detail: `No collection ${id} that this team can use.` }],
  );
  if (unknown.length > 0) throw new ValidationError(unknown);
  await db.team.update({ where: { id: actor.team.id }, data: { swapCollectionIds: ids } });
  return readSwapCollections(db, actor.team.id);
}

/** The gift a swap is for (each field an SQL expression: a value, or a column of the statement's gift row). */
export type SwapGiftSql = {
  teamId: Prisma.Sql;
  collectionId: Prisma.Sql;
  livemode: Prisma.Sql;
  priceCents: Prisma.Sql;
};

/** A gift's fields as SQL values. */
const values = (gift: SwapGift): SwapGiftSql => ({
  teamId: Prisma.sql`${gift.teamId}`,
  collectionId: Prisma.sql`${gift.collectionId}`,
  livemode: Prisma.sql`${gift.livemode}::boolean`,
  priceCents: Prisma.sql`${gift.priceCents}::int`,
});

/**
 * The swap rule, for a collection row aliased `c`: one of the team's swap collections other than
 * the gift's own, which the team may use, priced at or below what the gift is worth (its price; a
 * sandbox gift costs nothing, so its collection's price). The one home of the rule: the untie
 * page's statement and the redemption's check both use it.
 */
export const swappableCollection = (gift: SwapGiftSql) => Prisma.sql`
  EXISTS (SELECT 1 FROM "Team" t WHERE t."id" = ${gift.teamId} AND c."id" = ANY(t."swapCollectionIds"))
  AND c."id" <> ${gift.collectionId}
  AND (c."global" OR c."teamId" = ${gift.teamId})
  AND c."priceCents" <= CASE WHEN ${gift.livemode} THEN ${gift.priceCents}
                             ELSE (SELECT own."priceCents" FROM "Collection" own WHERE own."id" = ${gift.collectionId}) END`;

/** The products a recipient may swap their gift for, as a JSON array of `ChoiceProduct` (by collection name, then position). */
export const swapProductsJson = (gift: SwapGiftSql) =>
  Prisma.sql`(SELECT coalesce(json_agg(${CHOICE_PRODUCT_JSON} ORDER BY c."name", c."id", p."position", p."id"), '[]')
              FROM "Product" p JOIN "Collection" c ON c."id" = p."collectionId"
              WHERE ${swappableCollection(gift)})`;

type SwapGift = { teamId: string; collectionId: number; livemode: boolean; priceCents: number };

/** The products a recipient may swap their gift for: those of the team's swap collections priced at or below the gift. */
export async function swapProductsFor(db: Queryable, gift: SwapGift): Promise<ChoiceProduct[]> {
  const [row] = await queryRows<{ products: ChoiceProduct[] }>(
    db,
    Prisma.sql`SELECT ${swapProductsJson(values(gift))} AS "products"`,
  );
  return row.products;
}

/** The swap collection a product may be swapped from for this gift; null when it may not be. */
export async function swapCollectionOf(db: Queryable, gift: SwapGift, productId: number) {
  const [collection] = await queryRows<{ id: number; name: string }>(
    db,
    Prisma.sql`SELECT c."id", c."name" FROM "Product" p JOIN "Collection" c ON c."id" = p."collectionId"
               WHERE p."id" = ${productId} AND ${swappableCollection(values(gift))}`,
  );
  return collection ?? null;
}
