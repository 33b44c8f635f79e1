-- A message's receipts are read by sid on every receipt and every send that completes (the other
-- parts' receipts, the ones that came before the ids) and by the receipt pass's join. Without an
-- index each of those read every receipt kept (RETENTION_DAYS of them).
CREATE INDEX "delivery_receipts_sid_idx" ON "delivery_receipts"("sid");

-- Hand-written (a partial index): the receipt pass (every SMS_RECEIPT_PASS_MS) looks for sent
-- messages whose delivery status is still open and that have a matched receipt. It read every
-- message to find them: this holds only the messages still waiting for their receipts.
CREATE INDEX "messages_awaiting_receipt_idx" ON "messages" ("sid") WHERE "status" = 'sent' AND "delivery_status" IS NULL;
