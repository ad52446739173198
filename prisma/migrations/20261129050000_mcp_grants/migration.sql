-- AlterTable
ALTER TABLE "OAuthClient" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'registered',
ADD COLUMN     "metadataFetchedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "OAuthCode" ADD COLUMN     "mode" TEXT NOT NULL DEFAULT 'live',
ADD COLUMN     "resource" TEXT NOT NULL DEFAULT 'api';

-- AlterTable
ALTER TABLE "OAuthToken" ADD COLUMN     "mode" TEXT NOT NULL DEFAULT 'live',
ADD COLUMN     "resource" TEXT NOT NULL DEFAULT 'api';
