"use client";
// A client component for its markup's sake: the HTML carries that markup, the RSC payload only the props.

import type { FormAction } from "./action-state";
import { ActionForm } from "./ActionForm";

type Props = {
  teamId: string;
  owner: boolean;
  /** Money as shown ("500.00"), null for no limit. */
  budget: {
    period: string;
    monthlyLimit: string | null;
    perGiftLimit: string | null;
    spent: string;
    remaining: string | null;
    approvalAbovePrice: string | null;
    approvalAboveBatchSize: number | null;
  };
  setBudget: FormAction;
};

const field = "mt-1 block w-40 rounded-lg border border-stone-400 px-3 py-2";

/** The team's spend controls: this month's spend against the budget, and (owners) the form that sets them. */
export function BudgetSection({ teamId, owner, budget, setBudget }: Props) {
  return (
    <section className="mt-10" aria-labelledby="budget">
      <h2 id="budget" className="text-xl font-semibold">
        Budget
      </h2>
      <p className="mt-1 text-sm text-stone-700" data-testid="budget-summary">
        Spent in {budget.period}: ${budget.spent}
        {budget.monthlyLimit
          ? ` of a $${budget.monthlyLimit} monthly budget ($${budget.remaining} left)`
          : " (no monthly budget)"}
        . {budget.perGiftLimit ? `No gift may cost more than $${budget.perGiftLimit}.` : "No per-gift limit."}
      </p>
      <p className="mt-1 text-sm text-stone-700">
        Live gifts that would pass a limit are refused before anything is charged; cancelled gifts give their refund
        back to the month.
      </p>
      <p className="mt-1 text-sm text-stone-700" data-testid="approval-summary">
        {budget.approvalAbovePrice || budget.approvalAboveBatchSize
          ? `An owner approves ${[
              budget.approvalAbovePrice && `gifts above $${budget.approvalAbovePrice}`,
              budget.approvalAboveBatchSize && `batches of more than ${budget.approvalAboveBatchSize} gifts`,
            ]
              .filter(Boolean)
              .join(" and ")} before they are charged or sent; unapproved gifts expire after 7 days.`
          : "No gift needs an owner's approval."}
      </p>
      {owner && (
        <ActionForm
          action={setBudget}
          submitLabel="Save limits"
          className="mt-4 flex flex-wrap items-end gap-3"
          testId="budget-form"
        >
          <input type="hidden" name="team" value={teamId} />
          <label className="block">
            <span className="text-sm font-medium">Monthly budget ($)</span>
            <input
              name="monthly_limit"
              inputMode="decimal"
              defaultValue={budget.monthlyLimit ?? ""}
              placeholder="No limit"
              className={field}
            />
          </label>
          <label className="block">
            <span className="text-sm font-medium">Most per gift ($)</span>
            <input
              name="per_gift_limit"
              inputMode="decimal"
              defaultValue={budget.perGiftLimit ?? ""}
              placeholder="No limit"
              className={field}
            />
          </label>
          <label className="block">
            <span className="text-sm font-medium">Approve gifts above ($)</span>
            <input
              name="approval_above_price"
              inputMode="decimal"
              defaultValue={budget.approvalAbovePrice ?? ""}
              placeholder="Never"
              className={field}
            />
          </label>
          <label className="block">
            <span className="text-sm font-medium">Approve batches over (gifts)</span>
            <input
              name="approval_above_batch_size"
              inputMode="numeric"
              defaultValue={budget.approvalAboveBatchSize ?? ""}
              placeholder="Never"
              className={field}
            />
          </label>
        </ActionForm>
      )}
    </section>
  );
}
