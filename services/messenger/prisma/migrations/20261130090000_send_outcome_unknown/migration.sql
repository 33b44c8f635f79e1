-- A send the provider did not answer (a timeout): the message may have reached the user, so the
-- code stays sending with its fee taken, marked here, until the provider's word says what became of it.
ALTER TABLE "codes" ADD COLUMN "send_unknown" BOOLEAN NOT NULL DEFAULT false;
