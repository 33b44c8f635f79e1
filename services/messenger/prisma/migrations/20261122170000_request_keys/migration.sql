-- AlterTable
ALTER TABLE "codes" ADD COLUMN     "request_key" TEXT;


-- One code per request key and project.
CREATE UNIQUE INDEX "codes_request_key_live" ON "codes" ("project_id", "request_key") WHERE "request_key" IS NOT NULL;
-- What the recovery pass looks for: sends a crash left half-way.
CREATE INDEX "codes_sending_idx" ON "codes" ("updated_at") WHERE "status" = 'sending';
