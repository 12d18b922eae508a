-- One place's days in the place rollup with what they add up (docs/performance.md, "50M sales, 20
-- users"): a records page's totals or statistics filtered by place read them from the index alone, where
-- the index of 0031 led to a row per place, type, gateway and day across the table (a page from disk for
-- nearly every row of a place's three months once the table has left memory). The sums change with every
-- sale, so the trigger's updates of this rollup are no longer heap-only: one more index entry per sale,
-- which a rollup of a few rows per place and day affords. Built inside the migration: new sales wait for
-- it (about a minute at 50M sales).
DROP INDEX "revenue_daily_place_place_day_idx";--> statement-breakpoint
CREATE INDEX "revenue_daily_place_place_day_idx" ON "revenue_daily_place" USING btree ("place_id","day") INCLUDE ("merchant_id","machine_type","pay_gateway","count","total","reward","balance","encore","refund");
