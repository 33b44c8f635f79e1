-- One resource's events reach an endpoint in their order: a delivery names its resource and its
-- event's place in the EVENTS stream, and a later one waits while an earlier one of the same
-- resource and URL is still pending, for a bounded time (delivery-statements.ts). Rows from before
-- this have neither and never wait.
ALTER TABLE "deliveries" ADD COLUMN "resource_sid" TEXT;
ALTER TABLE "deliveries" ADD COLUMN "event_seq" BIGINT;
CREATE INDEX "deliveries_resource_idx" ON "deliveries" ("resource_sid", "url", "event_seq") WHERE "resource_sid" IS NOT NULL;
