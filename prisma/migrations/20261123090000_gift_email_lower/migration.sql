-- filter[email] is an exact, case-insensitive match on an index: lower(email) kept by PostgreSQL.
ALTER TABLE "Gift" ADD COLUMN "emailLower" TEXT GENERATED ALWAYS AS (lower("email")) STORED;

DROP INDEX IF EXISTS "Gift_teamId_email_idx";
CREATE INDEX "Gift_teamId_emailLower_createdAt_id_idx" ON "Gift"("teamId", "emailLower", "createdAt" DESC, "id" DESC);
