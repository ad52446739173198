-- AlterTable
ALTER TABLE "Gift" ADD COLUMN     "deliveryLeaseUntil" TIMESTAMP(3);
