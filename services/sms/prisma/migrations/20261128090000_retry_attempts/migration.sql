-- attempts now counts every try at a carrier (throttled ones included), as the admin list shows
-- it. retry_attempts counts the deliveries that spent one of the retries of the message, which
-- attempts counted until now (so a message on its way keeps the retries it has left).
ALTER TABLE "messages" ADD COLUMN "retry_attempts" INTEGER NOT NULL DEFAULT 0;
UPDATE "messages" SET "retry_attempts" = "attempts" WHERE "status" = 'processing';
