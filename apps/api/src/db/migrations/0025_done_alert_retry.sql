-- A done alert the push service could not take (down, busy) is tried again later, a few times
-- (docs/decisions.md, "Live place page"): how many sends were tried, and when the next one is due.
ALTER TABLE "machine_done_alerts" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "machine_done_alerts" ADD COLUMN "retry_at" timestamp with time zone;