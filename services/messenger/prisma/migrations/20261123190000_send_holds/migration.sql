-- AlterTable
ALTER TABLE "codes" ADD COLUMN     "hold_id" TEXT;


-- Codes charged before this migration took no hold: mark them, so a refund of theirs gives the charge back.
UPDATE "codes" SET "hold_id" = '' WHERE "cost_cents" > 0;
