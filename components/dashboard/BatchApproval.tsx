import { ActionForm } from "@/components/teams/ActionForm";
import type { FormAction } from "@/components/teams/action-state";
import type { BatchView } from "@/lib/gifts";
import { displayMoney } from "@/lib/money";
import { RejectionReason } from "@/components/dashboard/RejectionReason";

/** On a batch's view, for owners: approve (one charge) or reject every gift of it still waiting. */
export function BatchApproval({
  teamId,
  batch,
  approve,
  reject,
}: {
  teamId: string;
  batch: BatchView;
  approve: FormAction;
  reject: FormAction;
}) {
  const waiting = batch.stages.pending_approval ?? 0;
  const hidden = (
    <>
      <input type="hidden" name="team" value={teamId} />
      <input type="hidden" name="batch" value={batch.id} />
      <input type="hidden" name="mode" value="live" />
    </>
  );
  return (
    <section
      aria-labelledby="batch-approval"
      data-testid="batch-approval"
      className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="batch-approval" className="font-semibold text-amber-950">
        {waiting} {waiting === 1 ? "gift" : "gifts"} of “{batch.name}” {waiting === 1 ? "is" : "are"} waiting for your
        approval
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        Approving all of them charges {displayMoney(batch.pendingApprovalCents, batch.currency)} to the team&apos;s card
        at once, and they go out as scheduled. Unapproved gifts expire 7 days after they were created.
      </p>
      <div className="mt-3 flex flex-wrap gap-4">
        <ActionForm action={approve} submitLabel={`Approve all ${waiting}`} testId="approve-batch">
          {hidden}
        </ActionForm>
        <ActionForm action={reject} submitLabel={`Reject all ${waiting}`} testId="reject-batch">
          {hidden}
          <RejectionReason />
        </ActionForm>
      </div>
    </section>
  );
}
