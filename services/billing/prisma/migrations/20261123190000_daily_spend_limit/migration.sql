-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "daily_spend_limit_cents" BIGINT,
ADD COLUMN     "spend_day" DATE,
ADD COLUMN     "spent_today_cents" BIGINT NOT NULL DEFAULT 0;
