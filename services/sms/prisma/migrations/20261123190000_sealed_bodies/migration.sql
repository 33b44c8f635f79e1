-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "body_sealed" TEXT;


-- A sealed body exists only while the message can still be submitted: once final it is erased.
ALTER TABLE "messages" ADD CONSTRAINT "messages_body_sealed_live"
  CHECK ("body_sealed" IS NULL OR "status" IN ('accepted', 'queued', 'processing'));
