-- Every state report rewrites its machine's row (docs/performance.md, "Sixth round"): with no index on
-- `last_seen_at` and room left on each page, the update is heap-only (no index entries written), so
-- PostgreSQL keeps up with thousands of reports a second. The offline sweep reads the table instead
-- (one row per machine). The fillfactor applies to pages written from now on.
DROP INDEX "device_state_online_seen_idx";--> statement-breakpoint
ALTER TABLE "device_state" SET (fillfactor = 40);
