-- Spending caps a developer token or an OAuth grant carries (lib/billing/caps.ts): per gift,
-- per day, per month, and the collections it may send from. NULL: no caps. The grant's caps
-- are consented on the authorization code and copied to its token.
ALTER TABLE "ApiToken" ADD COLUMN "caps" JSONB;
ALTER TABLE "OAuthCode" ADD COLUMN "caps" JSONB;
ALTER TABLE "OAuthToken" ADD COLUMN "caps" JSONB;

-- A credential's spend in a day or month, for its caps.
CREATE INDEX "Charge_actorVia_credentialId_createdAt_idx" ON "Charge" ("actorVia", "credentialId", "createdAt");
