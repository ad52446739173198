import type { Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

export type CharityChoice = { slug: string; name: string; logoUrl: string; sentence: string };

/** The charities a recipient may donate their gift to, in the seed's order. */
export function listCharities(db: Tx): Promise<CharityChoice[]> {
  return db.charity.findMany({
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { slug: true, name: true, logoUrl: true, sentence: true },
  });
}

/** `listCharities` as one JSON array built by the database, for a statement that reads more than the charities. */
export const CHARITIES_JSON = Prisma.sql`(SELECT coalesce(json_agg(json_build_object(
    'slug', ch."slug", 'name', ch."name", 'logoUrl', ch."logoUrl", 'sentence', ch."sentence") ORDER BY ch."position", ch."id"), '[]')
  FROM "Charity" ch)`;
