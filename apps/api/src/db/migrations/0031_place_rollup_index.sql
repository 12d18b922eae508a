-- One place's days in the place rollup (docs/performance.md, "50M sales, 20 users"): a records page or
-- statistics filtered by place read that place's rows of the range, where the primary key walked every
-- place's rows of the merchant's range. Its columns never change once a row is written, so the trigger's
-- updates of a row's sums stay heap-only. Built inside the migration: new sales wait for it (seconds).
CREATE INDEX "revenue_daily_place_place_day_idx" ON "revenue_daily_place" USING btree ("place_id","day");