-- AlterTable
ALTER TABLE "Gift" ADD COLUMN     "carrier" TEXT,
ADD COLUMN     "fulfilmentAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "fulfilmentLeaseUntil" TIMESTAMP(3),
ADD COLUMN     "fulfilmentOrderId" TEXT,
ADD COLUMN     "fulfilmentSubmittedAt" TIMESTAMP(3),
ADD COLUMN     "trackingNumber" TEXT,
ADD COLUMN     "trackingUrl" TEXT;
