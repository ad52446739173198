-- Rolling developer tokens can keep the previous pair working for a grace period.
ALTER TABLE "ApiToken" ADD COLUMN "expiresAt" TIMESTAMP(3);

-- At most one current token per user and mode. Older duplicates (a race before this
-- migration) are revoked first, keeping the newest.
UPDATE "ApiToken" AS t SET "revokedAt" = (now() AT TIME ZONE 'UTC')
WHERE t."revokedAt" IS NULL AND EXISTS (
  SELECT 1 FROM "ApiToken" AS n
  WHERE n."userId" = t."userId" AND n."mode" = t."mode" AND n."revokedAt" IS NULL AND n."id" > t."id"
);
CREATE UNIQUE INDEX "ApiToken_current_key" ON "ApiToken"("userId", "mode") WHERE "revokedAt" IS NULL AND "expiresAt" IS NULL;
