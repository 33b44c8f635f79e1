-- The intake's trace context, so delivery attempts join the trace of the event they deliver.
ALTER TABLE "deliveries" ADD COLUMN "trace_context" JSONB NOT NULL DEFAULT '{}';
