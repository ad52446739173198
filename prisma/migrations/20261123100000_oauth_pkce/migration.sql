ALTER TABLE "OAuthCode" ADD COLUMN "codeChallenge" TEXT;
