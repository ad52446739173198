-- Named, restricted API keys (lib/tokens/named-keys.ts) beside each person's pair.
ALTER TABLE "ApiToken" ADD COLUMN "name" TEXT;
ALTER TABLE "ApiToken" ADD COLUMN "access" TEXT NOT NULL DEFAULT 'full';
ALTER TABLE "ApiToken" ADD COLUMN "teamId" TEXT;
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One current pair per person and mode; named keys are not part of it.
DROP INDEX "ApiToken_current_key";
CREATE UNIQUE INDEX "ApiToken_current_key" ON "ApiToken"("userId", "mode") WHERE "revokedAt" IS NULL AND "expiresAt" IS NULL AND "name" IS NULL;
