-- Deliverability and privacy (issue 34): the provider's events on each outbox row, the events
-- received (idempotency), the teams' suppression lists, the recipients' one-click unsubscribe,
-- why a gift email did not arrive, and the teams' retention of recipients' data. Additive only:
-- nullable columns and constant defaults (no rewrite of existing rows).
ALTER TABLE "Team" ADD COLUMN "recipientDataRetentionDays" INTEGER NOT NULL DEFAULT 90;

ALTER TABLE "Gift" ADD COLUMN "deliveryIssue" TEXT;
ALTER TABLE "Gift" ADD COLUMN "remindersStoppedAt" TIMESTAMP(3);
ALTER TABLE "Gift" ADD COLUMN "erasedAt" TIMESTAMP(3);

ALTER TABLE "EmailOutbox" ADD COLUMN "deliveryStatus" TEXT;
ALTER TABLE "EmailOutbox" ADD COLUMN "deliveryDetail" TEXT;
ALTER TABLE "EmailOutbox" ADD COLUMN "deliveryEventAt" TIMESTAMP(3);
CREATE INDEX "EmailOutbox_providerId_idx" ON "EmailOutbox"("providerId");

CREATE TABLE "EmailProviderEvent" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,
    "occurredAt" TIMESTAMP(3) NOT NULL,
    "outcome" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EmailProviderEvent_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "EmailProviderEvent_receivedAt_idx" ON "EmailProviderEvent"("receivedAt");

CREATE TABLE "EmailSuppression" (
    "id" SERIAL NOT NULL,
    "teamId" TEXT NOT NULL,
    "emailHash" TEXT NOT NULL,
    "email" TEXT,
    "reason" TEXT NOT NULL,
    "detail" TEXT,
    "giftId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EmailSuppression_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "EmailSuppression_teamId_emailHash_key" ON "EmailSuppression"("teamId", "emailHash");
CREATE INDEX "EmailSuppression_teamId_createdAt_id_idx" ON "EmailSuppression"("teamId", "createdAt" DESC, "id" DESC);
ALTER TABLE "EmailSuppression" ADD CONSTRAINT "EmailSuppression_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;
