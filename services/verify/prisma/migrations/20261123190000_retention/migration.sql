-- Hand-written: what the retention pass may delete (final and settled, or discarded, nothing owed), by age.
CREATE INDEX "verifications_retention_idx" ON "verifications" ("created_at")
  WHERE (("status" IN ('approved', 'expired', 'failed') AND "settled_at" IS NOT NULL) OR "status" = 'discarded')
    AND NOT "money_due" AND "recovery_due_at" IS NULL;
