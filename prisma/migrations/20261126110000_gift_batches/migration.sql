-- Gifts created together (one bulk request or one CSV upload) under a name: the dashboard filters by it.
CREATE TABLE "GiftBatch" (
    "id" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "senderId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "name" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GiftBatch_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "GiftBatch_teamId_createdAt_idx" ON "GiftBatch"("teamId", "createdAt");
ALTER TABLE "GiftBatch" ADD CONSTRAINT "GiftBatch_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "Gift" ADD COLUMN "batchId" TEXT;
CREATE INDEX "Gift_batchId_idx" ON "Gift"("batchId");
ALTER TABLE "Gift" ADD CONSTRAINT "Gift_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "GiftBatch"("id") ON DELETE SET NULL ON UPDATE CASCADE;
