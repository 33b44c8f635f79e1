-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "billing";

-- CreateTable
CREATE TABLE "accounts" (
    "project_id" TEXT NOT NULL,
    "balance_cents" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("project_id")
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "project_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "amount_cents" BIGINT NOT NULL,
    "balance_cents" BIGINT NOT NULL,
    "reference" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "idempotency_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "holds" (
    "id" UUID NOT NULL,
    "project_id" TEXT NOT NULL,
    "amount_cents" BIGINT NOT NULL,
    "captured_cents" BIGINT NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL,
    "reference" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "holds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "operations" (
    "idempotency_key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "result" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "operations_pkey" PRIMARY KEY ("idempotency_key")
);

-- CreateTable
CREATE TABLE "fees" (
    "name" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,

    CONSTRAINT "fees_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "sms_rates" (
    "id" SERIAL NOT NULL,
    "country" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "mcc_mnc" TEXT NOT NULL,
    "prefixes" TEXT[],
    "price_cents" INTEGER NOT NULL,

    CONSTRAINT "sms_rates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ledger_entries_project_id_seq_idx" ON "ledger_entries"("project_id", "seq" DESC);

-- CreateIndex
CREATE INDEX "ledger_entries_project_id_reference_idx" ON "ledger_entries"("project_id", "reference");

-- CreateIndex
CREATE INDEX "holds_project_id_reference_idx" ON "holds"("project_id", "reference");

-- CreateIndex
CREATE UNIQUE INDEX "sms_rates_country_mcc_mnc_key" ON "sms_rates"("country", "mcc_mnc");



-- The last line of defence: whatever the code does, a balance can never go below zero.
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_balance_not_negative" CHECK ("balance_cents" >= 0);
ALTER TABLE "holds" ADD CONSTRAINT "holds_amount_positive" CHECK ("amount_cents" > 0);

-- Flat fees in cents (spec: Verify fee 0.02 USD, messenger code 0.02 USD).
INSERT INTO "fees" ("name", "amount_cents") VALUES ('verify', 2), ('messenger', 2);
