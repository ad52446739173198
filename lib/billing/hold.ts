import type { Queryable } from "@/lib/database/sql";
import { approvalReason, quoteBudget } from "./budget";
import { quoteCaps } from "./caps";
import { assertCardOnFile, type ChargeInput } from "./charge";
import type { SpendControls } from "./controls";

/**
 * In a live create's transaction, before charging: whether the team wants an owner to approve
 * these gifts first (lib/gifts/approvals.ts). If so, nothing is charged now, but the create is
 * refused for what would refuse the charge today (no card, the budget, the credential's caps,
 * from committed spend, as a dry run checks them); the charge at approval checks the budget
 * again. Returns the reason approval is needed, or null: charge now.
 */
export async function holdForApproval(
  tx: Queryable,
  input: ChargeInput & { size: number },
  /** The team's thresholds as this transaction already read them (lib/billing/controls.ts). */
  thresholds: Pick<SpendControls, "approvalAbovePriceCents" | "approvalAboveBatchSize">,
): Promise<string | null> {
  const reason = approvalReason(thresholds, input);
  if (reason === null) return null;
  await assertCardOnFile(tx, input.teamId);
  await quoteBudget(tx, input);
  await quoteCaps(tx, input);
  return reason;
}
