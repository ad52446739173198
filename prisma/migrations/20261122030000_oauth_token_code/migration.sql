-- AlterTable
ALTER TABLE "OAuthToken" ADD COLUMN     "codeId" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "OAuthToken_codeId_key" ON "OAuthToken"("codeId");

-- AddForeignKey
ALTER TABLE "OAuthToken" ADD CONSTRAINT "OAuthToken_codeId_fkey" FOREIGN KEY ("codeId") REFERENCES "OAuthCode"("id") ON DELETE SET NULL ON UPDATE CASCADE;
