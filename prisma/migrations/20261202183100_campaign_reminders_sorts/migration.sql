-- Issue 33, three pieces (docs/dashboard.md):
--
-- 1. "Remind those who haven't opened" for a whole campaign: a click queues a CampaignReminder,
--    the `send-campaign-reminders` job works through it in chunks. At most one unfinished
--    reminder per batch (a second click while one runs joins it): a partial unique index,
--    which schema.prisma can't say.
CREATE TABLE "CampaignReminder" (
    "id" SERIAL NOT NULL,
    "batchId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "queued" INTEGER NOT NULL,
    "reminded" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "afterId" TEXT NOT NULL DEFAULT '',
    "leaseUntil" TIMESTAMP(3),
    "stopReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "CampaignReminder_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "CampaignReminder_batchId_createdAt_idx" ON "CampaignReminder"("batchId", "createdAt");
ALTER TABLE "CampaignReminder" ADD CONSTRAINT "CampaignReminder_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "GiftBatch"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE UNIQUE INDEX "CampaignReminder_unfinished_key" ON "CampaignReminder"("batchId") WHERE "finishedAt" IS NULL;

-- 2. The stage sort in the funnel's order (lib/dashboard/funnel.ts STAGE_ORDER), not the
--    alphabet: the index's key is the stage's rank, the exact CASE lib/dashboard/sort.ts orders by
--    (a test compares the two). A stage missing from the list ranks last (99), never NULL.
DROP INDEX "Gift_sort_stage_idx";
CREATE INDEX "Gift_sort_stage_idx" ON "Gift" ("teamId", (CASE "stage"
  WHEN 'pending_approval' THEN 0 WHEN 'scheduled' THEN 1 WHEN 'sent' THEN 2 WHEN 'opened' THEN 3
  WHEN 'redeemed' THEN 4 WHEN 'shipped' THEN 5 WHEN 'delivered' THEN 6 WHEN 'rejected' THEN 7
  WHEN 'expired' THEN 8 WHEN 'cancelled' THEN 9 WHEN 'failed' THEN 10 WHEN 'declined' THEN 11
  WHEN 'donated' THEN 12 ELSE 99 END), "id");

-- 3. The collection sort: collections in (name, id) order, and for each one the team's gifts of
--    that collection in id order (a lateral scan per collection), so no team's gifts are sorted.
DROP INDEX "Collection_name_idx";
CREATE INDEX "Collection_name_id_idx" ON "Collection"("name", "id");
CREATE INDEX "Gift_sort_collection_idx" ON "Gift"("teamId", "collectionId", "id");
