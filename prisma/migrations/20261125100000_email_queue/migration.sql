-- Emails queued with the state change that causes them, sent by a job (lib/delivery/queued-emails.ts).
ALTER TABLE "EmailOutbox" ADD COLUMN "payload" JSONB;
ALTER TABLE "EmailOutbox" ADD COLUMN "suppress" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "EmailOutbox" ADD COLUMN "attempts" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "EmailOutbox" ADD COLUMN "nextAttemptAt" TIMESTAMP(3);
ALTER TABLE "EmailOutbox" ADD COLUMN "leaseUntil" TIMESTAMP(3);
ALTER TABLE "EmailOutbox" ADD COLUMN "lastError" TEXT;
-- Only queued rows are ever looked for by time.
CREATE INDEX "EmailOutbox_pending_idx" ON "EmailOutbox" ("nextAttemptAt", "id") WHERE "status" = 'pending';
