-- When the current try's submit went out, cleared when its outcome is written. A delivery that
-- finds it still set does not send the message again (the carrier may have it).
ALTER TABLE "messages" ADD COLUMN "submit_started_at" TIMESTAMPTZ(3);
