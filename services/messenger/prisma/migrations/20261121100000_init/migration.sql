-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "messenger";

-- CreateTable
CREATE TABLE "codes" (
    "sid" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "request_id" TEXT,
    "own_code" BOOLEAN NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "cost_cents" INTEGER NOT NULL DEFAULT 0,
    "refund" TEXT NOT NULL DEFAULT 'none',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "callback_url" TEXT,
    "last_error" TEXT,
    "delivered_at" TIMESTAMPTZ(3),
    "read_at" TIMESTAMPTZ(3),
    "verification_status" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "codes_pkey" PRIMARY KEY ("sid")
);

-- CreateTable
CREATE TABLE "code_checks" (
    "id" UUID NOT NULL,
    "sid" TEXT NOT NULL,
    "verification_status" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "code_checks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "provider_reports" (
    "signature" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "timestamp" BIGINT NOT NULL,
    "applied" BOOLEAN NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "provider_reports_pkey" PRIMARY KEY ("signature")
);

-- CreateTable
CREATE TABLE "messenger_settings" (
    "project_id" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "code_length" INTEGER NOT NULL DEFAULT 6,
    "ttl_seconds" INTEGER NOT NULL DEFAULT 300,
    "callback_url" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "messenger_settings_pkey" PRIMARY KEY ("project_id")
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
CREATE UNIQUE INDEX "codes_request_id_key" ON "codes"("request_id");

-- CreateIndex
CREATE INDEX "codes_status_expires_at_idx" ON "codes"("status", "expires_at");

-- CreateIndex
CREATE INDEX "codes_refund_idx" ON "codes"("refund");

-- CreateIndex
CREATE INDEX "code_checks_sid_created_at_idx" ON "code_checks"("sid", "created_at");

-- CreateIndex
CREATE INDEX "provider_reports_received_at_idx" ON "provider_reports"("received_at");

-- CreateIndex
CREATE INDEX "outbox_events_published_at_seq_idx" ON "outbox_events"("published_at", "seq");

-- AddForeignKey
ALTER TABLE "code_checks" ADD CONSTRAINT "code_checks_sid_fkey" FOREIGN KEY ("sid") REFERENCES "codes"("sid") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Rules the code relies on, held by the database whatever the code does.
ALTER TABLE "codes" ADD CONSTRAINT "codes_status_known"
  CHECK ("status" IN ('sending', 'sent', 'delivered', 'read', 'expired', 'revoked', 'failed'));
ALTER TABLE "codes" ADD CONSTRAINT "codes_refund_known" CHECK ("refund" IN ('none', 'due', 'done'));
ALTER TABLE "codes" ADD CONSTRAINT "codes_cost_not_negative" CHECK ("cost_cents" >= 0);
ALTER TABLE "messenger_settings" ADD CONSTRAINT "messenger_settings_code_length_range" CHECK ("code_length" BETWEEN 4 AND 8);
ALTER TABLE "messenger_settings" ADD CONSTRAINT "messenger_settings_ttl_positive" CHECK ("ttl_seconds" BETWEEN 1 AND 3600);
