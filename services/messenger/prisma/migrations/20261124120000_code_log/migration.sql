-- The console's messenger log lists a project's codes, newest first.
CREATE INDEX "codes_project_id_created_at_idx" ON "codes"("project_id", "created_at");
