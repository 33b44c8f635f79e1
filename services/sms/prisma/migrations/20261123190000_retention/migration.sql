-- The index on delivery_receipts(received_at) the retention pass uses comes with the carriers migration.

-- Hand-written: what the retention pass may delete (final, nothing owed), by age.
CREATE INDEX "messages_retention_idx" ON "messages" ("created_at")
  WHERE "status" IN ('sent', 'failed', 'enqueue_failed', 'discarded') AND NOT "money_due";
