-- AlterTable
ALTER TABLE "verifications" ADD COLUMN     "request_hash" TEXT;
