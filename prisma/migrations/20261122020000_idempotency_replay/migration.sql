-- AlterTable
ALTER TABLE "IdempotencyKey" ADD COLUMN     "giftIds" JSONB NOT NULL,
ALTER COLUMN "status" DROP NOT NULL,
ALTER COLUMN "responseBody" DROP NOT NULL;
