import type { Budget } from "@/lib/billing";
import { formatMoney } from "@/lib/money";
import type { ResourceObject } from "./resource";

/** A team's spend controls and this month's spend, as a `budgets` resource (its id is the team's). */
export function serializeBudget(budget: Budget): ResourceObject {
  const money = (minor: number | null) => (minor === null ? null : formatMoney(minor, budget.currency));
  return {
    type: "budgets",
    id: budget.teamId,
    attributes: {
      period: budget.period,
      "monthly-limit": money(budget.monthlyLimitCents),
      "per-gift-limit": money(budget.perGiftLimitCents),
      "approval-above-price": money(budget.approvalAbovePriceCents),
      "approval-above-batch-size": budget.approvalAboveBatchSize,
      spent: formatMoney(budget.spentCents, budget.currency),
      remaining:
        budget.monthlyLimitCents === null
          ? null
          : formatMoney(Math.max(0, budget.monthlyLimitCents - budget.spentCents), budget.currency),
      currency: budget.currency,
    },
  };
}
