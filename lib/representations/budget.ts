import type { Budget } from "@/lib/billing";
import { CURRENCY, formatMoney } from "@/lib/money";
import type { ResourceObject } from "./resource";

/** A team's spend controls and this month's spend, as a `budgets` resource (its id is the team's). */
export function serializeBudget(budget: Budget): ResourceObject {
  const money = (cents: number | null) => (cents === null ? null : formatMoney(cents));
  return {
    type: "budgets",
    id: budget.teamId,
    attributes: {
      period: budget.period,
      "monthly-limit": money(budget.monthlyLimitCents),
      "per-gift-limit": money(budget.perGiftLimitCents),
      "approval-above-price": money(budget.approvalAbovePriceCents),
      "approval-above-batch-size": budget.approvalAboveBatchSize,
      spent: formatMoney(budget.spentCents),
      remaining:
        budget.monthlyLimitCents === null
          ? null
          : formatMoney(Math.max(0, budget.monthlyLimitCents - budget.spentCents)),
      currency: CURRENCY,
    },
  };
}
