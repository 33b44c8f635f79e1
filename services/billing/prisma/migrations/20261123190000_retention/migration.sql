-- CreateIndex
CREATE INDEX "operations_created_at_idx" ON "operations"("created_at");

