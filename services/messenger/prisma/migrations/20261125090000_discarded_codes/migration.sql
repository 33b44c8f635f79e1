-- A send that ended in an error answer (the caller never got its sid) is kept as `discarded`: an
-- internal record of what it took and gave back, never shown by the API or the console's log.
ALTER TABLE "codes" DROP CONSTRAINT "codes_status_known";
ALTER TABLE "codes" ADD CONSTRAINT "codes_status_known"
  CHECK ("status" IN ('sending', 'sent', 'delivered', 'read', 'expired', 'revoked', 'failed', 'discarded'));
-- Such sends made before this migration were left `failed` without a request key or an event.
-- They cannot be told apart from a provider failure for sure, so they stay as they are.
