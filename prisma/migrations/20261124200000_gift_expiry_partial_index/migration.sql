-- Only gifts with an expiry date are ever looked up by it (the daily expiry sweep reads
-- "expiresOn" < $1, which implies IS NOT NULL). Most gifts have none, and each of them paid
-- for an entry in this index when it was created.
DROP INDEX IF EXISTS "Gift_stage_expiresOn_idx";
CREATE INDEX "Gift_stage_expiresOn_idx" ON "Gift"("stage", "expiresOn") WHERE "expiresOn" IS NOT NULL;
