-- Hand-written: signing secrets sealed at rest (AES-256-GCM under WEBHOOK_SECRET_KEY, the row id as
-- associated data). SQL cannot seal with the service's key, so existing plain rows are sealed by
-- the dispatcher at start, one row per statement (store/secrets.ts): a row holds its secret in
-- exactly one of the two columns at every moment, whatever stops the pass.
ALTER TABLE "signing_secrets" ADD COLUMN "secret_sealed" BYTEA;
ALTER TABLE "signing_secrets" ALTER COLUMN "secret" DROP NOT NULL;
ALTER TABLE "signing_secrets" ADD CONSTRAINT "signing_secrets_one_form"
  CHECK (("secret" IS NULL) <> ("secret_sealed" IS NULL));
