-- Sign-in throttling counts each attempt before its password is checked, in one atomic upsert per
-- subject (email, client address): a row per subject replaces a row per failure. Failures recorded
-- so far throttled for minutes only, so they are not carried over.

-- DropTable
DROP TABLE "login_failures";

-- CreateTable
CREATE TABLE "login_attempts" (
    "subject" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL,
    "window_started_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "login_attempts_pkey" PRIMARY KEY ("subject")
);

-- CreateIndex
CREATE INDEX "login_attempts_window_started_at_idx" ON "login_attempts"("window_started_at");
