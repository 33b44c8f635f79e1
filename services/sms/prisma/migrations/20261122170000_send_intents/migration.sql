-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "claimed_seq" BIGINT,
ADD COLUMN     "money_due" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "request_key" TEXT,
ALTER COLUMN "hold_id" DROP NOT NULL;

-- Intents (accepted) and intents that ended with nothing sent (discarded) are rows too.
ALTER TABLE "messages" DROP CONSTRAINT "messages_status_known";
ALTER TABLE "messages" ADD CONSTRAINT "messages_status_known"
  CHECK ("status" IN ('accepted', 'queued', 'processing', 'sent', 'failed', 'enqueue_failed', 'discarded'));
-- Only an intent may lack its hold.
ALTER TABLE "messages" ADD CONSTRAINT "messages_hold_known" CHECK ("hold_id" IS NOT NULL OR "status" IN ('accepted', 'discarded'));

-- One live message per request key and project: a retry after an end with nothing sent starts afresh.
CREATE UNIQUE INDEX "messages_request_key_live" ON "messages" ("project_id", "request_key")
  WHERE "request_key" IS NOT NULL AND "status" NOT IN ('discarded', 'enqueue_failed');
-- What the recovery pass looks for: intents and queued rows by age, money still due.
CREATE INDEX "messages_recovery_idx" ON "messages" ("updated_at") WHERE "status" IN ('accepted', 'queued');
CREATE INDEX "messages_money_due_idx" ON "messages" ("updated_at") WHERE "money_due";
