-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "verify";

-- CreateTable
CREATE TABLE "verify_settings" (
    "project_id" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "channel" TEXT NOT NULL,
    "sms_fallback" BOOLEAN NOT NULL,
    "switch_on_failure" BOOLEAN NOT NULL,
    "fallback_wait_seconds" INTEGER NOT NULL,
    "code_length" INTEGER NOT NULL,
    "expiry_minutes" INTEGER NOT NULL,
    "max_wrong_codes" INTEGER NOT NULL,
    "sender_id" TEXT,
    "sms_text" TEXT NOT NULL,
    "callback_url" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "verify_settings_pkey" PRIMARY KEY ("project_id")
);

-- CreateTable
CREATE TABLE "verifications" (
    "sid" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "to_number" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "fallback_reason" TEXT,
    "checks_left" INTEGER NOT NULL,
    "fee_cents" INTEGER NOT NULL,
    "fee_refunded" BOOLEAN NOT NULL DEFAULT false,
    "delivered" BOOLEAN NOT NULL DEFAULT false,
    "cost_cents" INTEGER NOT NULL,
    "metadata" JSONB NOT NULL,
    "callback_url" TEXT,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "approved_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "settled_at" TIMESTAMPTZ(3),
    "code_mac" BYTEA NOT NULL,
    "code_sealed" BYTEA,
    "switch_on_failure" BOOLEAN NOT NULL,
    "fallback_due_at" TIMESTAMPTZ(3),
    "sms_from" TEXT,
    "sms_text" TEXT NOT NULL,

    CONSTRAINT "verifications_pkey" PRIMARY KEY ("sid")
);

-- CreateTable
CREATE TABLE "attempts" (
    "sid" TEXT NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "verification_sid" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "cost_cents" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "attempts_pkey" PRIMARY KEY ("sid")
);

-- CreateTable
CREATE TABLE "outbox_events" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "subject" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "headers" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "verifications_project_id_created_at_idx" ON "verifications"("project_id", "created_at");

-- CreateIndex
CREATE INDEX "attempts_verification_sid_seq_idx" ON "attempts"("verification_sid", "seq");

-- CreateIndex
CREATE INDEX "outbox_events_published_at_seq_idx" ON "outbox_events"("published_at", "seq");

-- AddForeignKey
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_verification_sid_fkey" FOREIGN KEY ("verification_sid") REFERENCES "verifications"("sid") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Hand-written: the rules the code relies on, enforced by the database as the last line of defence.
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_status_known"
  CHECK ("status" IN ('pending', 'approved', 'expired', 'failed'));
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_checks_left_not_negative" CHECK ("checks_left" >= 0);
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_fallback_reason_known"
  CHECK ("fallback_reason" IS NULL OR "fallback_reason" IN ('messenger_failed', 'timeout'));
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_channel_known" CHECK ("channel" IN ('messenger', 'sms'));
-- At most one SMS fallback per verification, whatever the concurrency.
CREATE UNIQUE INDEX "attempts_one_sms_per_verification" ON "attempts"("verification_sid") WHERE "channel" = 'sms';

-- The timer's two queries: pending rows whose expiry or fallback is due, finished rows not yet settled.
CREATE INDEX "verifications_pending_expiry_idx" ON "verifications"("expires_at") WHERE "status" = 'pending';
CREATE INDEX "verifications_pending_fallback_idx" ON "verifications"("fallback_due_at")
  WHERE "status" = 'pending' AND "fallback_due_at" IS NOT NULL;
CREATE INDEX "verifications_unsettled_idx" ON "verifications"("finished_at")
  WHERE "status" <> 'pending' AND "settled_at" IS NULL;
