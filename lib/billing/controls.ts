import { queryRows, type Queryable } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { capsFromJson, type SpendCaps } from "./caps";

/**
 * Everything a live charge asks of the team and the credential before it is made, read in one
 * statement (a charge's common case, a team without limits and a token without caps, needs
 * nothing more): the approval thresholds, the budget's limits, the card on file and the
 * credential's caps. Unlocked: a team with a budget, or a credential with caps, is locked and read
 * again from committed spend by `enforceBudget` / `enforceCaps` before the charge, as before.
 */
export type SpendControls = {
  approvalAbovePriceCents: number | null;
  approvalAboveBatchSize: number | null;
  monthlyBudgetCents: number | null;
  perGiftLimitCents: number | null;
  card: { last4: string; testBehavior: string } | null;
  /** The credential's caps (null: none, or the site's session or a job). */
  caps: SpendCaps | null;
};

export type SpendControlsRow = {
  approvalAbovePriceCents: number | null;
  approvalAboveBatchSize: number | null;
  monthlyBudgetCents: number | null;
  perGiftLimitCents: number | null;
  last4: string | null;
  testBehavior: string | null;
  caps: unknown;
};

/**
 * The one-row SELECT `readSpendControls` sends, for a caller that reads it together with
 * something else in one statement (a live create: with the references it charges for); its
 * columns go through `spendControlsFromRow`.
 */
export function spendControlsSql(teamId: string, by: { via: string; credentialId: number | null }): Prisma.Sql {
  const caps =
    by.credentialId === null
      ? Prisma.sql`NULL::jsonb`
      : by.via === "oauth"
        ? Prisma.sql`(SELECT "caps" FROM "OAuthToken" WHERE "id" = ${by.credentialId}::int)`
        : by.via === "token"
          ? Prisma.sql`(SELECT "caps" FROM "ApiToken" WHERE "id" = ${by.credentialId}::int)`
          : Prisma.sql`NULL::jsonb`;
  return Prisma.sql`SELECT t."approvalAbovePriceCents", t."approvalAboveBatchSize", t."monthlyBudgetCents", t."perGiftLimitCents",
                      p."last4", p."testBehavior", ${caps} AS "caps"
               FROM (SELECT ${teamId}::text AS "id") k
               LEFT JOIN "Team" t ON t."id" = k."id"
               LEFT JOIN "PaymentMethod" p ON p."teamId" = k."id"`;
}

/** The spend controls from `spendControlsSql`'s columns. */
export function spendControlsFromRow(row: SpendControlsRow | undefined): SpendControls {
  return {
    approvalAbovePriceCents: row?.approvalAbovePriceCents ?? null,
    approvalAboveBatchSize: row?.approvalAboveBatchSize ?? null,
    monthlyBudgetCents: row?.monthlyBudgetCents ?? null,
    perGiftLimitCents: row?.perGiftLimitCents ?? null,
    card: row?.last4 != null ? { last4: row.last4, testBehavior: row.testBehavior ?? "" } : null,
    caps: capsFromJson(row?.caps),
  };
}

/** The team's spend controls and the credential's caps: one statement. */
export async function readSpendControls(
  db: Queryable,
  teamId: string,
  by: { via: string; credentialId: number | null },
): Promise<SpendControls> {
  const [row] = await queryRows<SpendControlsRow>(db, spendControlsSql(teamId, by));
  return spendControlsFromRow(row);
}

/**
 * Whether a charge under these controls must lock and re-read committed spend before it is made
 * (a budget, a per-gift limit, a credential's caps). Without them the read above is all it needs.
 */
export const spendControlsNeedLock = (controls: SpendControls): boolean =>
  controls.monthlyBudgetCents !== null || controls.perGiftLimitCents !== null || controls.caps !== null;

/**
 * A boolean SQL expression: the team's spend controls and the credential's caps still read as
 * `row` (`spendControlsSql`'s row, read earlier outside any transaction). A statement that
 * charges from that earlier read writes nothing unless this holds in its own snapshot, so what
 * it charges obeys the controls as they are when it writes (lib/gifts/create.ts).
 */
export function spendControlsUnchangedSql(
  teamId: string,
  by: { via: string; credentialId: number | null },
  row: SpendControlsRow,
): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT FROM (${spendControlsSql(teamId, by)}) s
    WHERE s."approvalAbovePriceCents" IS NOT DISTINCT FROM ${row.approvalAbovePriceCents}::int
      AND s."approvalAboveBatchSize" IS NOT DISTINCT FROM ${row.approvalAboveBatchSize}::int
      AND s."monthlyBudgetCents" IS NOT DISTINCT FROM ${row.monthlyBudgetCents}::int
      AND s."perGiftLimitCents" IS NOT DISTINCT FROM ${row.perGiftLimitCents}::int
      AND s."last4" IS NOT DISTINCT FROM ${row.last4}::text
      AND s."testBehavior" IS NOT DISTINCT FROM ${row.testBehavior}::text
      AND s."caps"::jsonb IS NOT DISTINCT FROM ${row.caps == null ? null : JSON.stringify(row.caps)}::jsonb)`;
}
