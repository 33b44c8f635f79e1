-- Hand-written: what the retention pass may delete (ended deliveries), by last change.
CREATE INDEX "deliveries_retention_idx" ON "deliveries" ("updated_at") WHERE "status" IN ('succeeded', 'failed');
