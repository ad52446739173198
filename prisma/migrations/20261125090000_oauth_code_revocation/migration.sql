-- Revoking an application ends its unexchanged authorization codes too.
ALTER TABLE "OAuthCode" ADD COLUMN "revokedAt" TIMESTAMP(3);
