-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "carrier" TEXT,
ADD COLUMN     "concat_reference" INTEGER,
ADD COLUMN     "delivered_at" TIMESTAMPTZ(3),
ADD COLUMN     "delivery_status" TEXT,
ADD COLUMN     "receipt_keys" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- The receipts table of the first schema was written and never read: its rows named no carrier.
DROP TABLE "delivery_receipts";

-- CreateTable
CREATE TABLE "delivery_receipts" (
    "carrier" TEXT NOT NULL,
    "receipt_key" TEXT NOT NULL,
    "carrier_message_id" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "error" TEXT,
    "done_at" TIMESTAMPTZ(3),
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sid" TEXT,

    CONSTRAINT "delivery_receipts_pkey" PRIMARY KEY ("carrier","receipt_key")
);

-- CreateIndex
CREATE INDEX "delivery_receipts_received_at_idx" ON "delivery_receipts"("received_at");

ALTER TABLE "messages" ADD CONSTRAINT "messages_delivery_status_known"
  CHECK ("delivery_status" IN ('delivered', 'undelivered', 'expired', 'rejected', 'unknown'));
-- A receipt finds its message by any form of any part's carrier id.
CREATE INDEX "messages_receipt_keys_idx" ON "messages" USING GIN ("receipt_keys");
-- The matching pass looks for receipts that found no message yet.
CREATE INDEX "delivery_receipts_unmatched_idx" ON "delivery_receipts" ("received_at") WHERE "sid" IS NULL;
-- The old GIN index over carrier_message_ids served the old receipts table only.
DROP INDEX "messages_carrier_message_ids_idx";
