-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "webhooks";

-- CreateTable
CREATE TABLE "signing_secrets" (
    "id" UUID NOT NULL,
    "project_id" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),

    CONSTRAINT "signing_secrets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deliveries" (
    "id" UUID NOT NULL,
    "project_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "series" INTEGER NOT NULL DEFAULT 0,
    "series_attempts" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3),
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "delivery_attempts" (
    "id" UUID NOT NULL,
    "delivery_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "series" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "status_code" INTEGER,
    "error" TEXT,
    "response_snippet" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "delivery_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "signing_secrets_project_id_idx" ON "signing_secrets"("project_id");

-- CreateIndex
CREATE INDEX "deliveries_status_next_attempt_at_idx" ON "deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "deliveries_project_id_created_at_idx" ON "deliveries"("project_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "deliveries_event_id_url_key" ON "deliveries"("event_id", "url");

-- CreateIndex
CREATE UNIQUE INDEX "delivery_attempts_delivery_id_number_key" ON "delivery_attempts"("delivery_id", "number");

-- AddForeignKey
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;



-- At most one current (never-expiring) secret per project: first use and rotation cannot race
-- into two.
CREATE UNIQUE INDEX "signing_secrets_one_current_per_project" ON "signing_secrets"("project_id") WHERE "expires_at" IS NULL;
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_status_known" CHECK ("status" IN ('pending', 'succeeded', 'failed'));
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_pending_has_due_time" CHECK ("status" <> 'pending' OR "next_attempt_at" IS NOT NULL);
