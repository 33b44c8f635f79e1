-- Attempts are recorded before the POST (started) and completed after it, and a try cut short by a
-- dispatcher crash is marked interrupted by the next try of its delivery.
-- AlterTable
ALTER TABLE "delivery_attempts" ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'completed',
ALTER COLUMN "duration_ms" SET DEFAULT 0;

-- CreateIndex
CREATE INDEX "delivery_attempts_delivery_id_status_idx" ON "delivery_attempts"("delivery_id", "status");

