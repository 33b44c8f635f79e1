-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "enqueued_at" TIMESTAMPTZ(3),
ADD COLUMN     "request_hash" TEXT;
