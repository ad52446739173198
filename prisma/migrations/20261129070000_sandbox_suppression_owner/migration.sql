-- Issue 34: the shared sandbox team's suppression list is per user. "ownerId" is the user whose
-- sandbox gift bounced or drew a complaint, or who added the address; null on every real team
-- (one list for the team, as before). One address once per (team, owner): the unique key is an
-- expression, COALESCE("ownerId", ''), so real teams' null owners still collide, and
-- lib/outbox/suppressions.ts's ON CONFLICT names the same expression.
ALTER TABLE "EmailSuppression" ADD COLUMN "ownerId" TEXT;
ALTER TABLE "EmailSuppression" ADD CONSTRAINT "EmailSuppression_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The sandbox's entries so far: a bounce's or a complaint's goes to its gift's sender; one without
-- a gift (added by hand, by whom is unknown) can belong to no one, and goes.
UPDATE "EmailSuppression" s SET "ownerId" = g."senderId"
FROM "Gift" g
WHERE s."teamId" = 'sandbox' AND g."id" = s."giftId" AND NOT g."livemode";
DELETE FROM "EmailSuppression" WHERE "teamId" = 'sandbox' AND "ownerId" IS NULL;

DROP INDEX "EmailSuppression_teamId_emailHash_key";
CREATE UNIQUE INDEX "EmailSuppression_teamId_owner_emailHash_key" ON "EmailSuppression"("teamId", (COALESCE("ownerId", '')), "emailHash");
DROP INDEX "EmailSuppression_teamId_createdAt_id_idx";
CREATE INDEX "EmailSuppression_teamId_owner_createdAt_id_idx" ON "EmailSuppression"("teamId", (COALESCE("ownerId", '')), "createdAt" DESC, "id" DESC);
