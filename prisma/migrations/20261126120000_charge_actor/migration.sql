-- Who caused each ledger entry (the charges list and its CSV show it): the way in ("token",
-- "oauth", "session" or "system"), the ApiToken or OAuthToken id, the person. Null on the rows
-- written before this migration.
ALTER TABLE "Charge" ADD COLUMN "actorVia" TEXT;
ALTER TABLE "Charge" ADD COLUMN "credentialId" INTEGER;
ALTER TABLE "Charge" ADD COLUMN "actorUserId" TEXT;

-- The charges list itemises each charge by the gifts it paid for.
CREATE INDEX "Gift_chargeId_idx" ON "Gift"("chargeId");
