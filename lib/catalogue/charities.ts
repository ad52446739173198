import type { Tx } from "@/lib/db";

export type CharityChoice = { slug: string; name: string; logoUrl: string; sentence: string };

/** The charities a recipient may donate their gift to, in the seed's order. */
export function listCharities(db: Tx): Promise<CharityChoice[]> {
  return db.charity.findMany({
    orderBy: { position: "asc" },
    select: { slug: true, name: true, logoUrl: true, sentence: true },
  });
}
