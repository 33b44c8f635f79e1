-- AlterTable
ALTER TABLE "codes" ADD COLUMN     "request_hash" TEXT;
