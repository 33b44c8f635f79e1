-- An operator may refuse a pending sender ID, with a reason the project sees
ALTER TABLE "sender_ids" ADD COLUMN "rejection_reason" TEXT;

ALTER TABLE "sender_ids" DROP CONSTRAINT "sender_ids_status_known";
ALTER TABLE "sender_ids" ADD CONSTRAINT "sender_ids_status_known" CHECK ("status" IN ('pending', 'approved', 'rejected'));
