import { collectionCountriesSql } from "@/lib/catalogue/ships-to";
import { queryRows, type Queryable } from "@/lib/database/sql";
import type { FieldProblem } from "@/lib/errors";
import { countryNameIn } from "@/lib/format/locale";
import { Prisma } from "@/lib/generated/prisma/client";
import { referencesSql } from "./resolve-references";
import type { RecipientDraft } from "./schema";

/**
 * A create's recipients whose `recipient_country` nothing in the collection reaches: one problem
 * each, at its `recipient_country`, code `not_deliverable`, so the create (single, bulk or its dry
 * run) writes nothing. The sender named the country, so the sender is told, rather than the
 * recipient being sent to a page of swaps. One statement, and none when no recipient names a
 * country. A collection that isn't found is referenceProblems' to report.
 */
export async function deliverabilityProblems(
  db: Queryable,
  teamId: string,
  collection: string | undefined,
  recipients: RecipientDraft[],
): Promise<FieldProblem[]> {
  const named = recipients.filter((r) => r.recipientCountry);
  if (named.length === 0 || collection === undefined) return [];
  const [row] = await queryRows<{ name: string | null; countries: string[] | null }>(
    db,
    Prisma.sql`WITH "refs" AS (${referencesSql(teamId, { collection })})
      SELECT "refs"."collection"->>'name' AS "name",
             CASE WHEN "refs"."collection" IS NOT NULL
                  THEN ${collectionCountriesSql(Prisma.sql`("refs"."collection"->>'id')::int`)} END AS "countries"
      FROM "refs"`,
  );
  if (!row?.countries) return [];
  const reached = new Set(row.countries);
  return named
    .filter((r) => !reached.has(r.recipientCountry!))
    .map((r) => ({
      detail: `Nothing in "${row.name}" can be delivered to ${countryNameIn(r.recipientCountry!, "en")} (${r.recipientCountry}): choose a collection whose countries include it (GET /collections), or leave recipient_country out and the recipient chooses on their page`,
      pointer: `${r.pointer}/recipient_country`,
      code: "not_deliverable",
    }));
}
