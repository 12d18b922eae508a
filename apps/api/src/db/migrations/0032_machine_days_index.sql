-- One machine's days in the machine rollup without the gateway, with their sums (docs/performance.md,
-- "50M sales, 20 users"): a records page or statistics of one machine add them up from this index alone,
-- where the machine rollup's rows lie one per day across the table (97 pages from disk for a machine's
-- three months at 50M sales). The sums change with every sale, so the trigger's updates of this rollup
-- are no longer heap-only: a new index entry per sale here and in the key, which a rollup of a few rows
-- per machine and day affords. Built inside the migration: new sales wait for it (seconds at 50M).
CREATE INDEX "revenue_daily_device_device_day_idx" ON "revenue_daily_device" USING btree ("device_id","day") INCLUDE ("merchant_id","place_id","count","total","reward","balance","encore","refund");
