-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "sms";

-- CreateTable
CREATE TABLE "messages" (
    "sid" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "segments" INTEGER NOT NULL,
    "encoding" TEXT NOT NULL,
    "price_cents" INTEGER NOT NULL,
    "cost_cents" INTEGER NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "callback_url" TEXT,
    "hold_id" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "carrier_message_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "messages_pkey" PRIMARY KEY ("sid")
);

-- CreateTable
CREATE TABLE "sender_ids" (
    "project_id" TEXT NOT NULL,
    "value_key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "site" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "approved_at" TIMESTAMPTZ(3),

    CONSTRAINT "sender_ids_pkey" PRIMARY KEY ("project_id","value_key")
);

-- CreateTable
CREATE TABLE "sms_settings" (
    "project_id" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "default_sender_id" TEXT,
    "callback_url" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sms_settings_pkey" PRIMARY KEY ("project_id")
);

-- CreateTable
CREATE TABLE "delivery_receipts" (
    "carrier_message_id" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "delivery_receipts_pkey" PRIMARY KEY ("carrier_message_id")
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
CREATE INDEX "messages_project_id_created_at_idx" ON "messages"("project_id", "created_at");

-- CreateIndex
CREATE INDEX "outbox_events_published_at_seq_idx" ON "outbox_events"("published_at", "seq");


-- Rules the code also enforces, kept here so no code path can break them.
ALTER TABLE "messages" ADD CONSTRAINT "messages_status_known"
  CHECK ("status" IN ('queued', 'processing', 'sent', 'failed', 'enqueue_failed'));
ALTER TABLE "messages" ADD CONSTRAINT "messages_purpose_known" CHECK ("purpose" IN ('direct', 'verify'));
ALTER TABLE "messages" ADD CONSTRAINT "messages_cost_positive" CHECK ("cost_cents" > 0 AND "segments" > 0);
ALTER TABLE "sender_ids" ADD CONSTRAINT "sender_ids_status_known" CHECK ("status" IN ('pending', 'approved'));

-- Receipts name a carrier message id: this finds the message that part belongs to.
CREATE INDEX "messages_carrier_message_ids_idx" ON "messages" USING GIN ("carrier_message_ids");
