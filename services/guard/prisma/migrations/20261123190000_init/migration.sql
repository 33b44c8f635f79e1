-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "guard";

-- CreateTable
CREATE TABLE "fraud_settings" (
    "project_id" TEXT NOT NULL,
    "allowed_countries" JSONB,
    "number_limit" INTEGER DEFAULT 5,
    "number_window_seconds" INTEGER NOT NULL DEFAULT 600,
    "pending_per_number" INTEGER DEFAULT 1,
    "ip_limit" INTEGER DEFAULT 10,
    "ip_window_seconds" INTEGER NOT NULL DEFAULT 3600,
    "project_rps" INTEGER DEFAULT 50,
    "daily_spend_limit_cents" BIGINT,
    "pumping_protection" TEXT NOT NULL DEFAULT 'block',
    "callback_url" TEXT,
    "safe_numbers" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fraud_settings_pkey" PRIMARY KEY ("project_id")
);

-- CreateTable
CREATE TABLE "starts" (
    "id" BIGSERIAL NOT NULL,
    "project_id" TEXT NOT NULL,
    "request_key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "ip" TEXT,
    "device_id" TEXT,
    "user_agent" TEXT,
    "state" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "starts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prefix_blocks" (
    "id" BIGSERIAL NOT NULL,
    "project_id" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "since" TIMESTAMPTZ(3) NOT NULL,
    "until" TIMESTAMPTZ(3) NOT NULL,
    "lifted_at" TIMESTAMPTZ(3),

    CONSTRAINT "prefix_blocks_pkey" PRIMARY KEY ("id")
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
CREATE INDEX "starts_project_id_to_created_at_idx" ON "starts"("project_id", "to", "created_at");

-- CreateIndex
CREATE INDEX "starts_project_id_prefix_created_at_idx" ON "starts"("project_id", "prefix", "created_at");

-- CreateIndex
CREATE INDEX "starts_project_id_ip_created_at_idx" ON "starts"("project_id", "ip", "created_at");

-- CreateIndex
CREATE INDEX "starts_project_id_created_at_idx" ON "starts"("project_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "starts_project_id_request_key_key" ON "starts"("project_id", "request_key");

-- CreateIndex
CREATE INDEX "prefix_blocks_project_id_prefix_until_idx" ON "prefix_blocks"("project_id", "prefix", "until");

-- CreateIndex
CREATE INDEX "outbox_events_published_at_seq_idx" ON "outbox_events"("published_at", "seq");


