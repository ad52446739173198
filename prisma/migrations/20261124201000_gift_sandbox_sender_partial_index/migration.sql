-- Only sandbox callers filter gifts by sender (they see only their own sandbox gifts), and
-- their queries say NOT "livemode": live gifts no longer pay for an entry in this index.
DROP INDEX IF EXISTS "Gift_teamId_senderId_createdAt_id_idx";
CREATE INDEX "Gift_teamId_senderId_createdAt_id_idx" ON "Gift"("teamId", "senderId", "createdAt" DESC, "id" DESC) WHERE NOT "livemode";
