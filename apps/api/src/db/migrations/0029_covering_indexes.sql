-- Sales at scale: the records page from indexes alone (docs/performance.md, "50M sales, 20 users").
-- A page's ids are found in the index that orders them (the merchant's, a place's, a machine's) and
-- only the page's 20 rows are read from the table; the count of the range's sales that are not money
-- is answered by its partial index alone, whatever the filter. Each index carries the columns the
-- page's conditions name (INCLUDE), where it read every row it walked past from the table (a page 50
-- of one place over three months: 970 pages of the table, 1.5 s from disk). The columns included
-- never change after a sale is written (status and purpose are already in the partial index's
-- condition), so updates of a sale stay as they were. On an install with millions of sales each
-- build holds new sales waiting for seconds to minutes (they are written when it ends, none is lost).
DROP INDEX "transactions_not_money_idx";--> statement-breakpoint
CREATE INDEX "transactions_not_money_idx" ON "transactions" USING btree ("merchant_id","created_at") INCLUDE ("status","purpose","place_id","device_id","pay_gateway") WHERE "transactions"."status" = 97 or "transactions"."purpose" <> 'sale';--> statement-breakpoint
DROP INDEX "transactions_place_time_idx";--> statement-breakpoint
CREATE INDEX "transactions_place_time_idx" ON "transactions" USING btree ("place_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("merchant_id");--> statement-breakpoint
DROP INDEX "transactions_device_time_idx";--> statement-breakpoint
CREATE INDEX "transactions_device_time_idx" ON "transactions" USING btree ("device_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("merchant_id");--> statement-breakpoint
DROP INDEX "transactions_merchant_time_idx";--> statement-breakpoint
CREATE INDEX "transactions_merchant_time_idx" ON "transactions" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("pay_gateway","device_id");
