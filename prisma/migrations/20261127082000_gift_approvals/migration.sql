-- Approvals (lib/gifts/approvals.ts): a live gift priced above the first, or created in a batch
-- larger than the second, waits in stage "pending_approval" for an owner. NULL: never.
ALTER TABLE "Team" ADD COLUMN "approvalAbovePriceCents" INTEGER;
ALTER TABLE "Team" ADD COLUMN "approvalAboveBatchSize" INTEGER;

-- The gifts still waiting, oldest first: the job that expires unapproved gifts reads only these.
CREATE INDEX "Gift_pending_approval_idx" ON "Gift" ("createdAt") WHERE "stage" = 'pending_approval';
