-- The UTC day whose spend a movement counts on (a debit the day it was taken, a release or refund
-- the day its money was counted), so money given back after midnight never makes room under
-- the next day's limit. Rows from before stay NULL and count on the day they were written.
ALTER TABLE "holds" ADD COLUMN "spend_day" DATE;
ALTER TABLE "ledger_entries" ADD COLUMN "spend_day" DATE;
