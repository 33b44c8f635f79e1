-- CreateTable
CREATE TABLE "idempotency_records" (
    "project_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "lease_id" UUID NOT NULL,
    "locked_until" TIMESTAMPTZ(3) NOT NULL,
    "response_status" INTEGER,
    "response_body" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("project_id","key")
);

-- CreateIndex
CREATE INDEX "idempotency_records_created_at_idx" ON "idempotency_records"("created_at");


-- Hand-written
ALTER TABLE "idempotency_records" ADD CONSTRAINT "idempotency_records_state_check" CHECK ("state" IN ('running', 'done'));
