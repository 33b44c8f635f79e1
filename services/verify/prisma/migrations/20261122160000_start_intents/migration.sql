-- AlterTable
ALTER TABLE "verifications" ADD COLUMN     "hold_cents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "hold_id" TEXT,
ADD COLUMN     "money_due" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "recovery_due_at" TIMESTAMPTZ(3),
ADD COLUMN     "request_key" TEXT;


-- Hand-written: the start intent's states, and the indexes its statements use.
ALTER TABLE "verifications" DROP CONSTRAINT "verifications_status_known";
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_status_known"
  CHECK ("status" IN ('starting', 'pending', 'approved', 'expired', 'failed', 'discarded'));
-- One live verification per request key and project: a repeated Start finds it instead of creating another.
CREATE UNIQUE INDEX "verifications_request_key_live" ON "verifications"("project_id", "request_key")
  WHERE "status" <> 'discarded';
-- The recovery pass: starting rows whose start was abandoned, discarded rows with money still due.
CREATE INDEX "verifications_recovery_due_idx" ON "verifications"("recovery_due_at")
  WHERE "recovery_due_at" IS NOT NULL;
-- Unsettled means finished: starting and discarded rows are not the settlement's business.
DROP INDEX "verifications_unsettled_idx";
CREATE INDEX "verifications_unsettled_idx" ON "verifications"("finished_at")
  WHERE "status" IN ('approved', 'expired', 'failed') AND "settled_at" IS NULL;
