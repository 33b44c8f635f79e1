-- Hand-written: what the retention pass may delete (nothing left to change for money), by age.
CREATE INDEX "codes_retention_idx" ON "codes" ("created_at")
  WHERE "status" IN ('delivered', 'read', 'expired', 'revoked', 'failed') AND "refund" <> 'due';
