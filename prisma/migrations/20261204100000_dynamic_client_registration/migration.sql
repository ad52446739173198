-- RFC 7591 Dynamic Client Registration: clients of kind "dynamic", deleted once unused.
-- AlterTable
ALTER TABLE "OAuthClient" ADD COLUMN     "lastGrantAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "OAuthClient_kind_createdAt_idx" ON "OAuthClient"("kind", "createdAt");

-- CreateIndex
CREATE INDEX "OAuthToken_clientId_idx" ON "OAuthToken"("clientId");
