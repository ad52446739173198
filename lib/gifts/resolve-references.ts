import { queryRows, type Queryable } from "@/lib/database/sql";
import type { FieldProblem } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { withDate, type Json } from "./json-dates";
import type { GiftView } from "./view";

/** The references as the statement returns them (to_json rows: dates are `timestamp` text). */
export type ReferenceRows = {
  collection: Json<GiftView["collection"]> | null;
  design: Json<NonNullable<GiftView["design"]>> | null;
  logo: Json<GiftView["logo"]> | null;
};
export type References = {
  collection: GiftView["collection"] | null;
  design: GiftView["design"] | null;
  logo: GiftView["logo"] | null;
};
/** What a gift names: a collection by id or name, a design by slug, a logo by id (else the default). */
export type ReferenceSpec = { collection?: string; designId?: string; logoId?: number };

const MAX_DB_INT = 2_147_483_647;
const withDateOrNull = <T extends { createdAt: string }>(row: T | null) => row && withDate(row);

export const referencesFromRows = (row: ReferenceRows): References => ({
  collection: withDateOrNull(row.collection),
  design: withDateOrNull(row.design),
  logo: withDateOrNull(row.logo),
});

/**
 * A one-row SELECT of the collection (by numeric id, else by exact name, else by name in any
 * case; the team's own before the global one), design (by slug) and logo (by id, or the
 * default) a gift names, if the team may use them; each null when there is none. The same
 * rules as lib/catalogue's finders.
 */
export function referencesSql(teamId: string, refs: ReferenceSpec, { lockCollection = false } = {}): Prisma.Sql {
  const collectionId =
    refs.collection !== undefined && /^\d{1,9}$/.test(refs.collection) ? Number(refs.collection) : null;
  // Ids beyond the database's integer range can't exist (and would make the query fail).
  const logoId = refs.logoId === undefined ? null : refs.logoId > MAX_DB_INT ? -1 : refs.logoId;
  return Prisma.sql`
    SELECT
      (SELECT to_json(c) FROM "Collection" c
        WHERE (c."global" OR c."teamId" = ${teamId})
          AND (c."id" = ${collectionId}::int OR lower(c."name") = lower(${refs.collection ?? null}::text))
        ORDER BY (c."id" = ${collectionId}::int) IS TRUE DESC, c."name" = ${refs.collection ?? null}::text DESC, c."global" ASC, c."id" ASC
        LIMIT 1 ${lockCollection ? Prisma.sql`FOR SHARE` : Prisma.empty}) AS "collection",
      (SELECT to_json(d) FROM "Design" d
        WHERE (d."global" OR d."teamId" = ${teamId}) AND d."id" = ${refs.designId?.toLowerCase() ?? null}::text) AS "design",
      (SELECT to_json(l) FROM "Logo" l
        WHERE CASE WHEN ${logoId}::int IS NULL THEN l."isDefault" ELSE (l."global" OR l."teamId" = ${teamId}) AND l."id" = ${logoId}::int END
        ORDER BY l."id" LIMIT 1) AS "logo"`;
}

/**
 * The references a gift names, in one statement (see referencesSql). `lockCollection`: the
 * collection's row is held (FOR SHARE) until the transaction ends, so a create that charges
 * compares, charges and writes on its gifts the price it read; a concurrent price change waits.
 */
export async function resolveReferences(
  db: Queryable,
  teamId: string,
  refs: ReferenceSpec,
  options?: { lockCollection: boolean },
): Promise<References> {
  const [row] = await queryRows<ReferenceRows>(db, referencesSql(teamId, refs, options));
  return referencesFromRows(row);
}

/** What a create reports for references that don't resolve, with a pointer to each field. */
export function referenceProblems(refs: References, spec: ReferenceSpec): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (spec.collection !== undefined && !refs.collection) {
    problems.push({
      detail: `Collection "${spec.collection}" was not found (see GET /collections)`,
      pointer: "/gift/collection",
      code: "not_found",
    });
  }
  if (spec.designId !== undefined && !refs.design) {
    problems.push({
      detail: `Design "${spec.designId}" was not found (see GET /designs)`,
      pointer: "/gift/design_id",
      code: "not_found",
    });
  }
  if (!refs.logo)
    problems.push({
      detail: `Logo ${spec.logoId} was not found (see GET /logos)`,
      pointer: "/gift/logo_id",
      code: "not_found",
    });
  return problems;
}
