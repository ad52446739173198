import type { Tx } from "@/lib/db";

/** What a team may use: the global catalogue plus the team's own items. */
const availableTo = (teamId: string) => ({ OR: [{ global: true }, { teamId }] });

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
