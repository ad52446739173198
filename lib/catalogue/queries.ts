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
  return db.logo.findMany({ where: availableTo(teamId), orderBy: [{ isDefault: "desc" }, { global: "asc" }, { name: "asc" }] });
}

/** A collection by numeric id or by name (exact, then case-insensitive), if the team may use it. */
export async function findCollection(db: Tx, teamId: string, ref: string) {
  const where = availableTo(teamId);
  if (/^\d{1,9}$/.test(ref)) {
    const byId = await db.collection.findFirst({ where: { AND: [where, { id: Number(ref) }] } });
    if (byId) return byId;
  }
  return (
    (await db.collection.findFirst({ where: { AND: [where, { name: ref }] }, orderBy: { global: "asc" } })) ??
    db.collection.findFirst({ where: { AND: [where, { name: { equals: ref, mode: "insensitive" } }] }, orderBy: { global: "asc" } })
  );
}

/** A design by id (its slug), if the team may use it. */
export function findDesign(db: Tx, teamId: string, ref: string) {
  return db.design.findFirst({ where: { AND: [availableTo(teamId), { id: ref.toLowerCase() }] } });
}

/** A logo by id, if the team may use it; the service's default logo when no id is given. */
export function findLogo(db: Tx, teamId: string, id: number | undefined) {
  if (id === undefined) return db.logo.findFirst({ where: { isDefault: true } });
  return db.logo.findFirst({ where: { AND: [availableTo(teamId), { id }] } });
}
