-- Erasure requests worked through in short transactions, resumable (docs/privacy.md, "Erasure requests").
-- CreateTable
CREATE TABLE "Erasure" (
    "id" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "emailHash" TEXT NOT NULL,
    "sealedEmail" TEXT,
    "status" TEXT NOT NULL DEFAULT 'in_progress',
    "phase" TEXT NOT NULL DEFAULT 'gifts',
    "cursor" TEXT NOT NULL DEFAULT '',
    "counts" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "Erasure_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Erasure_status_updatedAt_idx" ON "Erasure"("status", "updatedAt");

-- AddForeignKey
ALTER TABLE "Erasure" ADD CONSTRAINT "Erasure_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- At most one erasure in progress per team and address: a second request continues it.
CREATE UNIQUE INDEX "Erasure_open_key" ON "Erasure"("teamId", "emailHash") WHERE "status" = 'in_progress';
