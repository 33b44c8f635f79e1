-- Counts of the verifications admitted to each prefix, per five minutes (schema.prisma, PrefixCount).
-- Guard fills it from the starts when it first creates the trigger that keeps it, at start-up
-- (store/prefix-counts.ts): a start written between this migration and then is counted too.
-- And the indexes retention deletes by, oldest first (store/retention.ts).

-- CreateTable
CREATE TABLE "prefix_counts" (
    "project_id" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "bucket" TIMESTAMPTZ(3) NOT NULL,
    "verifications" INTEGER NOT NULL DEFAULT 0,
    "approved" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "prefix_counts_pkey" PRIMARY KEY ("project_id","prefix","bucket")
);

-- CreateIndex
CREATE INDEX "prefix_counts_bucket_idx" ON "prefix_counts"("bucket");

-- CreateIndex
CREATE INDEX "starts_created_at_idx" ON "starts"("created_at");
