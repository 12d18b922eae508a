-- Sales at scale (docs/performance.md, "50M sales, 20 users"). The records page counted its range's
-- unverified sales and card top-ups by reading every sale of the range (162,783 rows for 670 at 10M
-- sales): a partial index of the sales that are not money serves that count, and the unverified
-- sales' own counts, which the narrower index it replaces served. The place filter walks its place's
-- sales newest first instead of the merchant's. On an install with millions of sales each build holds
-- new sales waiting for a few seconds to minutes (they are written when it ends, none is lost).
CREATE INDEX "transactions_not_money_idx" ON "transactions" USING btree ("merchant_id","created_at") WHERE "transactions"."status" = 97 or "transactions"."purpose" <> 'sale';--> statement-breakpoint
DROP INDEX "transactions_unverified_idx";--> statement-breakpoint
CREATE INDEX "transactions_place_time_idx" ON "transactions" USING btree ("place_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
